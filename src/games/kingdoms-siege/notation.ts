// Text notation: "split 3 2 1", "start oakhold", "patrol oakhold greyfen", "quest greyfen
// briarwick war 2 mana 1 ore", "build", "research", "expand oakhold", "trade 2 food mana",
// "skip quest", "collect", "collect ruins mana".
import { formatNotAMove, type Result, type Seat } from '../../engine/index.js';
import { allRegions, isAction, notAMove, notText, isResource, paymentsFor, warValue, type Resource, type WarPayment } from '../kingdoms-base/index.js';
import { checkMove, legalMoves, readMove } from './rules.js';
import { PLAYER, type MeepleMove, type SiegeMove, type SiegeState } from './types.js';

function warText(w: WarPayment): string {
  const parts = [w.mana ? `${w.mana} mana` : '', w.ore ? `${w.ore} ore` : ''].filter(Boolean);
  return `war ${parts.join(' ')}`;
}

export function formatMove(_s: SiegeState, _seat: Seat, move: SiegeMove): string {
  const read = readMove(move);
  if (!read.ok) return formatNotAMove(move);
  const m = read.value;
  switch (m.type) {
    case 'split':
      return `split ${m.food} ${m.mana} ${m.ore}`;
    case 'place':
      return `start ${m.region}`;
    case 'patrol':
    case 'quest':
      return `${m.type} ${m.from} ${m.to}${m.war ? ` ${warText(m.war)}` : ''}`;
    case 'build':
    case 'research':
      return m.type;
    case 'expand':
      return `expand ${m.region}`;
    case 'trade':
      return `trade ${m.amount} ${m.from} ${m.to}`;
    case 'skip':
      return `skip ${m.action}`;
    case 'collect':
      return m.ruins ? `collect ruins ${m.ruins}` : 'collect';
  }
}

const VERBS: Record<string, SiegeMove['type']> = {
  split: 'split', start: 'place', place: 'place', setup: 'place',
  patrol: 'patrol', move: 'patrol', march: 'patrol', quest: 'quest', travel: 'quest',
  build: 'build', tower: 'build', research: 'research', magic: 'research', study: 'research',
  expand: 'expand', grow: 'expand', trade: 'trade', exchange: 'trade', swap: 'trade',
  skip: 'skip', pass: 'skip', collect: 'collect', gather: 'collect', harvest: 'collect',
};
const RESOURCE_WORDS: Record<string, Resource> = {
  food: 'food', f: 'food', mana: 'mana', m: 'mana', ore: 'ore', o: 'ore',
};
const FILLER = new Set(['from', 'to', 'into', 'in', 'at', 'the', 'a', 'an', 'for', 'with', 'and', 'on', 'my', 'region', 'then', 'of', 'commit', 'committing', 'pay', 'paying']);

const lookup = <T>(table: Record<string, T>, w: string | undefined): T | undefined =>
  w !== undefined && Object.prototype.hasOwnProperty.call(table, w) ? table[w] : undefined;

/** Region ids and names (without spaces), lower-case, to region id. */
function regionWords(s: SiegeState): Map<string, string> {
  const map = new Map<string, string>();
  for (const r of allRegions(s.board)) {
    map.set(r.id, r.id);
    map.set(r.name.toLowerCase().replace(/[^a-z0-9]/g, ''), r.id);
  }
  return map;
}

/** "2 mana 1 ore", "2m 1o", "1 ore 2 mana" → payment; "5" alone → the value, paid as the list allows. */
function readWar(words: string[]): WarPayment | { value: number } | null {
  const joined = words.join(' ').replace(/(\d+)\s*([mo])\b/g, '$1 $2');
  const tokens = joined.split(' ').filter(Boolean);
  if (tokens.length === 1 && /^\d{1,2}$/.test(tokens[0]!)) return { value: Number(tokens[0]) };
  const out: WarPayment = { mana: 0, ore: 0 };
  const seen = new Set<string>();
  for (let i = 0; i < tokens.length; i += 2) {
    const n = tokens[i]!;
    const r = lookup(RESOURCE_WORDS, tokens[i + 1]);
    if (!/^\d{1,2}$/.test(n) || (r !== 'mana' && r !== 'ore') || seen.has(r)) return null;
    seen.add(r);
    out[r] = Number(n);
  }
  return tokens.length ? out : null;
}

