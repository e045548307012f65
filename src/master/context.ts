// What every verb of the game master shares: the services below it, the publishers it tells
// (through `publish` and `notify`), and `settle`, which follows every change of a game: its clock
// jobs re-armed for the turn as it now stands, the AI asked for its move when one is owed, and a
// finished daily siege's result recorded and announced.
import type { Logger } from '../config/logger.js';
import type { GameDefinition, Phrase, Seat } from '../engine/contract.js';
import { AI_MARK, type GameSnapshot } from '../services/types.js';
import { HOUR_MS } from '../services/clocks.js';
import type { MoveApplied } from '../services/games.js';
import { describeSeatPhrase, english, phrase } from '../services/phrases.js';
import { isDailyGame } from '../services/daily.js';
import { dailyRules } from '../services/dailyRules.js';
import { createKeyedLock } from '../services/keyedLock.js';
import type { Services } from '../services/index.js';
import type { ChangeOrigin, GameChange, GamePublisher, JobPort, Notice, PublishReceipt } from './port.js';

export type MasterPorts = {
  publishers: GamePublisher[];
  jobs: JobPort;
  log: Logger;
};

export type MasterContext = ReturnType<typeof createMasterContext>;

/** The members who must act now in `game`, but not the one who just moved: who a new board is news to. */
export function freshlyToAct(game: GameSnapshot, mover: string | null): string[] {
  if (game.status !== 'ACTIVE') return [];
  return [...new Set(game.toActUserIds.filter((id) => id !== AI_MARK && id !== mover))];
}

/** "Red (<@1>) played F7 E.", the line a retired board keeps, in any language. */
export function playedPhrase(def: Pick<GameDefinition, 'id'>, game: Pick<GameSnapshot, 'seats'>, seat: Seat, notation: string): Phrase {
  return phrase('headline.played', { seat: describeSeatPhrase(def, game, seat), move: notation });
}

/** The line a retired board keeps, in English. */
export function playedText(m: MoveApplied): string {
  return english(playedPhrase(m.def, m.previous, m.seat, m.notation));
}

export function createMasterContext(services: Services, ports: MasterPorts) {
  const { publishers, jobs, log } = ports;
  const arming = createKeyedLock();

  /**
   * Hands a change to every publisher, together; a publisher that fails is logged and the others
   * go on (the change is saved already). The receipt is that of the front the change came from.
   */
  async function publish(change: GameChange): Promise<PublishReceipt> {
    const receipts = await Promise.all(publishers.map(async (p) => {
      try {
        return { front: p.front, receipt: await p.changed(change) };
      } catch (e) {
        log.warn(`the ${p.front} board of game ${change.game.id} v${change.game.version} could not be shown`, { err: e, gameId: change.game.id });
        return { front: p.front, receipt: { shown: false } };
      }
    }));
    const own = receipts.find((r) => r.front === change.origin?.front) ?? receipts[0];
    return own?.receipt ?? { shown: false };
  }

  async function notify(notice: Notice): Promise<void> {
    await Promise.all(publishers.map((p) => p.notice(notice).catch((e) => log.warn(`a ${notice.kind} notice could not be shown by ${p.front}`, { err: e }))));
  }

  async function graceMs(guildId: string | null): Promise<number> {
    return (await services.settings.guild(guildId)).timeoutGraceHours * HOUR_MS;
  }

  /** The newest version of each running game whose clock was armed here. */
  const newestArmed = new Map<number, number>();

  /**
   * Arms a game's clock jobs from its stored state, one arming per game at a time. A caller's
   * snapshot may be stale (a reminder and a timeout coming due together each re-arm), and the
   * last arming wins: so each reads the game afresh once the one before it is done, unless the
   * snapshot is one a change just saved (`saved`) and no newer one was armed since.
   */
  async function armClock(game: GameSnapshot, saved = false): Promise<void> {
    if (game.clockSeconds === null && !game.deadlineAt) return;
    await arming.run(`clock:${game.id}`, async () => {
      try {
        const known = newestArmed.get(game.id) ?? -1;
        const current = saved && game.version > known ? game : ((await services.games.load(game.id)) ?? game);
        if (current.status === 'ACTIVE') newestArmed.set(game.id, Math.max(known, current.version));
        else newestArmed.delete(game.id);
        if (await jobs.armGame(current, current.timedOutAt ? await graceMs(current.guildId) : 0)) {
          await services.games.markClockArmed(current.id, current.version);
        }
      } catch (e) {
        log.error(`could not arm the clock of game ${game.id}`, { err: e, gameId: game.id });
      }
    });
  }

  /**
   * After any change of a game: its clock follows the new turn, and the AI is asked for its move.
   * `saved`: the snapshot is the one the change just wrote.
   */
  async function settle(game: GameSnapshot, saved = false): Promise<void> {
    await armClock(game, saved);
    if (game.status === 'ACTIVE' && game.toActUserIds.includes(AI_MARK)) {
      await jobs.aiTurn(game).catch((e) => log.error(`could not record the AI move owed in game ${game.id}`, { err: e, gameId: game.id }));
    }
  }

  /** A daily siege that just ended: its result recorded once, and announced when it scored. */
  async function announceDailyResult(game: GameSnapshot): Promise<void> {
    if (game.status !== 'FINISHED' || !isDailyGame(game)) return;
    const result = await services.daily.recordResult(game);
    const a = result?.attempt;
    if (!result?.recorded || !a || !a.ranked || a.score === null || a.turns === null) return;
    const channelId = (await services.settings.guild(a.guildId)).dailyChannelId ?? a.channelId;
    const def = services.games.defOf(game);
    await notify({ kind: 'daily-result', game, def, attempt: { ...a, score: a.score, turns: a.turns }, streak: await services.daily.streakAt(a.userId, a.day), channelId });
  }

  /**
   * Publishes a change and then settles the game: the board first, so that an AI move it asks
   * for posts its own board after this one.
   */
  async function publishAndSettle(change: GameChange): Promise<PublishReceipt> {
    const receipt = await publish(change);
    if (change.game.status === 'FINISHED') {
      await announceDailyResult(change.game).catch((e) => log.warn(`the daily result of game ${change.game.id} could not be announced`, { err: e, gameId: change.game.id }));
    }
    await settle(change.game, true);
    return receipt;
  }

  /**
   * The change that saved moves make (a member's, the AI's, then any the rules forced): a step
   * that keeps the turn changes the board in place; a hand-over gets a new board that mentions
   * whoever must act now; an end gets the final board.
   */
  function changeOfMoves(moves: MoveApplied[], mover: string | null, origin?: ChangeOrigin): GameChange {
    const first = moves[0]!;
    const game = moves[moves.length - 1]!.game;
    const handOver = moves.find((m) => m.handOver);
    if (!handOver) return { kind: 'board-changed', game, previous: first.previous, moves, ping: [], origin };
    return {
      kind: game.status === 'FINISHED' ? 'finished' : 'hand-over',
      game,
      previous: first.previous,
      moves,
      ping: freshlyToAct(game, mover),
      retiredText: playedText(handOver),
      retiredPhrase: playedPhrase(handOver.def, handOver.previous, handOver.seat, handOver.notation),
      origin,
    };
  }

  /** Daily rules of a game, for the master's daily verbs. */
  const rulesOf = (gameType: string) => dailyRules(gameType);

  return { services, jobs, log, publish, notify, settle, publishAndSettle, changeOfMoves, graceMs, armClock, rulesOf };
}
