// The names a message says, in its reader's language: a game's title, a seat, a seat with who sits
// in it, an AI player, a choice of the move tree. Each comes from the game's catalog where it has
// one, else from the definition's English.
import type { GameDefinition, MoveChoice, Seat } from '../../engine/contract.js';
import { hasText, type Speaker } from '../../i18n/index.js';
import { seatNameIn } from '../../services/boardPicture.js';
import type { GameSnapshot } from '../../services/types.js';

export { seatNameIn as seatName };

/** A Discord timestamp's seconds (`<t:…:R>`, shown in each reader's own language and time zone). */
export const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * A text that starts a sentence, with its first letter capital: a game's reason may be worded to
 * follow a colon ("die Burg von Blau fiel …").
 */
export const sentenceStart = (sp: Speaker, text: string) => text.charAt(0).toLocaleUpperCase(sp.locale) + text.slice(1);

/** Markdown bold around a value: the catalogs keep Markdown out of their words. */
export const bold = (text: string) => `**${text}**`;

/** The game's name as its catalog gives it ("Würfelreiche"): one home with the web's and the commands'. */
export { gameTitle } from '../../services/phrases.js';

function aiLevel(sp: Speaker, level: string): string {
  return hasText(`discord:ai.level.${level}`) ? sp.t(`discord:ai.level.${level}`) : level;
}

/** An AI player as a board and a thread name show it: "AI (easy)". */
export function aiName(sp: Speaker, level: string): string {
  return sp.t('discord:ai.name', { level: aiLevel(sp, level) });
}

/** Who sits in a seat, as a message names them: a mention, or "AI, easy". */
export function occupant(sp: Speaker, game: Pick<GameSnapshot, 'seats'>, seat: Seat): string | null {
  const s = game.seats[seat];
  if (!s) return null;
  return s.kind === 'ai' ? sp.t('discord:ai.seat', { level: aiLevel(sp, s.level) }) : `<@${s.userId}>`;
}

/** "Red (<@1>)", "Blue (AI, easy)": a seat and who sits in it. */
export function seatWho(sp: Speaker, def: GameDefinition, game: Pick<GameSnapshot, 'seats'>, seat: Seat): string {
  const name = seatNameIn(sp, def, seat);
  const who = occupant(sp, game, seat);
  return who ? sp.t('services:seat.withPlayer', { seat: name, player: who }) : name;
}

/** A choice of the move tree in the reader's language: its label and meaning from their phrases. */
export function choiceWords(sp: Speaker, def: GameDefinition, o: MoveChoice): { label: string; description?: string } {
  const label = o.phrase ? sp.say(o.phrase, def.id, o.label) : o.label;
  if (o.description === undefined) return { label };
  return { label, description: o.descriptionPhrase ? sp.say(o.descriptionPhrase, def.id, o.description) : o.description };
}

/** A game's text from its own catalog (`settings.defence.label`), else the definition's English. */
export function gameText(sp: Speaker, def: GameDefinition, key: string, english: string): string {
  return hasText(`${def.id}:${key}`) ? sp.t(`${def.id}:${key}`) : english;
}

/**
 * The players' names for an image's alt text, which puts each beside its seat ("Blue (AI,
 * easy)"): members by their display names, the AI by its level.
 */
export function altNames(sp: Speaker, game: Pick<GameSnapshot, 'seats'>, players: string[] | undefined): string[] | undefined {
  if (!players) return undefined;
  return game.seats.map((s, seat) => (s.kind === 'ai' ? (occupant(sp, game, seat) ?? '') : (players[seat] ?? '')));
}

/** "Red (alice)", "Blue (AI, easy)": a seat and its player's name, for plain text. */
export function seatWithName(sp: Speaker, def: GameDefinition, seat: Seat, name: string | undefined): string {
  const seatText = seatNameIn(sp, def, seat);
  return name ? sp.t('services:seat.withPlayer', { seat: seatText, player: name }) : seatText;
}
