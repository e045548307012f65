// What a watch page (or a local play page) shows of a game, gathered once per request from the
// services: the players with their ratings, whose turn it is or the result, the clock, the move
// log, and the position the page shows (the current one, or one stepped back to). Only what a
// spectator may see: the public view of the board, members by their display names, no user ids.
import type { GameDefinition, Seat } from '../engine/contract.js';
import { SOURCE_LOCALE, type Speaker } from '../i18n/index.js';
import { formatRating } from '../services/records/glicko.js';
import { historyEntries, reviewPosition, type HistoryEntry } from '../services/records/history.js';
import { boardPicture, resultHeadline, resultReason, seatNameIn } from '../services/boardPicture.js';
import type { Services } from '../services/index.js';
import { seatsOf } from '../services/seats.js';
import { LOCAL_PLAYER, type GameSnapshot } from '../services/types.js';
import { boardAlt, boardDescription } from '../services/boardAlt.js';
import { gameTitle, sayMove, withoutMentions } from '../services/phrases.js';
import { choiceLevel, choiceText } from '../services/moveChoices.js';

/** Display names per seat: members as their server knows them, the AI by its level. */
export type NameSource = (game: GameSnapshot) => Promise<string[]>;

export type MoveLine = {
  number: number;
  who: string;
  notation: string;
  /** The move in words, in the reader's language (an older row: its notation). */
  said: string;
  /** What the move did, in the reader's language. */
  events: string[];
  at: Date;
  cancelled: boolean;
  kind: 'move' | 'undo' | 'takeback';
};

export type GameModel = {
  /** The reader's language: every text of the model is in it. */
  sp: Speaker;
  game: GameSnapshot;
  def: GameDefinition;
  /** The game's name in the reader's language. */
  title: string;
  players: { seat: Seat; seatName: string; name: string; rating: string | null; ai: boolean; toAct: boolean; won: boolean }[];
  /** "Red (alice) to move", or the result, in the reader's language. */
  status: string;
  over: boolean;
  /** When the turn's clock runs out, while one runs. */
  deadlineAt: Date | null;
  moves: MoveLine[];
  /** The position shown: 0 is the start, `last` the current position. */
  index: number;
  last: number;
  /** The move that led to the position shown, in the reader's language (its words, else its notation). */
  lastMove: string | null;
  /** What the board is drawn from, for the position shown. */
  picture: ReturnType<typeof boardPicture>;
  /** The board in words (the image's alt text). */
  alt: string;
  /** The whole position in words (the page's Describe), null for a game with no describer. */
  description: ReturnType<typeof boardDescription>;
  /** The first step's choices of whoever must act, as text (the current position only). */
  choosing: ChoicesShown[];
};

/** One seat's choices at a step: who chooses (a heading), the question, each choice's words ("…" when more steps follow). */
export type ChoicesShown = { heading: string; prompt: string; choices: string[] };

/** A game's name in the reader's language, from its catalog: one home with Discord's and the commands'. */
export { gameTitle } from '../services/phrases.js';

/** Names the web gives itself, in the reader's language: the AI by its level, the local player as "You". */
function namesIn(sp: Speaker, def: GameDefinition, game: GameSnapshot, given: string[]): string[] {
  return game.seats.map((s, seat) => {
    if (s.kind === 'ai') return sp.t('web:player.ai', { level: sp.t(`web:ai.${s.level}`) });
    if (s.userId === LOCAL_PLAYER) return sp.t('web:player.you');
    return given[seat] ?? seatNameIn(sp, def, seat);
  });
}

/** What a move did, in the reader's language; an event with no phrase (an older row) is said in English only to English readers. */
function eventsIn(sp: Speaker, def: GameDefinition, entry: HistoryEntry): string[] {
  return entry.events.flatMap((e) => {
    if (e.phrase) return [sp.say(e.phrase, def.id, e.text)];
    return sp.locale === SOURCE_LOCALE ? [e.text] : [];
  });
}


/**
 * The game as the page's board and alt text tell it: an outcome's English reason without
 * mentions, and none at all for a reader of another language when the outcome has no phrase
 * (the headline then says the result alone).
 */
function shownGame(sp: Speaker, game: GameSnapshot): GameSnapshot {
  const o = game.outcome;
  if (!o || o.reasonPhrase) return game;
  return { ...game, outcome: { ...o, reason: sp.locale === SOURCE_LOCALE ? withoutMentions(o.reason) : '' } };
}