function readPhrase(s: SiegeState, text: string): SiegeMove | null {
  const words = text
    .toLowerCase()
    .replace(/→|->|=>|>|,|\/|\(|\)|\+|=/g, ' ')
    .replace(/[^a-z0-9 ]+/g, '')
    .split(/\s+/)
    .filter((w) => w && !FILLER.has(w));
  if (words.length === 0) return null;
  let verb = lookup(VERBS, words[0]);
  let rest = words.slice(1);
  // "3 2 1" or "3 food 2 mana 1 ore" as a split.
  if (!verb && /^\d$/.test(words[0]!)) {
    verb = 'split';
    rest = words;
  }
  const regions = regionWords(s);
  switch (verb) {
    case 'split': {
      const nums = rest.filter((w) => /^\d+$/.test(w)).map(Number);
      const named = rest.filter((w) => !/^\d+$/.test(w)).map((w) => lookup(RESOURCE_WORDS, w));
      if (nums.length !== 3) return null;
      if (named.length === 0) return { type: 'split', food: nums[0]!, mana: nums[1]!, ore: nums[2]! };
      if (named.length !== 3 || named.some((r) => !r) || new Set(named).size !== 3) return null;
      const by: Record<string, number> = {};
      named.forEach((r, i) => (by[r!] = nums[i]!));
      return { type: 'split', food: by.food!, mana: by.mana!, ore: by.ore! };
    }
    case 'place':
    case 'expand': {
      const id = rest.length === 1 ? regions.get(rest[0]!) : undefined;
      return id ? { type: verb, region: id } : null;
    }
    case 'patrol':
    case 'quest': {
      const warAt = rest.findIndex((w) => w === 'war' || w === 'attack' || w === 'fight');
      const places = warAt >= 0 ? rest.slice(0, warAt) : rest;
      const from = places.length === 2 ? regions.get(places[0]!) : undefined;
      const to = places.length === 2 ? regions.get(places[1]!) : undefined;
      if (!from || !to) return null;
      if (warAt < 0) return { type: verb, from, to };
      const w = readWar(rest.slice(warAt + 1));
      if (!w) return null;
      if ('value' in w) {
        // A bare value is paid the first listed way: with the fewest cubes.
        const legal = legalMoves(s, PLAYER).find(
          (m) => m.type === verb && m.from === from && m.to === to && m.war && warValue(m.war) === w.value,
        ) as MeepleMove | undefined;
        const pay = legal?.war ?? paymentsFor(w.value, s.kingdoms[PLAYER])[0] ?? { mana: 0, ore: w.value };
        return { type: verb, from, to, war: pay };
      }
      return { type: verb, from, to, war: w };
    }
    case 'build':
    case 'research':
      return rest.length === 0 ? { type: verb } : null;
    case 'trade': {
      const nums = rest.filter((w) => /^\d+$/.test(w)).map(Number);
      const res = rest.filter((w) => !/^\d+$/.test(w)).map((w) => lookup(RESOURCE_WORDS, w));
      if (nums.length !== 1 || res.length !== 2 || res.some((r) => !r)) return null;
      return { type: 'trade', from: res[0]!, to: res[1]!, amount: nums[0]! };
    }
    case 'skip': {
      const a = rest[0];
      return rest.length === 1 && isAction(a) ? { type: 'skip', action: a } : null;
    }
    case 'collect': {
      const r = rest.filter((w) => w !== 'ruins' && w !== 'ruin');
      if (r.length === 0) return { type: 'collect' };
      const res = r.length === 1 ? lookup(RESOURCE_WORDS, r[0]) : undefined;
      return res && isResource(res) ? { type: 'collect', ruins: res } : null;
    }
    default:
      return null;
  }
}


/** Accepts what formatMove writes, in any case, and friendly variants ("patrol oakhold → greyfen war 5"). */
export function parseMove(s: SiegeState, seat: Seat, text: string): Result<SiegeMove> {
  if (typeof text !== 'string') return notText();
  const move = text.length <= 200 ? readPhrase(s, text) : null;
  if (!move) return notAMove(text, legalMoves(s, PLAYER).map((m) => formatMove(s, PLAYER, m)), { include: true, named: 6 });
  return checkMove(s, seat, move);
}
