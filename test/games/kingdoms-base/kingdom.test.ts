// Kingdom tracks, caps, the six actions, collecting, war arithmetic and base scoring.
import { describe, expect, it } from 'vitest';
import {
  addMeeples,
  bonusText,
  build,
  buildCost,
  canBuild,
  canResearch,
  collect,
  collectGains,
  commitments,
  emptyActionCard,
  expand,
  expandCost,
  expandRegions,
  FACTIONS,
  factionById,
  factionBonusVp,
  freeActions,
  gain,
  maxCommitment,
  newBoard,
  newKingdom,
  onMap,
  patrolSteps,
  payFewestCubes,
  payManaFirst,
  paymentsFor,
  placeShield,
  questSteps,
  research,
  roundComplete,
  baseScore,
  trade,
  tradeLimit,
  warValue,
  warWinner,
  buildKingdomsView,
  type BoardState,
} from '../../../src/games/kingdoms-base/index.js';

/** Ashfen Vale side A (slot 0, side 0) beside Thornmoor side B (slot 1, side 1). */
function board(place: Record<string, [number, number]>): BoardState {
  let b = newBoard([
    { id: 'ashfen', side: 'A', owner: 0 },
    { id: 'thornmoor', side: 'B', owner: 1 },
  ]);
  for (const [id, [a, e]] of Object.entries(place)) {
    if (a) b = addMeeples(b, id, 0, a);
    if (e) b = addMeeples(b, id, 1, e);
  }
  return b;
}

describe('resources and caps', () => {
  it('resources never go above 9; the overflow is reported lost', () => {
    const { kingdom, lost } = gain(newKingdom({ food: 8, mana: 9, ore: 0 }), { food: 3, mana: 1, ore: 2 });
    expect([kingdom.food, kingdom.mana, kingdom.ore]).toEqual([9, 9, 2]);
    expect(lost).toEqual({ food: 2, mana: 1, ore: 0 });
  });

  it('the next tower level costs Ore equal to its number, up to level 6', () => {
    const k = newKingdom({ ore: 9 }, 3);
    expect(buildCost(k)).toBe(4);
    const k2 = build(k);
    expect([k2.tower, k2.ore]).toEqual([4, 5]);
    expect(canBuild(newKingdom({ ore: 3 }, 3))).toBe(false);
    expect(buildCost(newKingdom({ ore: 9 }, 6))).toBeNull();
    expect(canBuild(newKingdom({ ore: 9 }, 6))).toBe(false);
  });

  it('the next magic level costs Mana equal to its number, up to level 5', () => {
    const k = research(newKingdom({ mana: 2 }, 0, 1));
    expect([k.magic, k.mana]).toEqual([2, 0]);
    expect(canResearch(newKingdom({ mana: 9 }, 0, 5))).toBe(false);
    expect(canResearch(newKingdom({ mana: 4 }, 0, 4))).toBe(false);
    expect(canResearch(newKingdom({ mana: 5 }, 0, 4))).toBe(true);
  });

  it('trade is 1:1 and never worth more than fits under the cap', () => {
    const k = newKingdom({ food: 5, mana: 7, ore: 0 });
    expect(tradeLimit(k, 'food', 'mana')).toBe(2);
    expect(tradeLimit(k, 'food', 'ore')).toBe(5);
    expect(tradeLimit(k, 'ore', 'food')).toBe(0);
    const t = trade(k, 'food', 'ore', 3);
    expect([t.food, t.mana, t.ore]).toEqual([2, 7, 3]);
  });
});

