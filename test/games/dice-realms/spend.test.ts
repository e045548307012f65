// Gathering, the three spends with their costs and caps, and the turns that end by themselves.
import { describe, expect, it } from 'vitest';
import { act, actSettled, dice, game, given, legal, refusal, texts } from './scenario.js';

describe('gather', () => {
  it('given destroyed Farms, then gathering there yields half the roll, rounded up', () => {
    const { state, events } = act(given({ red: { farms: 0, food: 1 } }, 'd8=5'), 0, 'gather farms');
    expect(state.realms[0].food).toBe(4);
    expect(events[0]!.text).toBe('Red gathers at the destroyed Farms, rolls d8 = 5, half is 3: Food 1 → 4');
  });

  it('given a destroyed City, then gathering there yields half the roll, rounded up', () => {
    const { state } = act(given({ red: { city: 0, population: 0 } }, 'd10=7'), 0, 'gather city');
    expect(state.realms[0].population).toBe(4);
  });

  it('given a damaged but standing City, then the full roll counts, capped at the die', () => {
    const { state, events } = act(given({ red: { city: 1, population: 6 } }, 'd10=9'), 0, 'gather city');
    expect(state.realms[0].population).toBe(10);
    expect(events[0]!.text).toContain('Population 6 → 10 (capped at 10)');
  });

  it('offers the three territories, and nothing else before the gather', () => {
    const start = game.setup('s', [{ kind: 'human' }, { kind: 'human' }], game.defaultOptions);
    expect(legal(start, 0)).toEqual(['gather farms', 'gather city', 'gather keep']);
    expect(legal(start, 1)).toEqual([]);
    expect(refusal(start, 0, 'train infantry 1')).toBe('Gather first: farms, city or keep.');
    expect(refusal(start, 1, 'gather keep')).toBe("It is Red's turn.");
  });
});

describe('spending Food: attacks', () => {
  const position = { phase: 'spend' as const, red: { food: 3, infantry: 2, cavalry: 2, population: 0, military: 0 }, blue: { siege: 1 } };

  it('costs 1 for the army, 2 Farms, 3 City, 4 Keep, and Cavalry 1 less against territories', () => {
    expect(legal(given(position), 0)).toEqual([
      'attack infantry army siege',
      'attack infantry farms',
      'attack infantry city',
      'attack cavalry army siege',
      'attack cavalry farms',
      'attack cavalry city',
      'attack cavalry keep',
    ]);
    expect(refusal(given(position), 0, 'attack infantry keep')).toBe("Infantry needs 4 Food to attack Blue's Keep, you have 3.");
    const costs = { 'attack cavalry farms': 1, 'attack cavalry city': 2, 'attack cavalry keep': 3, 'attack cavalry army siege': 1, 'attack infantry farms': 2, 'attack infantry city': 3, 'attack infantry army siege': 1 };
    const rng = dice('d6=1', 'd6=1');
    for (const [move, cost] of Object.entries(costs)) {
      const start = given({ ...position, red: { ...position.red, food: 8 }, rng });
      const { events } = actSettled(start, 0, move, ['ask', 'none']);
      expect(events[0]).toMatchObject({ type: 'attack', cost });
    }
  });

  it('pays each attack separately, lets each unit type attack once, and ends when no attack is affordable', () => {
    const start = given({ ...position, red: { ...position.red, food: 4 } }, 'd6=2', 'd4=1');
    const first = actSettled(start, 0, 'attack cavalry keep', ['ask', 'none']);
    expect(first.state.realms[0].food).toBe(1);
    expect(first.state.phase).toBe('attack');
    expect(refusal(first.state, 0, 'attack cavalry army siege')).toBe('Cavalry already attacked this turn.');
    expect(refusal(first.state, 0, 'repair city 1')).toBe('You are spending Food this turn: attack again or say done.');
    expect(legal(first.state, 0)).toEqual(['attack infantry army siege', 'done']);
    const second = act(first.state, 0, 'attack infantry army siege');
    expect(second.state.realms[0].food).toBe(0);
    expect(second.state.active).toBe(1);
    expect(texts(second.events)).toContain('Red has no further attack (every unit on the field has attacked), so the turn ends.');
  });

  it('ends the turn with done', () => {
    const start = given({ ...position, red: { ...position.red, food: 8 } }, 'd4=1');
    const first = act(start, 0, 'attack infantry army siege');
    const { state, events } = act(first.state, 0, 'done');
    expect(state.active).toBe(1);
    expect(texts(events)[0]).toBe('Red ends the turn.');
  });

  it('refuses destroyed territories, absent units and absent targets', () => {
    const start = given({ phase: 'spend', red: { food: 8, infantry: 2, felled: ['ranged'] }, blue: { farms: 0 } });
    expect(refusal(start, 0, 'attack infantry farms')).toBe("Blue's Farms are already destroyed.");
    expect(refusal(start, 0, 'attack ranged city')).toBe('Your Ranged has been felled, so it cannot attack.');
    expect(refusal(start, 0, 'attack siege city')).toBe('Your Siege has not been trained, so it cannot attack.');
    expect(refusal(start, 0, 'attack infantry army cavalry')).toBe("Blue's Cavalry is not on the field.");
  });

  it('caps damage at the striker value, but Siege deals its full roll to a territory', () => {
    const cav = act(given({ phase: 'spend', red: { food: 1, cavalry: 2 } }, 'd6=6'), 0, 'attack cavalry farms');
    expect(cav.state.realms[1].farms).toBe(6);
    const siege = given({ phase: 'spend', red: { food: 4, siege: 2 }, blue: { infantry: 4 } }, 'd6=5', 'd4=1');
    const declared = act(siege, 0, 'attack siege keep');
    const { state, events } = act(declared.state, 1, 'defend infantry');
    expect(state.realms[1].keep).toBe(7);
    expect(state.realms[1].infantry).toBe(2);
    expect(events[1]!.text).toBe("Red's Siege (2) rolls d6 = 5: Blue's Infantry 4 → 2 (capped at 2); Blue's Keep 12 → 7");
  });

  it('ends the game when a Keep falls to 0', () => {
    const start = given({ phase: 'spend', red: { food: 4, siege: 3 }, blue: { keep: 4 } }, 'd6=6');
    const { state, events } = act(start, 0, 'attack siege keep');
    expect(state.realms[1].keep).toBe(0);
    expect(game.outcome(state)).toEqual({
      winners: [0],
      draw: false,
      scores: [12, 0],
      reason: "Blue's Keep fell to Red's Siege",
      reasonPhrase: { key: 'outcomes.keepFell', values: { loser: { key: 'seats.1' }, winner: { key: 'seats.0' }, unit: 'siege' } },
    });
    expect(game.toAct(state)).toEqual([]);
    expect(game.legalMoves(state, 0)).toEqual([]);
    expect(texts(events).at(-1)).toBe("Blue's Keep has fallen: Red wins!");
    const after = game.play(state, 1, { type: 'defend', unit: null });
    expect(after.ok).toBe(false);
  });
});

