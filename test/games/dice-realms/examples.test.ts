// The seed's worked examples, played through the engine with the dice fixed in the stored RNG.
import { describe, expect, it } from 'vitest';
import { act, actSettled, game, given, rollsSeen, texts } from './scenario.js';

describe('the worked examples of the seed', () => {
  it('given 2 Military and a d12 roll of 6, then gathering at the Keep leaves 8 Military', () => {
    const start = given({ red: { military: 2 } }, 'd12=6');
    const { state, events } = act(start, 0, 'gather keep');
    expect(state.realms[0].military).toBe(8);
    expect(events[0]).toMatchObject({ type: 'gather', die: 'd12', face: 6, before: 2, after: 8 });
    expect(events[0]!.text).toBe('Red gathers at the Keep, rolls d12 = 6: Military 2 → 8');
    expect(rollsSeen(state)).toEqual([{ seat: 0, die: 'd12', sides: 12, face: 6, for: 'gather-keep' }]);
    expect(state.phase).toBe('spend');
  });

  it('given Infantry 4 attacking Ranged 4 with rolls 2 then 3, then Ranged is at 2 and Infantry at 2', () => {
    const start = given(
      { phase: 'spend', red: { infantry: 4, food: 4 }, blue: { ranged: 4 } },
      'd4=2',
      'd4=3',
    );
    const { state, events } = act(start, 0, 'attack infantry army ranged');
    expect(state.realms[1].ranged).toBe(2);
    expect(state.realms[0].infantry).toBe(2);
    expect(state.realms[0].food).toBe(3);
    expect(texts(events).slice(0, 4)).toEqual([
      "Red's Infantry (4) attacks Blue's Ranged (4) for 1 Food (Food 4 → 3).",
      "Red's Infantry has the initiative.",
      "Red's Infantry (4) rolls d4 = 2: Blue's Ranged 4 → 2",
      "Blue's Ranged (2) rolls d4 = 3: Red's Infantry 4 → 2 (capped at 2)",
    ]);
    const rolls = events.filter((e) => e.type === 'roll');
    expect(rolls.map((e) => [e.seat, e.die, e.face, e.for, e.damage])).toEqual([
      [0, 'd4', 2, 'infantry-attack', 2],
      [1, 'd4', 3, 'ranged-counter', 2],
    ]);
  });

  it('given Infantry 4 attacking the Farms and a Ranged 1 defender, a roll of 3 fells the Ranged: Infantry 3, Farms 5', () => {
    const start = given({ phase: 'spend', red: { infantry: 4, food: 4 }, blue: { ranged: 1 } }, 'd4=3');
    const declared = act(start, 0, 'attack infantry farms');
    expect(game.toAct(declared.state)).toEqual([1]);
    expect(declared.state.phase).toBe('defend');
    expect(declared.state.realms[0].food).toBe(2);

    const { state, events } = act(declared.state, 1, 'defend ranged');
    expect(state.realms[1].ranged).toBe(0);
    expect(state.realms[1].felled).toEqual(['ranged']);
    expect(state.realms[0].infantry).toBe(3);
    expect(state.realms[1].farms).toBe(5);
    expect(texts(events)).toEqual([
      'Blue defends the Farms with Ranged (1).',
      "Red's Infantry (4) rolls d4 = 3: Blue's Ranged 1 → 0, felled; Blue's Farms 8 → 5",
      "Blue's Ranged (1) deals 1 without a roll: Red's Infantry 4 → 3",
      'Red has no further attack (every unit on the field has attacked), so the turn ends.',
      'Turn 2: Blue gathers.',
    ]);
    // One die only: a unit at 1 deals 1 without rolling, as the seed says.
    expect(rollsSeen(state)).toEqual([{ seat: 0, die: 'd4', sides: 4, face: 3, for: 'infantry-attack' }]);
    const view = game.view(state) as { realms: { units: Record<string, { status: string }> }[] };
    expect(view.realms[1]!.units.ranged!.status).toBe('felled');
  });

  it('given the same farm attack and a "strongest" policy, then the policy answers at once with the same result', () => {
    const start = given({ phase: 'spend', red: { infantry: 4, food: 2 }, blue: { ranged: 1 } }, 'd4=3');
    const { state, events, answers } = actSettled(start, 0, 'attack infantry farms', ['ask', 'strongest']);
    expect(answers).toEqual(['defend ranged']);
    expect(texts(events)[2]).toBe('Blue defends the Farms with Ranged (1).');
    expect([state.realms[1].ranged, state.realms[0].infantry, state.realms[1].farms]).toEqual([0, 3, 5]);
    expect(game.toAct(state)).toEqual([1]);
    expect(state.active).toBe(1);
  });
});