describe('meeples on the board', () => {
  it('patrol goes to adjacent regions of the same card with room; a foe there means war', () => {
    const b = board({ oakhold: [2, 0], kingsmere: [1, 1], redcliff: [0, 2] });
    const steps = patrolSteps(b, 0);
    expect(steps.filter((s) => s.from === 'oakhold').map((s) => s.to)).toEqual(['greyfen']);
    expect(steps.filter((s) => s.from === 'kingsmere').map((s) => s.to)).toEqual(['barrow', 'hollowood', 'saltmarsh']);
    const b2 = board({ oakhold: [1, 0], kingsmere: [0, 1] });
    expect(patrolSteps(b2, 0).find((s) => s.to === 'kingsmere')).toEqual({ from: 'oakhold', to: 'kingsmere', opponents: [1] });
  });

  it('quest goes from a border region to a border region of another card', () => {
    const b = board({ greyfen: [1, 0], oakhold: [1, 0], briarwick: [0, 1], blackpine: [0, 2] });
    const steps = questSteps(b, 0);
    expect(steps.every((s) => s.from === 'greyfen')).toBe(true);
    expect(steps.map((s) => s.to)).toEqual(['briarwick', 'flintridge', 'cragfall']);
    expect(steps[0]!.opponents).toEqual([1]);
  });

  it('expand pays Food equal to the meeples on the map after expanding, into a region holding exactly one', () => {
    const b = board({ oakhold: [2, 0], greyfen: [1, 0], barrow: [1, 1] });
    const k = newKingdom({ food: 4 }, 0, 0, 3);
    expect(expandCost(b, 0)).toBe(5);
    expect(expandRegions(b, 0, k)).toEqual([]);
    const rich = { ...k, food: 6 };
    expect(expandRegions(b, 0, rich)).toEqual(['greyfen']);
    const done = expand(b, 0, rich, 'greyfen');
    expect(onMap(done.board, 0)).toBe(5);
    expect([done.kingdom.food, done.kingdom.meeplesInSupply, done.cost]).toEqual([1, 2, 5]);
    expect(expandRegions(b, 0, { ...rich, meeplesInSupply: 0 })).toEqual([]);
  });

  it('collect gives 1 per occupied region, Ruins at the owner\'s choice, Capital nothing', () => {
    const b = board({ oakhold: [2, 0], greyfen: [1, 0], barrow: [1, 0], kingsmere: [1, 0], flintridge: [1, 0] });
    expect(collectGains(b, 0, 'ore')).toEqual({ food: 1, mana: 1, ore: 2 });
    expect(collectGains(b, 0)).toEqual({ food: 2, mana: 1, ore: 1 });
    const r = collect(b, 0, newKingdom({ food: 9, mana: 8 }), 'mana');
    expect([r.kingdom.food, r.kingdom.mana, r.kingdom.ore]).toEqual([9, 9, 1]);
    expect(r.lost).toEqual({ food: 1, mana: 1, ore: 0 });
  });
});

describe('war arithmetic', () => {
  it('Mana counts 2, Ore 1, at most 11', () => {
    expect(warValue({ mana: 3, ore: 2 })).toBe(8);
    expect(maxCommitment(newKingdom({ mana: 6, ore: 5 }))).toBe(11);
    expect(maxCommitment(newKingdom({ mana: 2, ore: 3 }))).toBe(7);
  });

  it('ties go to the defender', () => {
    expect(warWinner(5, 5)).toBe('defender');
    expect(warWinner(6, 5)).toBe('attacker');
    expect(warWinner(4, 5)).toBe('defender');
  });

  it('a value is paid with the fewest cubes; every exact way is listed', () => {
    const k = newKingdom({ mana: 3, ore: 2 });
    expect(payFewestCubes(5, k)).toEqual({ mana: 2, ore: 1 });
    expect(payFewestCubes(8, k)).toEqual({ mana: 3, ore: 2 });
    expect(payFewestCubes(9, k)).toBeNull();
    expect(paymentsFor(4, k)).toEqual([{ mana: 2, ore: 0 }, { mana: 1, ore: 2 }]);
    expect(payFewestCubes(3, newKingdom({ mana: 2, ore: 0 }))).toBeNull();
    expect(commitments(newKingdom({ mana: 1, ore: 1 }))).toEqual([{ mana: 0, ore: 1 }, { mana: 1, ore: 0 }, { mana: 1, ore: 1 }]);
    expect(commitments(newKingdom({ mana: 9, ore: 9 })).every((p) => warValue(p) <= 11)).toBe(true);
  });

  it('the rule-driven sides pay Mana before Ore (the Solo Variant examples)', () => {
    const ai = newKingdom({ mana: 6, ore: 5 });
    expect(payManaFirst(6, ai)).toEqual({ mana: 3, ore: 0 });
    expect(payManaFirst(5, ai)).toEqual({ mana: 2, ore: 1 });
    expect(payManaFirst(10, newKingdom({ mana: 2, ore: 3 }))).toEqual({ mana: 2, ore: 3 });
    // An odd value with no Ore left costs one more Mana.
    expect(payManaFirst(5, newKingdom({ mana: 4, ore: 0 }))).toEqual({ mana: 3, ore: 0 });
  });
});

