// Every component's customId says what it does, for which game, at which state version:
//   s1:<action>:<id>[:<version>[:<more>…]]
// "s1" versions the format itself, so buttons from an older release can be recognised.
// Parsing never throws: anything unrecognised is `null` and is answered as an unknown button.

export const CUSTOM_ID_MAX = 100;
const PREFIX = 's1';

export type ComponentAction =
  /** Choose along the move tree; a select menu appends its chosen value to `path`. */
  | { kind: 'move'; gameId: number; version: number; path: string[] }
  /** Show another page of the choices at `path`. */
  | { kind: 'page'; gameId: number; version: number; page: number; path: string[] }
  | { kind: 'resign'; gameId: number; version: number }
  | { kind: 'resign-confirm'; gameId: number; version: number }
  /** An opponent claims the win after the other player's clock ran out. */
  | { kind: 'claim'; gameId: number; version: number }
  /** A finished two-member game: challenge the other player again, colours swapped. */
  | { kind: 'rematch'; gameId: number }
  /** A finished game: its animated replay, sent privately (drawn on the first request). */
  | { kind: 'replay'; gameId: number }
  | { kind: 'accept'; challengeId: number }
  | { kind: 'decline'; challengeId: number }
  /** A tournament's sign-up message: join, or leave, its roster. */
  | { kind: 'tournament-join'; tournamentId: number }
  | { kind: 'tournament-leave'; tournamentId: number }
  /** Confirmations, asked privately: withdraw from a running tournament, or (its organiser) cancel one. */
  | { kind: 'tournament-withdraw'; tournamentId: number }
  | { kind: 'tournament-cancel'; tournamentId: number }
  /** An arena's deal: its player begins it in a private thread. */
  | { kind: 'tournament-play'; tournamentId: number; deal: number }
  /** Records: a page of a game's move history. */
  | { kind: 'history'; gameId: number; page: number }
  /** Records: a review steps to position `index` of at most `upTo`; `button` keeps the ids of ⏮ ◀ ▶ ⏭ apart. */
  | { kind: 'review'; gameId: number; upTo: number; index: number; button: ReviewButton }
  /** Solo games: undo the player's last move (of the board at `version`). */
  | { kind: 'undo'; gameId: number; version: number }
  /** Two-player games: the mover asks to take back the move that made `version`; the opponent answers. */
  | { kind: 'takeback-ask'; gameId: number; version: number }
  | { kind: 'takeback-accept'; gameId: number; version: number }
  | { kind: 'takeback-decline'; gameId: number; version: number }
  /**
   * A player's own settings in a game (not moves, so no version): without `name`, the private
   * panel that shows them; with `name` and `value`, the change.
   */
  | { kind: 'settings'; gameId: number; name?: string; value?: string }
  /** The position of the board at `version` in words, answered privately (the Describe button). */
  | { kind: 'describe'; gameId: number; version: number }
  /** "Play on the board": opens the Activity (README, "Activity") in the game's thread; no version, it shows the game as it stands. */
  | { kind: 'activity'; gameId: number };

/** The tournament actions. */
export type TournamentAction = Extract<ComponentAction, { kind: 'tournament-join' | 'tournament-leave' | 'tournament-withdraw' | 'tournament-cancel' | 'tournament-play' }>;

export const REVIEW_BUTTONS = ['f', 'p', 'n', 'l'] as const;
export type ReviewButton = (typeof REVIEW_BUTTONS)[number];

const CODES = {
  move: 'mv',
  page: 'pg',
  resign: 'rs',
  'resign-confirm': 'rc',
  claim: 'cw',
  rematch: 'rm',
  replay: 'rp',
  accept: 'ca',
  decline: 'cd',
  'tournament-join': 'tj',
  'tournament-leave': 'tl',
  'tournament-withdraw': 'tw',
  'tournament-cancel': 'tc',
  'tournament-play': 'tp',
  history: 'hs',
  review: 'rv',
  undo: 'ud',
  'takeback-ask': 'tq',
  'takeback-accept': 'ta',
  'takeback-decline': 'tx',
  settings: 'se',
  describe: 'ds',
  activity: 'ac',
} as const;