export async function gameModel(services: Services, names: NameSource, game: GameSnapshot, wanted: number | null, sp: Speaker, viewer: Seat | undefined): Promise<GameModel> {
  const def = services.games.defOf(game);
  const [given, log, ratings] = await Promise.all([
    names(game),
    services.records.moveLog(game.id),
    game.guildId && game.seats.length > 1
      ? services.records.ratingsOf(game.guildId, game.gameType, game.seats.flatMap((s) => (s.kind === 'human' ? [s.userId] : [])))
      : Promise.resolve(new Map()),
  ]);
  const playerNames = namesIn(sp, def, game, given);
  const seatName = (seat: Seat) => seatNameIn(sp, def, seat);
  // A solo game's seat may be named as its player is ("You"): said once, not "You (You)".
  const named = (seat: Seat, name: string | undefined) => (name === seatName(seat) ? '' : name ?? '');
  const toAct = game.status === 'ACTIVE' ? def.toAct(game.state) : [];
  const players = game.seats.map((s, seat) => {
    const rating = s.kind === 'human' ? ratings.get(s.userId) : undefined;
    return {
      seat,
      seatName: seatName(seat),
      name: named(seat, playerNames[seat]),
      rating: rating ? formatRating(rating) : null,
      ai: s.kind === 'ai',
      toAct: toAct.includes(seat),
      won: game.outcome?.winners.includes(seat) ?? false,
    };
  });
  const solo = def.seats.max === 1;
  // Beside a seat's name the AI is "AI, easy": "Blue (AI, easy)", never "Blue (AI (easy))".
  const inline = game.seats.map((s, seat) => (s.kind === 'ai' ? sp.t('web:player.aiBeside', { level: sp.t(`web:ai.${s.level}`) }) : named(seat, playerNames[seat])));
  const who = (seat: Seat) => {
    if (solo || !inline[seat]) return players[seat]?.name || seatName(seat);
    return sp.t('services:seat.withPlayer', { seat: seatName(seat), player: inline[seat] });
  };
  const entries = historyEntries(def, game, log);
  const moves: MoveLine[] = entries.map((e) => ({ number: e.number, who: who(e.seat), notation: e.notation, said: sayMove(sp, e.notationPhrase, e.notation), events: eventsIn(sp, def, e), at: e.at, cancelled: e.cancelled, kind: e.kind }));
  const standing = entries.filter((e) => e.kind === 'move' && !e.cancelled);
  const last = standing.length;
  const index = wanted === null ? last : Math.max(0, Math.min(wanted, last));
  const over = game.status === 'FINISHED';
  const status = over ? resultStatus(sp, def, game, inline) : turnStatus(sp, game, toAct, who, solo);
  const picture = index === last
    ? boardPicture(def, shownGame(sp, game), { viewer, players: playerNames, speaker: sp })
    : { gameType: game.gameType, view: reviewPosition(def, game, log, Number.MAX_SAFE_INTEGER, index, viewer).view, opts: { players: playerNames, locale: sp.locale } };
  const lastEntry = index > 0 ? standing[index - 1] : undefined;
  const lastMove = lastEntry ? sayMove(sp, lastEntry.notationPhrase, lastEntry.notation) : null;
  const at = { index, last, lastMove, view: picture.view, players: inline };
  const alt = boardAlt(sp, def, shownGame(sp, game), at);
  const description = boardDescription(sp, def, shownGame(sp, game), at);
  // As Discord's Describe says them to a spectator: whoever must act, and their first step.
  const choosing = index === last && !over ? toAct.flatMap((seat) => {
    const level = choiceLevel(def, game.state, seat, []);
    if (!level.options.length) return [];
    return [{
      heading: sp.t('web:describe.choosing', { who: who(seat) }),
      prompt: sp.sayOr(level.promptPhrase, def.id, level.prompt),
      choices: level.options.map((o) => `${choiceText(o, undefined, { sp, gameId: def.id })}${o.completes ? '' : ' …'}`),
    }];
  }) : [];
  return { sp, game, def, title: gameTitle(sp, def), players, status, over, deadlineAt: over ? null : game.deadlineAt, moves, index, last, lastMove, picture, alt, description, choosing };
}

/**
 * Why a game ended, in the reader's language, without mentions; an outcome with no phrase (an
 * older game) says its reason in English to English readers only.
 */
export function reasonIn(sp: Speaker, def: GameDefinition, game: GameSnapshot): string {
  return withoutMentions(resultReason(def, shownGame(sp, game), sp));
}

/** "Blue (bob) won. Red (alice) resigned." */
function resultStatus(sp: Speaker, def: GameDefinition, game: GameSnapshot, names: string[]): string {
  const result = resultHeadline(def, game, names, sp);
  const reason = reasonIn(sp, def, game);
  return reason ? sp.t('web:status.resultWithReason', { result, reason }) : result;
}

/** "Red (alice) to move"; the local player alone: "You to move". */
function turnStatus(sp: Speaker, game: GameSnapshot, toAct: Seat[], who: (seat: Seat) => string, solo: boolean): string {
  if (!toAct.length) return sp.t('web:status.waiting');
  const local = toAct.length === 1 && seatsOf(game, LOCAL_PLAYER).includes(toAct[0]!);
  if (local && solo) return sp.t('web:status.youToMove');
  return sp.t('web:status.toMove', { count: toAct.length, who: sp.list(toAct.map(who)) });
}
