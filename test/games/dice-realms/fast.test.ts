// The fast variant: full rolls with no cap, and Siege +1 against territories.
import { describe, expect, it } from 'vitest';
import { act, given, texts } from './scenario.js';

describe('variant fast', () => {
  it('given Infantry 4 against Ranged 4 with rolls 2 then 3, then the Ranged deals its full 3', () => {
    const start = given({ variant: 'fast', phase: 'spend', red: { infantry: 4, food: 1 }, blue: { ranged: 4 } }, 'd4=2', 'd4=3');
    const { state } = act(start, 0, 'attack infantry army ranged');
    expect([state.realms[1].ranged, state.realms[0].infantry]).toEqual([2, 1]);
  });

  it('given a unit at 1, then it still rolls, and deals the whole roll', () => {
    const start = given({ variant: 'fast', phase: 'spend', red: { cavalry: 1, food: 1 } }, 'd6=5');
    const { state, events } = act(start, 0, 'attack cavalry farms');
    expect(state.realms[1].farms).toBe(3);
    expect(texts(events)[2]).toBe("Red's Cavalry (1) rolls d6 = 5: Blue's Farms 8 → 3");
  });

  it('given Siege against a defended territory, then the territory takes the roll + 1 and the defender the roll', () => {
    const start = given(
      { variant: 'fast', phase: 'spend', red: { siege: 1, food: 4 }, blue: { cavalry: 6 } },
      'd6=4',
      'd6=1',
    );
    const declared = act(start, 0, 'attack siege keep');
    const { state, events } = act(declared.state, 1, 'defend cavalry');
    expect([state.realms[1].keep, state.realms[1].cavalry, state.realms[0].siege]).toEqual([7, 2, 0]);
    expect(texts(events)[1]).toBe("Red's Siege (1) rolls d6 = 4: Blue's Cavalry 6 → 2; Blue's Keep 12 → 7 (+1 for Siege)");
  });

  it('given Siege against a unit, then there is no bonus', () => {
    const start = given({ variant: 'fast', phase: 'spend', red: { siege: 2, food: 1 }, blue: { cavalry: 6 } }, 'd6=4', 'd6=1');
    const { state } = act(start, 0, 'attack siege army cavalry');
    expect([state.realms[1].cavalry, state.realms[0].siege]).toEqual([2, 1]);
  });
});
