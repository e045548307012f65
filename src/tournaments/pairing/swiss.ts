// Swiss pairing as one maximum-weight perfect matching over the whole field (perfectMatching.ts),
// rather than bracket by bracket: a matching sees every pairing at once, so "no repeated pair"
// and "colours within ±2" hold whenever any pairing allows them, with no backtracking.
//
// Absolute rules, in this order when they cannot all hold (the second tier below):
//   1. nobody gets a second bye;
//   2. no player's colour difference passes ±2 (colours.ts);
//   3. no two players meet twice.
// Then, as costs, each strictly outweighing all of the next ones together (while the numbers fit
// in exact integers, i.e. fields of some thousands; beyond that only pair by pair):
//   - the bye goes to the lowest-ranked player who has had none;
//   - players meet others on their own score: a pair whose scores differ by d half-points costs d²
//     (floats are few and short);
//   - colour preferences are met (colours.ts);
//   - within a score group, in rating order, the top half meets the bottom half (1 v m/2+1, 2 v m/2+2,
//     as FIDE's Dutch system does), and when a group must float a player down it is its lowest
//     ranked, meeting the highest ranked of the group below.
//
// First tier: the lowest-ranked player without a bye sits out, pairs breaking a rule are left out
// of the graph, and the costs alone weigh the rest. Only when that graph has no perfect matching
// does the second tier run: every pair (and a bye vertex) allowed, each broken rule weighing more
// than everything below it, so that the pairing breaks the fewest rules in the order above.
import { aTakesWhite, colourPreference, MAX_COLOUR_COST, unmetCost, type ColourPreference } from './colours.js';
import { heaviestPerfectMatching } from './perfectMatching.js';
import { compareRank, playerRecords, type PlayerRecord } from './records.js';
import type { Game, Pairing, Player } from './types.js';

/** The usual length of a Swiss: ⌈log2 players⌉ + 1 rounds (1 for a single player, 0 for none). */
export function defaultSwissRounds(playerCount: number): number {
  if (playerCount <= 0) return 0;
  let rounds = 0;
  while (2 ** rounds < playerCount) rounds++;
  return rounds + 1;
}

/**
 * The pairings of Swiss round `round`, from the games of the rounds before it (games of this
 * round or later are ignored). Withdrawn players are left out. Same input, same output.
 */
export function pairSwissRound(players: readonly Player[], games: readonly Game[], round: number): Pairing[] {
  const records = playerRecords(players, games, round);
  const active = players.filter((p) => !p.withdrawn).map((p) => records.get(p.id)!);
  active.sort(compareRank);
  if (active.length === 0) return [];
  if (active.length === 1) return [{ white: active[0]!.player.id, black: null }];

  let byeIndex = -1;
  if (active.length % 2 === 1) {
    for (let i = active.length - 1; i >= 0 && byeIndex < 0; i--) if (active[i]!.byes === 0) byeIndex = i;
  }
  if (active.length % 2 === 0 || byeIndex >= 0) {
    const field = active.filter((_, i) => i !== byeIndex);
    const mate = strictPairing(new Field(field));
    if (mate) return boards(field, mate, byeIndex >= 0 ? active[byeIndex]! : null);
  }
  const field = new Field(active);
  const { mate, bye } = relaxedPairing(field);
  return boards(active, mate, bye >= 0 ? active[bye]! : null);
}

/** Up to this many players, every pair is weighed (exact); above, each player's likely partners. */
const EVERY_PAIR_UP_TO = 160;
/** Likely partners: this many neighbours in the ranking on each side ... */
const NEIGHBOURS = 12;
/** ... and this many on each side of the partner across the score group (1 v m/2+1). */
const ACROSS = 6;

/** The players being paired, best first, with what the costs need about each, in flat arrays. */
class Field {
  readonly size: number;
  private readonly half: Int32Array;
  /** Position in its score group, and that group's size. */
  private readonly position: Int32Array;
  private readonly groupSize: Int32Array;
  /** Colour wanted (0 none, 1 white, 2 black), the cost of not getting it, and the colour required to stay within ±2 (or 0). */
  private readonly wants: Int8Array;
  private readonly unmet: Int32Array;
  private readonly mustHave: Int8Array;
  private readonly met: Uint8Array;
  private readonly scoreWeight: number;
  private readonly colourWeight: number;
  /** The largest cost of one pair. */
  readonly maxCost: number;

