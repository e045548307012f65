// What a watch page (or a local play page) shows of a game, gathered once per request from the
// services: the players with their ratings, whose turn it is or the result, the clock, the move
// log, and the position the page shows (the current one, or one stepped back to). Only what a
// spectator may see: the public view of the board, members by their display names, no user ids.
import type { GameDefinition, Seat } from '../engine/contract.js';
import { speaker, type Locale } from '../i18n/index.js';
import { formatRating } from '../services/records/glicko.js';
import { historyEntries, reviewPosition } from '../services/records/history.js';
import { boardPicture, resultHeadline } from '../services/boardPicture.js';
import { seatName } from '../services/games.js';
import type { Services } from '../services/index.js';
import type { GameSnapshot } from '../services/types.js';
import { boardAlt } from '../services/boardAlt.js';

/** Display names per seat: members as their server knows them, the AI by its level. */
export type NameSource = (game: GameSnapshot) => Promise<string[]>;

export type MoveLine = { number: number; who: string; notation: string; at: Date; cancelled: boolean; kind: 'move' | 'undo' | 'takeback' };

export type GameModel = {
  game: GameSnapshot;
  def: GameDefinition;
  players: { seat: Seat; seatName: string; name: string; rating: string | null; ai: boolean; toAct: boolean; won: boolean }[];
  /** "Red (alice) to move", or the result. */
  status: string;
  over: boolean;
  /** When the turn's clock runs out, while one runs. */
  deadlineAt: Date | null;
  moves: MoveLine[];
  /** The position shown: 0 is the start, `last` the current position. */
  index: number;
  last: number;
  /** The notation of the move that led to the position shown. */
  lastMove: string | null;
  /** What the board is drawn from, for the position shown. */
  picture: ReturnType<typeof boardPicture>;
  /** The board in words (the image's alt text). */
  alt: string;
};

export async function gameModel(services: Services, names: NameSource, game: GameSnapshot, wanted: number | null, locale: Locale, viewer: Seat | undefined): Promise<GameModel> {
  const def = services.games.defOf(game);
  const [playerNames, log, ratings] = await Promise.all([
    names(game),
    services.records.moveLog(game.id),
    game.guildId && game.seats.length > 1
      ? services.records.ratingsOf(game.guildId, game.gameType, game.seats.flatMap((s) => (s.kind === 'human' ? [s.userId] : [])))
      : Promise.resolve(new Map()),
  ]);
  const toAct = game.status === 'ACTIVE' ? def.toAct(game.state) : [];
  const players = game.seats.map((s, seat) => {
    const rating = s.kind === 'human' ? ratings.get(s.userId) : undefined;
    return {
      seat,
      seatName: seatName(def, seat),
      name: playerNames[seat] ?? seatName(def, seat),
      rating: rating ? formatRating(rating) : null,
      ai: s.kind === 'ai',
      toAct: toAct.includes(seat),
      won: game.outcome?.winners.includes(seat) ?? false,
    };
  });
  const who = (seat: Seat) => (def.seats.max === 1 ? players[seat]?.name ?? seatName(def, seat) : `${seatName(def, seat)} (${players[seat]?.name ?? '?'})`);
  const entries = historyEntries(def, game, log);
  const moves: MoveLine[] = entries.map((e) => ({ number: e.number, who: who(e.seat), notation: e.notation, at: e.at, cancelled: e.cancelled, kind: e.kind }));
  const standing = entries.filter((e) => e.kind === 'move' && !e.cancelled);
  const last = standing.length;
  const index = wanted === null ? last : Math.max(0, Math.min(wanted, last));
  const over = game.status === 'FINISHED';
  const status = over
    ? resultHeadline(def, game, playerNames) + (game.outcome?.reason ? `. ${game.outcome.reason.replace(/ \(<@!?\d+>\)/g, '').replace(/<@!?\d+>/g, '')}` : '')
    : toAct.length
      ? `${toAct.map(who).join(' and ')} to move`
      : 'Waiting';
  const picture = index === last
    ? boardPicture(def, game, { viewer, players: playerNames })
    : { gameType: game.gameType, view: reviewPosition(def, game, log, Number.MAX_SAFE_INTEGER, index, viewer).view, opts: { players: playerNames } };
  const lastMove = index > 0 ? (standing[index - 1]?.notation ?? null) : null;
  const alt = boardAlt(speaker(locale), def, game, { index, last, lastMove, view: picture.view, players: playerNames });
  return { game, def, players, status, over, deadlineAt: over ? null : game.deadlineAt, moves, index, last, lastMove, picture, alt };
}
