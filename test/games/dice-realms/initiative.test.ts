// Initiative for every pairing of unit types, in the rules table and in real combat.
import { describe, expect, it } from 'vitest';
import { initiative, MAX, UNITS, type UnitKind } from '../../../src/games/dice-realms/index.js';
import { act, given } from './scenario.js';

// The ten unordered pairings, with the unit that strikes first ('both' when at once).
const PAIRINGS: [UnitKind, UnitKind, UnitKind | 'both' | 'attacker'][] = [
  ['infantry', 'infantry', 'both'],
  ['ranged', 'ranged', 'both'],
  ['cavalry', 'cavalry', 'both'],
  ['siege', 'siege', 'both'],
  ['infantry', 'ranged', 'attacker'],
  ['cavalry', 'ranged', 'attacker'],
  ['siege', 'ranged', 'attacker'],
  ['infantry', 'siege', 'infantry'],
  ['siege', 'cavalry', 'siege'],
  ['cavalry', 'infantry', 'cavalry'],
];

function expected(attacker: UnitKind, defender: UnitKind): 'attacker' | 'defender' | 'both' {
  const pairing = PAIRINGS.find(([a, b]) => (a === attacker && b === defender) || (a === defender && b === attacker))!;
  const first = pairing[2];
  if (first === 'both' || first === 'attacker') return first;
  return first === attacker ? 'attacker' : 'defender';
}

describe('initiative', () => {
  it('covers all ten pairings once', () => {
    const keys = new Set(PAIRINGS.map(([a, b]) => [a, b].sort().join('+')));
    expect(keys.size).toBe(10);
  });

  for (const attacker of UNITS) {
    for (const defender of UNITS) {
      const first = expected(attacker, defender);
      it(`given ${attacker} attacking ${defender}, then ${first === 'both' ? 'both strike at once' : `the ${first} strikes first`}`, () => {
        expect(initiative(attacker, defender)).toBe(first);
        // Both at 2, every roll a 2: whoever strikes first fells the other, which cannot strike back.
        const faces = first === 'both' ? ['d' + MAX[attacker] + '=2', 'd' + MAX[defender] + '=2'] : ['d' + MAX[first === 'attacker' ? attacker : defender] + '=2'];
        const start = given({ phase: 'spend', red: { [attacker]: 2, food: 1 }, blue: { [defender]: 2 } }, ...faces);
        const { state, events } = act(start, 0, `attack ${attacker} army ${defender}`);
        const strikes = events.filter((e) => e.type === 'roll');
        expect(strikes).toHaveLength(first === 'both' ? 2 : 1);
        expect(state.realms[0][attacker]).toBe(first === 'defender' || first === 'both' ? 0 : 2);
        expect(state.realms[1][defender]).toBe(first === 'attacker' || first === 'both' ? 0 : 2);
        if (first !== 'both') {
          expect(strikes[0]!.seat).toBe(first === 'attacker' ? 0 : 1);
          expect(events.some((e) => e.type === 'no-strike')).toBe(true);
        }
      });
    }
  }

  it('given a first striker that does not fell its target, then the target strikes back at its reduced value', () => {
    // Cavalry 6 strikes Infantry 4 first for 3; the Infantry, now 1, deals 1 without a roll.
    const start = given({ phase: 'spend', red: { cavalry: 6, food: 1 }, blue: { infantry: 4 } }, 'd6=3');
    const { state, events } = act(start, 0, 'attack cavalry army infantry');
    expect([state.realms[0].cavalry, state.realms[1].infantry]).toEqual([5, 1]);
    expect(events.map((e) => e.text).slice(2, 4)).toEqual([
      "Red's Cavalry (6) rolls d6 = 3: Blue's Infantry 4 → 1",
      "Blue's Infantry (1) deals 1 without a roll: Red's Cavalry 6 → 5",
    ]);
  });
});
