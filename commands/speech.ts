// What the commands say, in a reader's language (commands.json): refusals from the engines and the
// services, a game's own words from its catalog, commands named as the reader's client shows them,
// clocks and durations.
import type { GameDefinition } from '../src/engine/contract.js';
import { hasText, type Speaker } from '../src/i18n/index.js';
import { CLOCK_CHOICES, timeLeft } from '../src/services/clocks.js';

/** A refusal (a service's, the adapter's, or a game's with its id as `namespace`) in the reader's language: one home with Discord's and the web's. */
export { sayRefusal as refusal, gameTitle } from '../src/services/phrases.js';

/** A text of a game's catalog (`title`, `summary`, `rules`…), else the English its definition gives (a game without a catalog). */
export function gameText(sp: Speaker, def: GameDefinition, key: string, english: string): string {
  return hasText(`${def.id}:${key}`) ? sp.t(`${def.id}:${key}`) : english;
}


/**
 * A command as the reader's client shows it, from the catalogs' names: `path` holds keys of
 * commands.json (`['daily', 'daily.play']` → "/siege daily play", "/siege tagesbelagerung spielen").
 */
export function commandText(sp: Speaker, ...path: string[]): string {
  return ['/siege', ...path.map((key) => sp.t(`commands:${key}.name`))].join(' ');
}

/** `/siege start <game>` as the reader's client shows it. */
export function startCommandText(sp: Speaker, def: GameDefinition): string {
  return `${commandText(sp, 'start')} ${gameText(sp, def, 'command', def.id)}`;
}

/** A move clock as players pick it: "2 days per move", "no clock". */
export function clockName(sp: Speaker, choice: string): string {
  if (choice === 'none') return sp.t('commands:clock.none');
  const days = Number.parseInt(choice, 10);
  return sp.t('commands:clock.days', { count: days, days: sp.number(days) });
}

/** Every clock choice with its name in the reader's language. */
export function clockChoices(sp: Speaker): { name: string; value: string }[] {
  return CLOCK_CHOICES.map((c) => ({ name: clockName(sp, c), value: c as string }));
}

const MINUTE_MS = 60_000;
const HOUR_MINUTES = 60;
const DAY_MINUTES = 1440;

/** A setting's length of time as set: "24 h", "2 d", "90 min". */
export function durationText(sp: Speaker, ms: number): string {
  const minutes = Math.round(ms / MINUTE_MS);
  if (minutes % DAY_MINUTES === 0) return sp.t('commands:time.days', { n: sp.number(minutes / DAY_MINUTES) });
  if (minutes % HOUR_MINUTES === 0) return sp.t('commands:time.hours', { n: sp.number(minutes / HOUR_MINUTES) });
  return sp.t('commands:time.minutes', { n: sp.number(minutes) });
}

/** The time left before `at`: "2 d 3 h", "5 h", "12 min", or "out of time" (one home with Discord's: services/clocks.ts). */
export const timeLeftText = (sp: Speaker, at: Date, now: Date): string => timeLeft(at, now, sp);

/** An AI's level as `ai:` offers it: "easy", "leicht". */
export function aiLevelText(sp: Speaker, level: string): string {
  const key = `commands:start.ai.choices.${level}`;
  return hasText(key) ? sp.t(key) : level;
}

/** An AI player as lists name it: "AI (easy)". */
export function aiText(sp: Speaker, level: string): string {
  return sp.t('commands:aiPlayer', { level: aiLevelText(sp, level) });
}

/** "AI (easy)" as the records give an AI opponent, in the reader's language; a member's mention as it is. */
export function opponentText(sp: Speaker, opponent: string): string {
  const ai = /^AI \((\w+)\)$/.exec(opponent);
  return ai ? aiText(sp, ai[1]!) : opponent;
}

export const unix = (d: Date): number => Math.floor(d.getTime() / 1000);
