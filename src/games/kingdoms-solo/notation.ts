// The text notation: short phrases such as "patrol oakhold to greyfen", "war 5 with 2 mana 1 ore".
import { formatNotAMove, type Result, type Seat } from '../../engine/index.js';
import { CARD_IDS, FACTION_IDS, FACTIONS, isAction, notAMove, notText, paymentsFor, territory, type Resource } from '../kingdoms-base/index.js';
import { checkMove, legalMoves, readMove } from './rules.js';
import { PLAYER, type SoloMove, type SoloState } from './types.js';

function paymentWords(mana: number, ore: number): string {
  const parts = [mana ? `${mana} mana` : '', ore ? `${ore} ore` : ''].filter(Boolean);
  return parts.length ? ` with ${parts.join(' ')}` : '';
}

export function formatMove(_s: SoloState, _seat: Seat, move: SoloMove): string {
  const read = readMove(move);
  if (!read.ok) return formatNotAMove(move);
  const m = read.value;
  switch (m.type) {
    case 'faction':
      return `faction ${m.faction}`;
    case 'territory':
      return `territory ${m.card}`;
    case 'split':
      return `split ${m.food} food ${m.mana} mana ${m.ore} ore`;
    case 'place':
      return `place ${m.region}`;
    case 'patrol':
    case 'quest':
      return `${m.type} ${m.from} to ${m.to}`;
    case 'build':
    case 'research':
    case 'defeat':
    case 'alliance':
      return m.type;
    case 'expand':
      return `expand ${m.region}`;
    case 'trade':
      return `trade ${m.amount} ${m.from} for ${m.to}`;
    case 'skip':
      return `skip ${m.action}`;
    case 'collect':
      return m.ruins ? `collect ruins ${m.ruins}` : 'collect';
    case 'war':
      return `war ${m.mana * 2 + m.ore}${paymentWords(m.mana, m.ore)}`;
    case 'flag':
      return 'white flag';
  }
}

const FILLER = new Set(['to', 'the', 'for', 'with', 'from', 'into', 'in', 'and', 'of', 'my', 'a', 'an', 'on', 'at', 'then', 'me', 'i', 'up', 'all', 'too', 'it', 'side']);
const VERBS: Record<string, string> = {
  faction: 'faction', lead: 'faction',
  territory: 'territory', card: 'territory', land: 'territory', kingdom: 'territory',
  split: 'split', resources: 'split',
  place: 'place', put: 'place', begin: 'place', start: 'place',
  patrol: 'patrol', move: 'patrol', march: 'patrol', walk: 'patrol',
  quest: 'quest', travel: 'quest', voyage: 'quest',
  build: 'build', tower: 'build',
  research: 'research', magic: 'research', study: 'research',
  expand: 'expand', grow: 'expand',
  trade: 'trade', swap: 'trade', exchange: 'trade',
  skip: 'skip', pass: 'skip',
  collect: 'collect', gather: 'collect', harvest: 'collect',
  war: 'war', commit: 'war', fight: 'war',
  flag: 'flag', white: 'flag', surrender: 'flag', yield: 'flag',
  defeat: 'defeat', crush: 'defeat', beat: 'defeat',
  alliance: 'alliance', ally: 'alliance', peace: 'alliance', allies: 'alliance',
};
const RESOURCE_WORDS: Record<string, Resource> = { food: 'food', mana: 'mana', ore: 'ore', f: 'food', m: 'mana', o: 'ore' };

const has = <T>(table: Record<string, T>, w: string | undefined): T | undefined => (w !== undefined && Object.hasOwn(table, w) ? table[w] : undefined);

/** A faction or card by its id or any word of its name. */
function factionOf(words: string[]): string | undefined {
  return FACTIONS.find((f) => words.length > 0 && words.every((w) => f.id === w || f.name.toLowerCase().split(' ').includes(w)))?.id;
}
function cardOf(words: string[]): string | undefined {
  return CARD_IDS.find((id) => words.length > 0 && words.every((w) => id === w || territory(id, 'A').name.toLowerCase().split(' ').includes(w)));
}

