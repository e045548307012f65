// Notation, choices for buttons and menus, the view, and the rest of the definition.
import { describe, expect, it } from 'vitest';
import { facesFrom } from '../../../src/games/dice-realms/index.js';
import { act, game, given, moveOf } from './scenario.js';

describe('notation', () => {
  const spend = given({ phase: 'spend', red: { food: 8, cavalry: 3, military: 6, population: 4, city: 8 }, blue: { infantry: 2 } });

  it('reads friendly variants of the same move', () => {
    const same = (text: string) => {
      const r = game.parseMove(spend, 0, text);
      return r.ok ? game.formatMove(spend, 0, r.value) : r.error.message;
    };
    expect(same('Attack Cavalry Army Infantry')).toBe('attack cavalry army infantry');
    expect(same('attack with cav on the infantry')).toBe('attack cavalry army infantry');
    expect(same("attack calvary blue's farms")).toBe('attack cavalry farms');
    expect(same('attack cavalry castle')).toBe('attack cavalry keep');
    expect(same('train 2 cav')).toBe('train cavalry 2');
    expect(same('repair 1 city')).toBe('repair city 1');
    const gather = given({});
    expect(game.formatMove(gather, 0, moveOf(gather, 0, '  GATHER   military '))).toBe('gather keep');
  });

  it('explains what it cannot read, with the moves open now', () => {
    const r = game.parseMove(given({}), 0, 'build a wall');
    expect(r.ok ? '' : r.error.message).toBe('"build a wall" is not a move I know. Moves now: gather farms, gather city, gather keep.');
    const waiting = game.parseMove(given({}), 1, 'build a wall');
    expect(waiting.ok ? '' : waiting.error.message).toBe('"build a wall" is not a move I know. You have no move now.');
    const t = game.parseMove(given({}), 0, 42 as unknown as string);
    expect(t.ok).toBe(false);
  });

  it('writes every kind of move', () => {
    const f = (m: object) => game.formatMove(spend, 0, m as never);
    expect(f({ type: 'defend', unit: null })).toBe('defend none');
    expect(f({ type: 'defend', unit: 'siege' })).toBe('defend siege');
    expect(f({ type: 'done' })).toBe('done');
  });
});

describe('choices', () => {
  const spend = given({ phase: 'spend', red: { food: 8, cavalry: 3, military: 6, population: 4, city: 8 }, blue: { infantry: 2 } });

  it('leads to a move through the spend, the unit and the target or amount', () => {
    const path = (text: string) => game.choicePath!(spend, 0, moveOf(spend, 0, text)).map((c) => c.key);
    expect(path('attack cavalry army infantry')).toEqual(['food', 'cavalry', 'army-infantry']);
    expect(path('attack cavalry keep')).toEqual(['food', 'cavalry', 'keep']);
    expect(path('repair city 2')).toEqual(['population', 'city', '2']);
    expect(path('train siege 2')).toEqual(['military', 'siege', '2']);
    const labels = game.choicePath!(spend, 0, { type: 'attack', unit: 'cavalry', target: 'army', enemy: 'infantry' }).map((c) => c.label);
    expect(labels).toEqual(['Food', 'Cavalry (3)', "Blue's Infantry (2)"]);
  });

  it('offers only affordable amounts', () => {
    const amounts = game
      .legalMoves(spend, 0)
      .map((m) => game.choicePath!(spend, 0, m))
      .filter((p) => p[0]!.key === 'military' && p[1]!.key === 'siege')
      .map((p) => p[2]!.label);
    expect(amounts).toEqual(['Train 1', 'Train 2']);
  });

  it('asks a question at each step', () => {
    expect(game.choicePrompt!(given({}), 0, [])).toBe('Choose what to gather');
    expect(game.choicePrompt!(spend, 0, [])).toBe('Choose a resource to spend');
    expect(game.choicePrompt!(spend, 0, ['food'])).toBe('Choose the attacking unit');
    expect(game.choicePrompt!(spend, 0, ['food', 'cavalry'])).toBe('Choose the target for Cavalry (Food 8)');
    expect(game.choicePrompt!(spend, 0, ['military', 'siege'])).toBe('Choose how many Siege to train (Military 6)');
    expect(game.choicePrompt!(spend, 0, ['population'])).toBe('Choose the territory to repair (2 Population a point, you have 4)');
    expect(game.choicePrompt!(spend, 1, [])).toBe('Waiting for Red');
  });
});

describe('view and the rest of the definition', () => {
  it('shows both realms die by die, the step, the rolls, and no generator state', () => {
    const start = game.setup('v', [{ kind: 'human' }, { kind: 'human' }], game.defaultOptions);
    const v = game.view(start, 0) as Record<string, any>;
    expect(v.seatNames).toEqual(['Red', 'Blue']);
    expect(v.realms[0].resources.food).toEqual({ name: 'Food', value: 4, die: 'd8', max: 8 });
    expect(v.realms[1].territories.keep).toEqual({ name: 'Keep', health: 12, die: 'd12', max: 12, destroyed: false, yields: 'military' });
    expect(v.realms[0].units.cavalry).toMatchObject({ value: 0, die: 'd6', max: 6, active: false, status: 'reserve', attackedThisTurn: false });
    expect([v.phase, v.turn, v.toAct, v.outcome, v.prompt]).toEqual(['gather', 1, [0], null, 'Choose what to gather']);
    expect(JSON.stringify(v)).not.toContain('"S"');
    const { state: next, events } = act(start, 0, 'gather keep');
    const v2 = game.view(next) as Record<string, any>;
    expect(v2.rolls.thisTurn).toEqual([{ seat: 0, die: 'd12', sides: 12, face: events[0]!.face, for: 'gather-keep' }]);
    expect(next.realms[0].military).toBe(Math.min(12, 6 + (events[0]!.face as number)));
  });

  it('re-seeds only the dice when determinized', () => {
    const start = given({ phase: 'spend' });
    const d = game.determinize!(start, 1, 'other');
    expect({ ...d, rng: null }).toEqual({ ...start, rng: null });
    expect(d.rng).not.toEqual(start.rng);
    expect(facesFrom(game.determinize!(start, 0, 'other').rng, [6, 6, 6])).toEqual(facesFrom(d.rng, [6, 6, 6]));
  });

  it('has rules text in its own words, with credit, within the limit', () => {
    expect(game.rulesText!.length).toBeLessThanOrEqual(3500);
    expect(game.rulesText).toContain('Theseus Gaming');
    expect(game.optionSpecs!.map((o) => o.name)).toEqual(['variant', 'defence', 'defence-red', 'defence-blue']);
    expect(game.seats).toEqual({ min: 2, max: 2 });
  });
});
