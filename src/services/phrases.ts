// The services' words. Every text a service makes for a player (a refusal, the reason a game
// ended, a board's headline, a line of the daily) is a phrase of the services' catalog
// (assets/locales/<locale>/services.json) that any front end says in its reader's language; the
// English kept beside it (a GameError's message, an outcome's reason, an event's text) is what the
// en-US catalog says, so the two never differ. Values are data: numbers, ids, mentions (`<@id>`),
// Discord timestamps, typed notation, and nested phrases for a game's own words (its title, a
// seat's name), qualified with their catalog so they say themselves from any namespace.
import type { GameDefinition, Phrase, PhraseValue, Seat, SeatSettingSpec } from '../engine/contract.js';
import { err, type GameError, type Result } from '../engine/result.js';
import { hasText, speaker, type Speaker } from '../i18n/index.js';
import type { GameSnapshot } from './types.js';

export const SERVICES_NS = 'services';
export const ENGLISH: Speaker = speaker('en-US');

/** A text of the services' catalog with its values. */
export function phrase(key: string, values?: Record<string, PhraseValue>): Phrase {
  return values ? { key: `${SERVICES_NS}:${key}`, values } : { key: `${SERVICES_NS}:${key}` };
}

/** A phrase as the en-US catalog says it: the English kept beside it. */
export function english(said: Phrase): string {
  return ENGLISH.say(said, SERVICES_NS);
}

/** A reason a player reads, in English and as a phrase: a refusal not yet wrapped in a Result. */
export type Refusal = Required<Pick<GameError, 'message' | 'phrase'>>;

export function refusal(key: string, values?: Record<string, PhraseValue>): Refusal {
  const said = phrase(key, values);
  return { message: english(said), phrase: said };
}

/** A refused request: `err(code, message, phrase)` with the message the en-US catalog says. */
export function refuse<T = never>(code: string, key: string, values?: Record<string, PhraseValue>): Result<T> {
  const { message, phrase: said } = refusal(key, values);
  return err(code, message, said);
}

/** A member as Discord shows them in a message (the web strips it). */
export const mention = (userId: string) => `<@${userId}>`;

/** A Discord timestamp: each reader sees it in their own language and time zone. */
export const timestamp = (at: Date, style: 'R' | 'f', round: 'floor' | 'ceil' = 'floor') => `<t:${Math[round](at.getTime() / 1000)}:${style}>`;

/** A text no catalog translates (a name, a game's own English when it has no catalog), as a phrase. */
export const plain = (text: string): Phrase => phrase('plain', { text });

/** A game's name as its catalog gives it (`<game id>:title`). */
export function titlePhrase(gameType: string, title?: string): Phrase {
  const key = `${gameType}:title`;
  return hasText(key) ? { key } : plain(title ?? gameType);
}

type SeatNamer = Pick<GameDefinition, 'id'> & Partial<Pick<GameDefinition, 'seatNames'>>;

/** A seat's name as the game's catalog gives it ("Red", "Rot"), else as its definition does, else "Player 2". */
export function seatPhrase(def: SeatNamer, seat: Seat): Phrase {
  const key = `${def.id}:seats.${seat}`;
  if (hasText(key)) return { key };
  const named = def.seatNames?.[seat];
  return named ? plain(named) : phrase('seat.numbered', { number: seat + 1 });
}

/** A seat and who sits in it: "Red (<@1>)", "Blue (AI, easy)". */
export function describeSeatPhrase(def: SeatNamer, game: Pick<GameSnapshot, 'seats'>, seat: Seat): Phrase {
  const name = seatPhrase(def, seat);
  const s = game.seats[seat];
  if (!s) return name;
  return s.kind === 'ai'
    ? phrase('seat.withAi', { seat: name, level: phrase(`ai.${s.level}`) })
    : phrase('seat.withPlayer', { seat: name, player: mention(s.userId) });
}

/** A text of a game's catalog, else its English as the definition gives it. */
const gameText = (key: string, definition: string): Phrase => (hasText(key) ? { key } : plain(definition));

/** A player's setting by its name in the game's catalog ("Defence policy"). */
export const settingLabelPhrase = (def: Pick<GameDefinition, 'id'>, spec: SeatSettingSpec): Phrase =>
  gameText(`${def.id}:settings.${spec.name}.label`, spec.label);