export function encodeCustomId(a: ComponentAction): string {
  const parts: (string | number)[] = [PREFIX, CODES[a.kind]];
  switch (a.kind) {
    case 'move': parts.push(a.gameId, a.version, ...a.path); break;
    case 'page': parts.push(a.gameId, a.version, a.page, ...a.path); break;
    case 'resign':
    case 'resign-confirm':
    case 'claim':
    case 'undo':
    case 'takeback-ask':
    case 'takeback-accept':
    case 'takeback-decline':
    case 'describe': parts.push(a.gameId, a.version); break;
    case 'history': parts.push(a.gameId, a.page); break;
    case 'rematch':
    case 'replay':
    case 'activity': parts.push(a.gameId); break;
    case 'review': parts.push(a.gameId, a.upTo, a.index, a.button); break;
    case 'accept':
    case 'decline': parts.push(a.challengeId); break;
    case 'tournament-join':
    case 'tournament-leave':
    case 'tournament-withdraw':
    case 'tournament-cancel': parts.push(a.tournamentId); break;
    case 'tournament-play': parts.push(a.tournamentId, a.deal); break;
    case 'settings': parts.push(a.gameId, ...(a.name !== undefined && a.value !== undefined ? [a.name, a.value] : [])); break;
  }
  const id = parts.join(':');
  if (id.length > CUSTOM_ID_MAX) throw new Error(`customId too long (${id.length}): ${id}`);
  return id;
}

const int = (s: string | undefined): number | null =>
  s !== undefined && /^\d{1,10}$/.test(s) && Number(s) <= 2_147_483_647 ? Number(s) : null;

const KEY = /^[^:]{1,16}$/;

export function decodeCustomId(id: string): ComponentAction | null {
  if (typeof id !== 'string' || id.length > CUSTOM_ID_MAX) return null;
  const [prefix, code, ...rest] = id.split(':');
  if (prefix !== PREFIX) return null;
  const a = int(rest[0]);
  const b = int(rest[1]);
  switch (code) {
    case 'mv': {
      const path = rest.slice(2);
      return a && b !== null && path.every((k) => KEY.test(k)) ? { kind: 'move', gameId: a, version: b, path } : null;
    }
    case 'pg': {
      const page = int(rest[2]);
      const path = rest.slice(3);
      return a && b !== null && page !== null && path.every((k) => KEY.test(k))
        ? { kind: 'page', gameId: a, version: b, page, path }
        : null;
    }
    case 'rs':
    case 'rc':
      return a && b !== null && rest.length === 2 ? { kind: code === 'rs' ? 'resign' : 'resign-confirm', gameId: a, version: b } : null;
    case 'cw':
      return a && b !== null && rest.length === 2 ? { kind: 'claim', gameId: a, version: b } : null;
    case 'ds':
      return a && b !== null && rest.length === 2 ? { kind: 'describe', gameId: a, version: b } : null;
    case 'ca':
    case 'cd':
      return a && rest.length === 1 ? { kind: code === 'ca' ? 'accept' : 'decline', challengeId: a } : null;
    case 'ud':
    case 'tq':
    case 'ta':
    case 'tx': {
      const kind = ({ ud: 'undo', tq: 'takeback-ask', ta: 'takeback-accept', tx: 'takeback-decline' } as const)[code];
      return a && b !== null && rest.length === 2 ? { kind, gameId: a, version: b } : null;
    }
    case 'rm':
    case 'rp':
      return a && rest.length === 1 ? { kind: code === 'rm' ? 'rematch' : 'replay', gameId: a } : null;
    case 'ac':
      return a && rest.length === 1 ? { kind: 'activity', gameId: a } : null;
    case 'se':
      if (!a) return null;
      if (rest.length === 1) return { kind: 'settings', gameId: a };
      return rest.length === 3 && KEY.test(rest[1]!) && KEY.test(rest[2]!) ? { kind: 'settings', gameId: a, name: rest[1], value: rest[2] } : null;
    case 'hs':
      return a && b !== null && rest.length === 2 ? { kind: 'history', gameId: a, page: b } : null;
    case 'tj':
    case 'tl':
    case 'tw':
    case 'tc': {
      const kind = ({ tj: 'tournament-join', tl: 'tournament-leave', tw: 'tournament-withdraw', tc: 'tournament-cancel' } as const)[code];
      return a && rest.length === 1 ? { kind, tournamentId: a } : null;
    }
    case 'tp':
      return a && b && rest.length === 2 ? { kind: 'tournament-play', tournamentId: a, deal: b } : null;
    case 'rv': {
      const index = int(rest[2]);
      const button = REVIEW_BUTTONS.find((k) => k === rest[3]);
      return a && b !== null && index !== null && button && rest.length === 4 ? { kind: 'review', gameId: a, upTo: b, index, button } : null;
    }
    default:
      return null;
  }
}
