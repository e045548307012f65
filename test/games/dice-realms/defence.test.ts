// The defender's decision in the middle of the attacker's turn, and the standing defence policy:
// a player's setting, not a move, which answers that decision with an ordinary `defend` move.
import { describe, expect, it } from 'vitest';
import { strongestUnit } from '../../../src/games/dice-realms/index.js';
import { act, actSettled, game, given, legal, refusal, texts } from './scenario.js';

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
    expect(buttons).toEqual(['Ranged (2)', 'Siege (4)', 'No defender']);
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

  it('given policy none, then the policy answers at once with no defender, as an ordinary defend move', () => {
    const { state, events, answers } = actSettled(given(attackOnCity, 'd4=2'), 0, 'attack infantry farms', ['ask', 'none']);
    expect(answers).toEqual(['defend none']);
    expect(texts(events).slice(1, 3)).toEqual(['Blue chooses a defender for the Farms, or none.', 'Blue sends no defender to the Farms.']);
    expect(state.realms[1].farms).toBe(6);
    expect(game.toAct(state)).toEqual([0]);
  });

  it('given policy strongest, then the highest unit defends, ties going to the bigger die', () => {
    expect(strongestUnit(given({ blue: { ranged: 2, siege: 4 } }), 1)).toBe('siege');
    expect(strongestUnit(given({ blue: { infantry: 4, cavalry: 4 } }), 1)).toBe('cavalry');
    expect(strongestUnit(given({ blue: { infantry: 3, ranged: 3 } }), 1)).toBe('infantry');
    expect(strongestUnit(given({ blue: {} }), 1)).toBe(null);
    const { state, events, answers } = actSettled(given(attackOnCity, 'd4=2', 'd6=1'), 0, 'attack infantry farms', ['ask', 'strongest']);
    expect(answers).toEqual(['defend siege']);
    expect(texts(events)[2]).toBe('Blue defends the Farms with Siege (4).');
    expect([state.realms[1].siege, state.realms[1].farms, state.realms[0].infantry]).toEqual([2, 6, 2]);
  });
});

describe('the defence policy is a setting, not a move', () => {
  it('is never a legal move of either seat, in any phase', () => {
    const declared = act(given(attackOnCity), 0, 'attack infantry city').state;
    for (const s of [given({}), given(attackOnCity), declared]) {
      for (const seat of [0, 1]) expect(game.legalMoves(s, seat).map((m) => m.type)).not.toContain('policy');
    }
    expect(legal(given({}), 1)).toEqual([]);
    expect(game.choicePrompt!(given(attackOnCity), 1, [])).toBe('Waiting for Red');
  });

  it('given the policy typed or sent as a move, then the game refuses it and says it is a setting', () => {
    const setting = 'The defence policy (ask, strongest or none) is a setting each player changes at any time, not a move.';
    expect(refusal(given({}), 1, 'defence strongest')).toBe(setting);
    expect(refusal(given({}), 0, 'policy none')).toBe(setting);
    const played = game.play(given({}), 0, { type: 'policy', defence: 'none' } as never);
    expect(played.ok ? '' : played.error.message).toBe(setting);
  });

  it('reads a change of the setting in friendly words, and says what is wrong with a bad value', () => {
    for (const [typed, value] of [['defence strongest', 'strongest'], ['Defense: never', 'none'], ['policy ask', 'ask'], ['defence policy best', 'strongest'], ['set defence to none', 'none']] as const) {
      expect(game.parseSetting!(typed), typed).toEqual({ ok: true, value: { name: 'defence', value } });
    }
    const bad = game.parseSetting!('defence sometimes');
    expect(bad?.ok).toBe(false);
    expect(bad && !bad.ok ? bad.error.message : '').toMatch(/^The defence policy is ask .*strongest .*none/);
    for (const move of ['defend siege', 'gather keep', 'done', 'no defender']) expect(game.parseSetting!(move), move).toBeNull();
  });

  it('answers only a question waiting for that seat, and only when the policy is not ask', () => {
    const declared = act(given(attackOnCity), 0, 'attack infantry city').state;
    expect(game.settledMove!(declared, 1, { defence: 'ask' })).toBeNull();
    expect(game.settledMove!(declared, 1, { defence: 'strongest' })).toEqual({ type: 'defend', unit: 'siege' });
    expect(game.settledMove!(declared, 1, { defence: 'none' })).toEqual({ type: 'defend', unit: null });
    expect(game.settledMove!(declared, 0, { defence: 'none' })).toBeNull();
    expect(game.settledMove!(given(attackOnCity), 0, { defence: 'none' })).toBeNull();
    expect(game.settledMove!(given(attackOnCity), 1, { defence: 'strongest' })).toBeNull();
    // Whatever the policy answers is a legal move.
    for (const defence of ['strongest', 'none']) {
      const move = game.settledMove!(declared, 1, { defence })!;
      expect(game.legalMoves(declared, 1)).toContainEqual(move);
    }
  });

  it('takes its starting values from the options, and the state holds no policy', () => {
    expect(game.parseOptions({ defence: 'strongest' })).toEqual({ ok: true, value: { variant: 'classic', defence: ['strongest', 'strongest'] } });
    expect(game.parseOptions({ 'defence-blue': 'none', variant: 'FAST' })).toEqual({ ok: true, value: { variant: 'fast', defence: ['ask', 'none'] } });
    expect(game.parseOptions({ defence: ['none', 'ask'] })).toEqual({ ok: true, value: { variant: 'classic', defence: ['none', 'ask'] } });
    expect(game.parseOptions(game.defaultOptions as unknown as Record<string, unknown>)).toEqual({ ok: true, value: game.defaultOptions });
    const bad = game.parseOptions({ defence: 'sometimes' });
    expect(bad.ok).toBe(false);
    expect(bad.ok ? '' : bad.error.message).toBe('Option defence must be ask, strongest or none, not "sometimes".');
    expect(game.parseOptions({ variant: 'slow' }).ok).toBe(false);
    expect(game.parseOptions({ colour: 'red' }).ok).toBe(false);
    const options = { variant: 'fast' as const, defence: ['none', 'strongest'] as ['none', 'strongest'] };
    expect(game.startingSettings!(options, 2)).toEqual([{ defence: 'none' }, { defence: 'strongest' }]);
    expect(game.startingSettings!(game.defaultOptions, 2)).toEqual([{ defence: 'ask' }, { defence: 'ask' }]);
    const s = game.setup('o', [{ kind: 'human' }, { kind: 'ai', level: 'easy' }], options);
    expect(s.variant).toBe('fast');
    expect(JSON.stringify(s)).not.toMatch(/polic|strongest/);
    expect(JSON.stringify(game.view(s))).not.toMatch(/polic|strongest|defence/);
  });
});
