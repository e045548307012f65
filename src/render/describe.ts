// A board in words, for whoever cannot see it: a screen reader reads it as the image's alt text
// (the web's watch and play pages; Discord's attachment description). What stands on the board
// that decides the game (fortresses taken, territories' health, resources, the score), read from
// the same view the image is drawn from, in the reader's language.
import { formatNumber, joinList, sayOr, t, type Locale } from '../i18n/index.js';

type Described = (view: any, locale: Locale, seatNames: string[]) => string;

const num = (locale: Locale, v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? formatNumber(locale, v) : '?');

const byGame: Record<string, Described> = {
  'siege-master': (v, locale, seats) =>
    t(locale, 'render:describe.siege-master', {
      taken: joinList(locale, seats.map((name, i) => t(locale, 'render:describe.seatCount', { seat: name, n: num(locale, v.captured?.[i]) }))),
      total: num(locale, v.fortressesTotal),
      armies: joinList(locale, seats.map((name, i) => t(locale, 'render:describe.seatCount', { seat: name, n: num(locale, v.armiesLeft?.[i]) }))),
    }),
  'dice-realms': (v, locale, seats) =>
    joinList(locale, (v.realms ?? []).map((r: any, i: number) =>
      t(locale, 'render:describe.dice-realms', {
        seat: seats[i] ?? r.name,
        farms: num(locale, r.territories?.farms?.health),
        city: num(locale, r.territories?.city?.health),
        keep: num(locale, r.territories?.keep?.health),
      }))),
  'kingdoms-siege': (v, locale) => kingdoms(v, locale, 'kingdoms-siege'),
  'kingdoms-solo': (v, locale) => kingdoms(v, locale, 'kingdoms-solo'),
  'two-deck-siege': (v, locale) =>
    t(locale, 'render:describe.two-deck-siege', { score: num(locale, v.score), walls: num(locale, v.walls?.length), killed: num(locale, v.killed) }),
};

function kingdoms(v: any, locale: Locale, game: string): string {
  return joinList(locale, (v.sides ?? []).map((s: any) =>
    t(locale, 'render:describe.kingdoms', {
      // A side's name as the board says it ("You", "Du"), from the game's catalog.
      side: sayOr(locale, s.namePhrase, game, s.name),
      tower: num(locale, s.tower),
      magic: num(locale, s.magic),
      food: num(locale, s.resources?.food),
      mana: num(locale, s.resources?.mana),
      ore: num(locale, s.resources?.ore),
    })));
}

/** What stands on a board of `gameType`, in words; '' for a game this does not know. */
export function describeView(gameType: string, view: object, locale: Locale, seatNames: string[]): string {
  try {
    return byGame[gameType]?.(view, locale, seatNames) ?? '';
  } catch {
    return ''; // a view of another shape: the rest of the description still stands
  }
}
