// What a board's headline, and the board it retires, say about an event: "Game #4 begins", "Red
// (<@1>) resigned.", "Red (<@1>) played F7 E.". The master words them in English for every front
// end; a board is public, so here they are said again in the server's language from the event
// itself (its game, moves and outcome), and the master's English stays the fallback.
import type { GameDefinition } from '../../engine/contract.js';
import type { Speaker } from '../../i18n/index.js';
import { resultReason } from '../../services/boardPicture.js';
import type { Services } from '../../services/index.js';
import type { BoardEvent, GameStarted } from '../../master/index.js';
import type { GameSnapshot } from '../../services/types.js';
import { stepMove, type TurnStep } from '../views/board.js';
import { gameTitle, seatName, seatWho, sentenceStart } from '../views/words.js';

/** The first board's headline: the game begins (between whom), or the day's daily siege. */
export function startedHeadline(sp: Speaker, def: GameDefinition, game: GameSnapshot, daily?: GameStarted['daily']): string {
  if (daily) return sp.t(daily.ranked ? 'discord:headline.daily' : 'discord:headline.practice', { day: daily.day, game: gameTitle(sp, def) });
  const [first, second] = game.seats;
  if (game.seats.length === 2 && first?.kind === 'human' && second?.kind === 'human') {
    return sp.t('discord:headline.beginsBetween', {
      id: game.id,
      first: `${seatName(sp, def, 0)} <@${first.userId}>`,
      second: `${seatName(sp, def, 1)} <@${second.userId}>`,
    });
  }
  return sp.t('discord:headline.begins', { id: game.id });
}

/** Why a game that ended without a move ended ("Red (<@1>) resigned."), else the master's English. */
function endedText(sp: Speaker, def: GameDefinition, game: GameSnapshot, english: string): string {
  return game.outcome ? sentenceStart(sp, resultReason(def, game, sp)) || english : english;
}

/** The undo or takeback a change without moves stands for: its row in the move log, just written. */
async function cancellation(services: Services, game: GameSnapshot) {
  const [row] = await services.boards.movesAfter(game.id, game.version - 1);
  return row && row.seq === game.version && (row.kind === 'undo' || row.kind === 'takeback') ? row : null;
}

/** The event's headline in `sp`'s language; none when the master gave none. */
export async function headlineOf(services: Services, event: BoardEvent, sp: Speaker): Promise<string | undefined> {
  if (event.type === 'moved') return undefined;
  const english = event.headline;
  if (!english) return undefined;
  const { game } = event;
  const def = services.games.defOf(game);
  if (event.type === 'game-started') return startedHeadline(sp, def, game, event.daily);
  if (event.moves.length) return english;
  if (event.type === 'finished') return endedText(sp, def, game, english);
  const row = await cancellation(services, game);
  if (!row) return english;
  // The row keeps the words of the move it cancelled (older rows: its notation after the kind, "undo F7").
  const values = { who: seatWho(sp, def, event.previous, row.seat), move: stepMove(sp, row) };
  // Undo is a solo game's: its player is "you", not a name in the sentence.
  return row.kind === 'undo'
    ? sp.t(game.seats.length === 1 ? 'discord:headline.undidYou' : 'discord:headline.undid', values)
    : sp.t('discord:headline.tookBack', { ...values, by: row.userId ? `<@${row.userId}>` : '' });
}

/**
 * What a retired board says its turn was: the moves `seat` played among `steps`, in words, "Red
 * (<@1>) played: gather at the Farms · train 2 Ranged · end the turn."; a solo player's "You played: …".
 */
export function turnPlayedText(sp: Speaker, def: GameDefinition, game: GameSnapshot, seat: number, steps: TurnStep[]): string {
  const moves = steps.filter((s) => s.kind === 'move' && s.seat === seat).map((s) => stepMove(sp, s));
  if (!moves.length) return sp.t('discord:retired.newer');
  // A long solo stretch keeps its newest moves, as the board's log does.
  const list = (moves.length > 12 ? ['…', ...moves.slice(-12)] : moves).join(' · ');
  return game.seats.length === 1 ? sp.t('discord:retired.turnYou', { moves: list }) : sp.t('discord:retired.turn', { who: seatWho(sp, def, game, seat), moves: list });
}

/**
 * What the board an event replaces says it became, in `sp`'s language; none when the master said
 * nothing. A hand-over names the turn's moves: `turn`, the steps since that board was posted
 * (without them, the moves of the event itself).
 */
export function retiredTextOf(services: Services, event: BoardEvent, sp: Speaker, turn?: TurnStep[]): string | undefined {
  if (event.type === 'moved' || event.type === 'game-started') return undefined;
  const english = event.retiredText;
  if (!english) return undefined;
  const handOver = event.moves.find((m) => m.handOver);
  if (handOver) return turnPlayedText(sp, handOver.def, handOver.previous, handOver.seat, turn ?? event.moves.flatMap((m) => m.logged));
  if (event.type === 'finished') return endedText(sp, services.games.defOf(event.game), event.game, english);
  return english;
}