describe('action card', () => {
  it('five shields make a round; one action stays free', () => {
    let c = emptyActionCard();
    for (const a of ['patrol', 'build', 'expand', 'trade'] as const) c = placeShield(c, a, 0);
    expect(roundComplete(c)).toBe(false);
    expect(freeActions(c)).toEqual(['quest', 'research']);
    c = placeShield(c, 'quest', 1);
    expect(roundComplete(c)).toBe(true);
    expect(() => placeShield(c, 'quest', 0)).toThrow();
  });
});

describe('base scoring', () => {
  it('counts meeples except in Ruins, tower VP, magic, a Capital held alone and the level-5 bonus', () => {
    const b = board({ oakhold: [2, 0], barrow: [1, 0], kingsmere: [1, 0], hollowood: [1, 0], briarwick: [1, 0], moorgate: [0, 1] });
    const verdant = factionById('verdant');
    const k = newKingdom({}, 4, 5, 1);
    const s = baseScore(b, 0, k, verdant);
    expect(s.lines.map((l) => [l.key, l.vp])).toEqual([
      ['meeples', 5],
      ['tower', 5],
      ['magic', 5],
      ['capital', 2],
      ['faction', 3],
    ]);
    expect(s.total).toBe(20);
    // The Capital shared with another side scores for nobody; below magic 5 there is no bonus.
    const shared = addMeeples(b, 'kingsmere', 1, 1);
    expect(baseScore(shared, 0, { ...k, magic: 4 }, verdant).lines.map((l) => l.vp)).toEqual([5, 5, 4, 0, 0]);
  });

  it('six factions, each with a colour and a bonus the engine reads', () => {
    expect(FACTIONS).toHaveLength(6);
    for (const f of FACTIONS) {
      expect(f.colour).toMatch(/^#[0-9a-f]{6}$/);
      expect(bonusText(f.bonus)).toMatch(/^\+\d VP per .+ \(max \d\)$/);
    }
    const b = board({ briarwick: [1, 0], flintridge: [1, 0], oakhold: [1, 0] });
    expect(factionBonusVp(factionById('tidebound'), b, 0, newKingdom({}, 0, 5))).toBe(2);
    expect(factionBonusVp(factionById('stonewatch'), b, 0, newKingdom({}, 5, 5))).toBe(2);
    expect(factionBonusVp(factionById('duskveil'), b, 0, newKingdom({ food: 9, mana: 9, ore: 9 }, 0, 5))).toBe(3);
  });
});

describe('shared view', () => {
  it('lists every region with its occupants per side, alliances marked', () => {
    const b = board({ oakhold: [2, 0], kingsmere: [1, 1] });
    const v = buildKingdomsView({
      game: 'test', title: 'Test', round: 1, board: b,
      sides: [
        { name: 'You', role: 'player', colour: '#c0392b', piece: 'meeple', faction: FACTIONS[0]! },
        { name: 'Enemy', role: 'enemy', colour: '#333333', piece: 'cube', faction: null },
      ],
      kingdoms: [newKingdom({ food: 3 }), newKingdom({}, 3)],
      actionCard: emptyActionCard(), turn: 0, toAct: [0], asked: 'Choose', endTriggered: null, allied: ['kingsmere'],
    });
    expect(v.cards).toHaveLength(2);
    const regions = v.cards.flatMap((c) => c.regions);
    expect(regions.find((r) => r.id === 'oakhold')!.occupants).toEqual([{ side: 0, count: 2 }]);
    expect(regions.find((r) => r.id === 'kingsmere')!.occupants).toEqual([{ side: 0, count: 1, allied: true }, { side: 1, count: 1, allied: true }]);
    expect(v.sides[0]!.onMap).toBe(3);
    expect(v.sides[1]!.towerVp).toBe(3);
    expect(v.actionCard.actions.map((a) => a.number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(JSON.parse(JSON.stringify(v))).toEqual(v);
  });
});
