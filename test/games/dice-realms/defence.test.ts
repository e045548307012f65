// The defender's decision in the middle of the attacker's turn, and the standing defence policies.
import { describe, expect, it } from 'vitest';
import { strongestUnit } from '../../../src/games/dice-realms/index.js';
import { act, game, given, legal, refusal, texts } from './scenario.js';

const attackOnCity = { phase: 'spend' as const, red: { food: 8, infantry: 3, cavalry: 2 }, blue: { ranged: 2, siege: 4 } };

describe('the defender decides', () => {
  it('given an attack on a territory and policy ask, then the game waits for the defender', () => {
    const { state, events } = act(given(attackOnCity), 0, 'attack infantry city');
    expect(game.toAct(state)).toEqual([1]);
    expect(state.phase).toBe('defend');
    expect(texts(events).at(-1)).toBe('Blue chooses a defender for the City, or none.');
    expect(legal(state, 1)).toEqual(['defend ranged', 'defend siege', 'defend none']);
    expect(legal(state, 0)).toEqual([]);
    expect(refusal(state, 0, 'attack cavalry keep')).toBe('Blue must choose a defender first.');
    expect(refusal(state, 1, 'defend cavalry')).toBe('Your Cavalry is not on the field.');
    expect(refusal(state, 1, 'gather keep')).toBe("Choose a defender against Red's Infantry first: defend <unit> or defend none.");
    expect(game.choicePrompt!(state, 1, [])).toBe("Choose the defender of your City against Red's Infantry (3)");
    const buttons = game.legalMoves(state, 1).map((m) => game.choicePath!(state, 1, m).map((c) => c.label).join(' / '));
    expect(buttons).toEqual(['Ranged (2)', 'Siege (4)', 'No defender', 'Defence policy / Always strongest', 'Defence policy / Never defend']);
    const view = game.view(state, 1) as { pending: unknown; toAct: number[] };
    expect(view.pending).toEqual({ attacker: 0, unit: 'infantry', value: 3, target: 'city', defender: 1 });
  });

  it('given no defender, then the attack hits the territory alone and the attacker goes on', () => {
    const declared = act(given(attackOnCity, 'd4=3'), 0, 'attack infantry city');
    for (const text of ['defend none', 'none', 'Defend nobody', 'no defender']) {
      expect(game.parseMove(declared.state, 1, text)).toEqual({ ok: true, value: { type: 'defend', unit: null } });
    }
    const { state, events } = act(declared.state, 1, 'no defender');
    expect(state.realms[1].city).toBe(7);
    expect(texts(events).slice(0, 2)).toEqual([
      'Blue sends no defender to the City.',
      "Red's Infantry (3) rolls d4 = 3: Blue's City 10 → 7",
    ]);
    expect(game.toAct(state)).toEqual([0]);
    expect(legal(state, 0)[0]).toBe('attack cavalry army ranged');
  });

  it('given a defender with no active unit, then nobody is asked', () => {
    const { state, events } = act(given({ ...attackOnCity, blue: {} }, 'd4=1'), 0, 'attack infantry keep');
    expect(texts(events)[1]).toBe('Blue has no unit on the field to defend the Keep.');
    expect(state.realms[1].keep).toBe(11);
    expect(state.phase).toBe('attack');
  });

  it('given policy none, then the engine answers at once with no defender', () => {
    const { state, events } = act(given({ ...attackOnCity, policies: ['ask', 'none'] }, 'd4=2'), 0, 'attack infantry farms');
    expect(texts(events)[1]).toBe("Blue's standing policy (none): no defender for the Farms.");
    expect(state.realms[1].farms).toBe(6);
    expect(game.toAct(state)).toEqual([0]);
  });

  it('given policy strongest, then the highest unit defends, ties going to the bigger die', () => {
    expect(strongestUnit(given({ blue: { ranged: 2, siege: 4 } }), 1)).toBe('siege');
    expect(strongestUnit(given({ blue: { infantry: 4, cavalry: 4 } }), 1)).toBe('cavalry');
    expect(strongestUnit(given({ blue: { infantry: 3, ranged: 3 } }), 1)).toBe('infantry');
    expect(strongestUnit(given({ blue: {} }), 1)).toBe(null);
    const { state, events } = act(given({ ...attackOnCity, policies: ['ask', 'strongest'] }, 'd4=2', 'd6=1'), 0, 'attack infantry farms');
    expect(texts(events)[1]).toBe("Blue's standing policy (strongest) sends Siege (4) to defend the Farms.");
    expect([state.realms[1].siege, state.realms[1].farms, state.realms[0].infantry]).toEqual([2, 6, 2]);
  });
});

describe('the defence policy move', () => {
  it('is open to either seat at any time while the game runs, and listed after the turn moves', () => {
    const start = given({});
    expect(game.legalMoves(start, 0).slice(-2)).toEqual([
      { type: 'policy', defence: 'strongest' },
      { type: 'policy', defence: 'none' },
    ]);
    const { state, events } = act(start, 1, 'defence strongest');
    expect(state.policies).toEqual(['ask', 'strongest']);
    expect(state.active).toBe(0);
    expect(texts(events)).toEqual(["Blue's defence policy is now strongest: always the strongest unit."]);
    expect(refusal(state, 1, 'defence strongest')).toBe('Your defence policy is already strongest.');
    expect(legal(state, 1, true)).toEqual(['defence ask', 'defence none']);
  });

  it('given a question already waiting, then switching to an automatic policy answers it', () => {
    const declared = act(given(attackOnCity, 'd4=1', 'd4=2'), 0, 'attack infantry city');
    const { state, events } = act(declared.state, 1, 'defense strongest');
    expect(texts(events).slice(0, 2)).toEqual([
      "Blue's defence policy is now strongest: always the strongest unit.",
      "Blue's standing policy (strongest) sends Siege (4) to defend the City.",
    ]);
    expect(state.phase).toBe('attack');
    expect(game.toAct(state)).toEqual([0]);
  });

  it('given the attacker changes its own policy while waiting, then the question still waits', () => {
    const declared = act(given(attackOnCity), 0, 'attack infantry city');
    const { state } = act(declared.state, 0, 'defence none');
    expect(state.phase).toBe('defend');
    expect(state.policies).toEqual(['none', 'ask']);
  });

  it('takes its starting values from the options', () => {
    expect(game.parseOptions({ defence: 'strongest' })).toEqual({ ok: true, value: { variant: 'classic', defence: ['strongest', 'strongest'] } });
    expect(game.parseOptions({ 'defence-blue': 'none', variant: 'FAST' })).toEqual({ ok: true, value: { variant: 'fast', defence: ['ask', 'none'] } });
    expect(game.parseOptions({ defence: ['none', 'ask'] })).toEqual({ ok: true, value: { variant: 'classic', defence: ['none', 'ask'] } });
    expect(game.parseOptions(game.defaultOptions as unknown as Record<string, unknown>)).toEqual({ ok: true, value: game.defaultOptions });
    const bad = game.parseOptions({ defence: 'sometimes' });
    expect(bad.ok).toBe(false);
    expect(bad.ok ? '' : bad.error.message).toBe('Option defence must be ask, strongest or none, not "sometimes".');
    expect(game.parseOptions({ variant: 'slow' }).ok).toBe(false);
    expect(game.parseOptions({ colour: 'red' }).ok).toBe(false);
    const s = game.setup('o', [{ kind: 'human' }, { kind: 'ai', level: 'easy' }], { variant: 'fast', defence: ['none', 'strongest'] });
    expect([s.variant, s.policies]).toEqual(['fast', ['none', 'strongest']]);
  });
});