  constructor(readonly players: readonly PlayerRecord[]) {
    const n = players.length;
    this.size = n;
    this.half = Int32Array.from(players, (p) => p.halfPoints);
    this.position = new Int32Array(n);
    this.groupSize = new Int32Array(n);
    for (let i = 0; i < n; ) {
      let end = i;
      while (end < n && players[end]!.halfPoints === players[i]!.halfPoints) end++;
      for (let k = i; k < end; k++) {
        this.position[k] = k - i;
        this.groupSize[k] = end - i;
      }
      i = end;
    }
    const prefs = players.map((p) => colourPreference(p.colours));
    const code = (c: ColourPreference['colour']) => (c === 'W' ? 1 : c === 'B' ? 2 : 0);
    this.wants = Int8Array.from(prefs, (p) => code(p.colour));
    this.unmet = Int32Array.from(prefs, unmetCost);
    this.mustHave = Int8Array.from(prefs, (p) => (p.atLimit ? code(p.colour) : 0));
    const index = new Map(players.map((p, i) => [p.player.id, i]));
    this.met = new Uint8Array(n * n);
    players.forEach((p, i) => {
      for (const id of p.met) {
        const j = index.get(id);
        if (j !== undefined) this.met[i * n + j] = 1;
      }
    });
    // Each tier outweighs all the lower ones over a whole matching (pairs = n/2), while that fits
    // in 2^46 (the matching doubles weights and adds two of them); else it outweighs one pair's.
    const pairs = Math.ceil(n / 2);
    const rankMax = 2 * n;
    const spread = n ? this.half[0]! - this.half[n - 1]! : 0;
    let colourWeight = pairs * rankMax + 1;
    let scoreWeight = pairs * (MAX_COLOUR_COST * colourWeight + rankMax) + 1;
    if (spread * spread * scoreWeight >= 2 ** 46) {
      colourWeight = rankMax + 1;
      scoreWeight = MAX_COLOUR_COST * colourWeight + rankMax + 1;
    }
    this.colourWeight = colourWeight;
    this.scoreWeight = scoreWeight;
    this.maxCost = spread * spread * scoreWeight + MAX_COLOUR_COST * colourWeight + rankMax;
  }

  hasMet(i: number, j: number): boolean {
    return this.met[i * this.size + j] === 1;
  }

  /** Both must have the same colour to stay within ±2. */
  breaksColourLimit(i: number, j: number): boolean {
    const c = this.mustHave[i]!;
    return c !== 0 && c === this.mustHave[j];
  }

  /** The cost of pairing i with j (i ranked above j): score, then colours, then rating order. */
  cost(i: number, j: number): number {
    const d = this.half[i]! - this.half[j]!;
    const pi = this.position[i]!;
    const pj = this.position[j]!;
    const rank = d === 0 ? Math.abs(pj - pi - (this.groupSize[i]! >> 1)) : 2 * (this.groupSize[i]! - 1 - pi) + 2 * pj;
    const c = this.wants[i]!;
    const colour = c !== 0 && c === this.wants[j] ? Math.min(this.unmet[i]!, this.unmet[j]!) : 0;
    return d * d * this.scoreWeight + colour * this.colourWeight + rank;
  }

  get weighsEveryPair(): boolean {
    return this.size <= EVERY_PAIR_UP_TO;
  }

  /** Pairs to weigh: all of them in a small field; else rating neighbours, and partners across each score group. */
  candidates(pair: (i: number, j: number) => void): void {
    const n = this.size;
    if (this.weighsEveryPair) {
      for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) pair(i, j);
      return;
    }
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j <= i + NEIGHBOURS && j < n; j++) pair(i, j);
      const half = this.groupSize[i]! >> 1;
      if (this.position[i]! < half) {
        const groupEnd = i - this.position[i]! + this.groupSize[i]!;
        for (let j = i + half - ACROSS; j <= i + half + ACROSS; j++) if (j > i + NEIGHBOURS && j < groupEnd) pair(i, j);
      }
    }
  }
}