describe('spending Population: repair', () => {
  const position = { phase: 'spend' as const, red: { population: 5, food: 0, military: 0, city: 7, keep: 11 } };

  it('repairs one territory at 2 Population a point, never above its maximum', () => {
    expect(legal(given(position), 0)).toEqual(['repair city 1', 'repair city 2', 'repair keep 1']);
    expect(refusal(given(position), 0, 'repair city 3')).toBe('You need 6 Population to repair 3 points, you have 5.');
    expect(refusal(given(position), 0, 'repair keep 2')).toBe('Your Keep can take at most 1 point of repair (11/12).');
    expect(refusal(given(position), 0, 'repair farms 1')).toBe('Your Farms are at full health (8/8).');
    const { state, events } = act(given(position), 0, 'repair city 2');
    expect([state.realms[0].city, state.realms[0].population, state.active]).toEqual([9, 1, 1]);
    expect(events[0]!.text).toBe('Red repairs the City by 2 for 4 Population: City 7 → 9 (Population 5 → 1).');
  });

  it('can rebuild destroyed Farms', () => {
    const { state } = act(given({ phase: 'spend', red: { population: 10, farms: 0 } }), 0, 'repair farms 5');
    expect(state.realms[0].farms).toBe(5);
  });
});

describe('spending Military: training', () => {
  const position = { phase: 'spend' as const, red: { military: 5, food: 0, population: 0, infantry: 3, cavalry: 5, felled: ['siege' as const] } };

  it('costs 1, 1, 2 and 3, capped by the die', () => {
    expect(legal(given(position), 0)).toEqual([
      'train infantry 1',
      'train ranged 1', 'train ranged 2', 'train ranged 3', 'train ranged 4',
      'train cavalry 1',
      'train siege 1',
    ]);
    expect(refusal(given(position), 0, 'train infantry 2')).toBe('Infantry can take at most 1 more (3/4).');
    expect(refusal(given({ ...position, red: { ...position.red, military: 3, cavalry: 0 } }), 0, 'train cavalry 2')).toBe(
      'You need 4 Military to train 2 Cavalry, you have 3.',
    );
  });

  it('trains several types in one turn, each once, and ends with done or when nothing more is possible', () => {
    const one = act(given(position), 0, 'train siege 1');
    expect(one.state.realms[0].siege).toBe(1);
    expect(one.state.realms[0].felled).toEqual([]);
    expect(refusal(one.state, 0, 'train siege 1')).toBe('You already trained Siege this turn.');
    expect(legal(one.state, 0)).toEqual(['train infantry 1', 'train ranged 1', 'train ranged 2', 'train cavalry 1', 'done']);
    const two = act(one.state, 0, 'train ranged 2');
    expect(two.state.active).toBe(1);
    expect(texts(two.events)).toContain('Red can train no more (Military 0 pays for no further training), so the turn ends.');
  });
});

describe('a turn with no possible spend', () => {
  it('ends by itself after the gather, and says why', () => {
    const start = given({ red: { food: 0, population: 0, military: 0, infantry: 4, ranged: 4, siege: 6 } }, 'd8=1');
    const { state, events } = act(start, 0, 'gather farms');
    expect(state.active).toBe(1);
    expect(texts(events)[1]).toBe(
      'Red cannot spend anything, so the turn ends: Food 1 pays for no attack, every territory is at full health, and Military 0 pays for no training.',
    );
  });

  it('does not let a player pass when a spend is possible', () => {
    expect(refusal(given({ phase: 'spend' }), 0, 'done')).toBe('You must spend a resource this turn: attack, repair or train.');
  });
});