/** A value of a player's setting as the game's catalog says it ("Always strongest"). */
export function settingChoicePhrase(def: Pick<GameDefinition, 'id'>, spec: SeatSettingSpec, value: string): Phrase {
  const choice = spec.choices.find((c) => c.value === value);
  return choice ? gameText(`${def.id}:settings.${spec.name}.choices.${value}.label`, choice.label) : plain(value);
}

/** What a value of a player's setting does ("your strongest unit defends at once"). */
export function settingDescriptionPhrase(def: Pick<GameDefinition, 'id'>, spec: SeatSettingSpec, value: string): Phrase {
  const choice = spec.choices.find((c) => c.value === value);
  return gameText(`${def.id}:settings.${spec.name}.choices.${value}.description`, choice?.description ?? '');
}

/**
 * `said` with every key that names no catalog given `namespace`'s: a game's phrase (its refusal,
 * its prompt) then says itself wherever it is shown, whatever namespace the front end says it in.
 */
export function qualify(said: Phrase, namespace: string): Phrase {
  const key = said.key.includes(':') ? said.key : `${namespace}:${said.key}`;
  if (!said.values) return { key };
  const values: Record<string, PhraseValue> = {};
  for (const [name, value] of Object.entries(said.values)) {
    values[name] = Array.isArray(value) ? value.map((p) => qualify(p, namespace)) : value && typeof value === 'object' ? qualify(value, namespace) : value;
  }
  return { key, values };
}

/** A game's refusal passed on by a service, its phrase qualified with the game's catalog. */
export function gameRefusal<T>(refused: { ok: false; error: GameError }, gameId: string): Result<T> {
  const { code, message, phrase: said } = refused.error;
  return err(code, message, said ? qualify(said, gameId) : undefined);
}

/**
 * A move said in words by its game (`movePhrase`), qualified with the game's catalog so that it
 * says itself from any namespace: kept with the move in the log. Null when the game has no words
 * for it; the move is then read as its notation.
 */
export function movePhraseOf(def: GameDefinition, state: unknown, seat: Seat, move: unknown): Phrase | null {
  if (!def.movePhrase) return null;
  try {
    const said = def.movePhrase(state, seat, move);
    return said ? qualify(said, def.id) : null;
  } catch {
    return null;
  }
}

/** A move's phrase as stored (a JSON column, a field), or null when there is none. */
export function storedPhrase(value: unknown): Phrase | null {
  return value && typeof value === 'object' && typeof (value as Phrase).key === 'string' ? (value as Phrase) : null;
}

/** A move as its reader reads it: its words in their language, else (an older row) its notation. */
export function sayMove(sp: Speaker, said: Phrase | null | undefined, notation: string): string {
  return said ? sp.say(said, SERVICES_NS, notation) : notation;
}

/** A move in a phrase's values: its words when it has them, else its notation. */
export const moveValue = (said: Phrase | null | undefined, notation: string): PhraseValue => said ?? notation;

// The words every front end says alike (Discord, the web, the commands): one home each, here.

/** A game's name in the reader's language ("Würfelreiche"), else the English its definition gives. */
export function gameTitle(sp: Speaker, def: Pick<GameDefinition, 'id' | 'title'>): string {
  return sp.say(titlePhrase(def.id, def.title), SERVICES_NS);
}

/**
 * A refusal of an engine or a service (a GameError) in the reader's language: its phrase when it
 * has one, else the English it came with. `namespace`: the game's id for a refusal that may come
 * from its engine; the services' otherwise.
 */
export function sayRefusal(sp: Speaker, error: { message: string; phrase?: Phrase }, namespace = SERVICES_NS): string {
  return sp.sayOr(error.phrase, namespace, error.message);
}

/**
 * A text for a place that cannot show a mention (a web page, an image, an autocomplete name):
 * "Red (<@1>) resigned" reads "Red resigned", a mention alone goes (a local player's too).
 */
export function withoutMentions(text: string): string {
  return text.replace(/ \(<@!?[\w-]+>\)/g, '').replace(/<@!?[\w-]+>/g, '').replace(/ {2,}/g, ' ').trim();
}