/** First tier: no rule broken; null when that is impossible. */
function strictPairing(field: Field): Int32Array | null {
  return heaviestPerfectMatching({
    size: field.size,
    weightOf: (i, j) => (field.hasMet(i, j) || field.breaksColourLimit(i, j) ? null : -field.cost(i, j)),
    candidates: (pair) => field.candidates(pair),
  });
}

/** Second tier: every pair allowed, broken rules weighed; vertex `size` is the bye when the field is odd. */
function relaxedPairing(field: Field): { mate: Int32Array; bye: number } {
  const n = field.size;
  const vertices = n + (n % 2);
  const byeVertex = n % 2 === 1 ? n : -1;
  const pairs = vertices / 2;
  // Soft costs: the bye's rank first (lowest-ranked first), then a pair's cost.
  const byeStep = field.maxCost + 1;
  let softMax = Math.max(field.maxCost, n * byeStep);
  let scale = 1;
  const hardUnits = (soft: number) => {
    const repeat = pairs * soft + 1;
    const colour = pairs * (soft + repeat) + 1;
    const secondBye = pairs * (soft + repeat + colour) + 1;
    return { repeat, colour, secondBye, max: secondBye + colour + repeat + soft };
  };
  let units = hardUnits(softMax);
  while (units.max >= 2 ** 46 && softMax > 1) {
    // Too large to stay exact: coarser soft costs, the rules still strictly first.
    scale /= 2;
    softMax = Math.floor(softMax / 2);
    units = hardUnits(softMax);
  }
  const soft = (x: number) => Math.floor(x * scale);
  const weightOf = (i: number, j: number): number => {
    if (j === byeVertex) {
      const p = field.players[i]!;
      return -((p.byes > 0 ? units.secondBye : 0) + soft((n - 1 - i) * byeStep));
    }
    return -((field.breaksColourLimit(i, j) ? units.colour : 0) + (field.hasMet(i, j) ? units.repeat : 0) + soft(field.cost(i, j)));
  };
  const candidates = (pair: (i: number, j: number) => void) => {
    field.candidates(pair);
    if (byeVertex >= 0) for (let i = 0; i < n; i++) pair(i, byeVertex);
  };
  // Where the candidates are not every pair, the fewest broken rules are found over every pair
  // first (weighing the rules alone, each level above all below: (pairs + 1)² > pairs · (pairs + 2)).
  const coarseWeightOf = (i: number, j: number): number => {
    if (j === byeVertex) return field.players[i]!.byes > 0 ? -((pairs + 1) ** 2) : 0;
    return -((field.breaksColourLimit(i, j) ? pairs + 1 : 0) + (field.hasMet(i, j) ? 1 : 0));
  };
  const mate = heaviestPerfectMatching({ size: vertices, weightOf, candidates, coarseWeightOf: field.weighsEveryPair ? undefined : coarseWeightOf });
  if (!mate) throw new Error('no perfect matching of a complete graph'); // cannot happen: every pair is allowed
  return { mate: mate.subarray(0, n), bye: byeVertex >= 0 ? mate[byeVertex]! : -1 };
}

/** Boards in rank order of their better player, colours allocated, the bye last. */
function boards(field: readonly PlayerRecord[], mate: Int32Array, bye: PlayerRecord | null): Pairing[] {
  const out: Pairing[] = [];
  for (let i = 0; i < field.length; i++) {
    const j = mate[i]!;
    if (j < i || j >= field.length) continue;
    const a = field[i]!;
    const b = field[j]!;
    const aWhite = aTakesWhite(colourPreference(a.colours), colourPreference(b.colours), out.length + 1);
    out.push(aWhite ? { white: a.player.id, black: b.player.id } : { white: b.player.id, black: a.player.id });
  }
  if (bye) out.push({ white: bye.player.id, black: null });
  return out;
}