/** Reads a phrase into a move, without judging whether it is legal now. */
function readPhrase(text: string): SoloMove | null {
  const words = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter((w) => w && !FILLER.has(w));
  if (words.length === 0) return null;
  if (FACTION_IDS.includes(words[0]!) && words.length === 1) return { type: 'faction', faction: words[0]! };
  if (CARD_IDS.includes(words[0]!) && words.length === 1) return { type: 'territory', card: words[0]! };
  const verb = has(VERBS, words[0]);
  const rest = words.slice(1);
  const numbers = rest.filter((w) => /^\d{1,2}$/.test(w)).map(Number);
  switch (verb) {
    case 'faction': {
      const f = factionOf(rest);
      return f ? { type: 'faction', faction: f } : null;
    }
    case 'territory': {
      const c = cardOf(rest);
      return c ? { type: 'territory', card: c } : null;
    }
    case 'split': {
      const amounts: Partial<Record<Resource, number>> = {};
      for (let i = 0; i + 1 < rest.length; i += 2) {
        const [a, b] = [rest[i]!, rest[i + 1]!];
        const r = has(RESOURCE_WORDS, b) ?? has(RESOURCE_WORDS, a);
        const n = /^\d+$/.test(a) ? Number(a) : /^\d+$/.test(b) ? Number(b) : NaN;
        if (!r || Number.isNaN(n)) return null;
        amounts[r] = n;
      }
      if (rest.length === 3 && numbers.length === 3) return { type: 'split', food: numbers[0]!, mana: numbers[1]!, ore: numbers[2]! };
      if (rest.length % 2 === 1 || rest.length === 0) return null;
      return { type: 'split', food: amounts.food ?? 0, mana: amounts.mana ?? 0, ore: amounts.ore ?? 0 };
    }
    case 'place':
    case 'expand':
      return rest.length === 1 ? { type: verb, region: rest[0]! } : null;
    case 'patrol':
    case 'quest':
      return rest.length === 2 ? { type: verb, from: rest[0]!, to: rest[1]! } : null;
    case 'build':
    case 'research':
    case 'defeat':
    case 'alliance':
    case 'flag':
      if (verb === 'flag' && (rest.length === 0 || (rest.length === 1 && rest[0] === 'flag'))) return { type: 'flag' };
      return rest.length === 0 ? ({ type: verb } as SoloMove) : null;
    case 'trade': {
      const rs = rest.filter((w) => has(RESOURCE_WORDS, w)).map((w) => RESOURCE_WORDS[w]!);
      if (numbers.length !== 1 || rs.length !== 2 || rest.length !== 3) return null;
      return { type: 'trade', from: rs[0]!, to: rs[1]!, amount: numbers[0]! };
    }
    case 'skip': {
      const a = rest[0];
      return rest.length === 1 && isAction(a) ? { type: 'skip', action: a } : null;
    }
    case 'collect': {
      const r = rest.filter((w) => w !== 'ruins' && w !== 'resources');
      if (r.length === 0) return { type: 'collect' };
      const res = has(RESOURCE_WORDS, r[0]);
      return r.length === 1 && res ? { type: 'collect', ruins: res } : null;
    }
    case 'war': {
      if (rest.length === 1 && (rest[0] === 'flag' || rest[0] === 'white')) return { type: 'flag' };
      if (rest[0] === 'white' && rest[1] === 'flag' && rest.length === 2) return { type: 'flag' };
      if (!/^\d{1,2}$/.test(rest[0] ?? '')) return null;
      const value = Number(rest[0]);
      const pay = { mana: 0, ore: 0 };
      const tail = rest.slice(1);
      if (tail.length === 0) {
        // "war 5": the fewest cubes that make 5, if the player has them (checked later).
        const fewest = paymentsFor(value, { mana: 99, ore: 99 })[0];
        return fewest ? { type: 'war', ...fewest } : null;
      }
      if (tail.length % 2 === 1) return null;
      for (let i = 0; i < tail.length; i += 2) {
        const [a, b] = [tail[i]!, tail[i + 1]!];
        const r = has(RESOURCE_WORDS, b) ?? has(RESOURCE_WORDS, a);
        const n = /^\d+$/.test(a) ? Number(a) : /^\d+$/.test(b) ? Number(b) : NaN;
        if (r !== 'mana' && r !== 'ore') return null;
        if (Number.isNaN(n)) return null;
        pay[r] = n;
      }
      return pay.mana * 2 + pay.ore === value ? { type: 'war', ...pay } : null;
    }
    default:
      return null;
  }
}

/** "war 5" means the fewest cubes the player has: the most Mana that fits. */
function fitWar(s: SoloState, m: SoloMove, text: string): SoloMove {
  if (m.type !== 'war' || /mana|ore|\bm\b|\bo\b/i.test(text)) return m;
  const p = paymentsFor(m.mana * 2 + m.ore, s.kingdoms[PLAYER])[0];
  return p ? { type: 'war', mana: p.mana, ore: p.ore } : m;
}


/** Accepts what `formatMove` writes and friendly variants ("patrol oakhold greyfen", "war 5"). */
export function parseMove(s: SoloState, seat: Seat, text: string): Result<SoloMove> {
  if (typeof text !== 'string') return notText();
  const move = text.length <= 200 ? readPhrase(text) : null;
  if (!move) return notAMove(text, legalMoves(s, seat).map((m) => formatMove(s, seat, m)));
  return checkMove(s, seat, fitWar(s, move, text));
}
