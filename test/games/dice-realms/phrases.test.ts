// Given seeded games of Dice Realms, then every text a player reads (events, choices, questions,
// results, refusals) carries a phrase that en-US says exactly as the engine's English, and every
// language says without a missing key; the definition's texts are in the catalog too.
import { describe, expect, it } from 'vitest';
import { readCatalogs } from '../../../src/i18n/index.js';
import type { GameEvent } from '../../../src/engine/index.js';
import { Rng } from '../../../src/engine/index.js';
import { TERRITORIES, UNITS, type DiceRealmsMove, type DiceRealmsState } from '../../../src/games/dice-realms/index.js';
import { definitionTextProblems, expectGameSpeaksEveryLanguage, phraseProblems } from '../../helpers/phrases.js';
import { game, given } from './scenario.js';

const NS = 'dice-realms';
const HUMANS = [{ kind: 'human' as const }, { kind: 'human' as const }];

/** Moves of every shape, legal or not, so that each refusal of `play` is met somewhere. */
const PROBES: unknown[] = [
  null,
  [],
  { type: 'nothing' },
  { type: 'policy' },
  { type: 'done' },
  { type: 'gather' },
  ...TERRITORIES.map((territory) => ({ type: 'gather', territory })),
  { type: 'attack' },
  { type: 'attack', unit: 'infantry' },
  { type: 'attack', unit: 'infantry', target: 'army' },
  ...UNITS.flatMap((unit) => [
    ...UNITS.map((enemy) => ({ type: 'attack', unit, target: 'army', enemy })),
    ...TERRITORIES.map((target) => ({ type: 'attack', unit, target })),
    { type: 'train', unit, count: 1 },
    { type: 'train', unit, count: 6 },
    { type: 'defend', unit },
  ]),
  { type: 'repair' },
  { type: 'repair', territory: 'city' },
  ...TERRITORIES.flatMap((territory) => [1, 2, 9].map((points) => ({ type: 'repair', territory, points }))),
  { type: 'train' },
  { type: 'train', unit: 'siege' },
  { type: 'defend', unit: 'nobody' },
  { type: 'defend', unit: null },
];

/** Plays seeded random games, attacking more often than not so that realms fall in time. */
function* positions(games: number, variant: 'classic' | 'fast'): Generator<{ state: DiceRealmsState; events: GameEvent[] }> {
  for (let g = 0; g < games; g++) {
    const rng = Rng.fromSeed(`phrases-walk-${variant}-${g}`);
    let state = game.setup(`phrases-walk-${variant}-${g}`, HUMANS, { ...game.defaultOptions, variant });
    yield { state, events: [] };
    for (let ply = 0; ply < 1500 && !game.outcome(state); ply++) {
      const seat = game.toAct(state)[0]!;
      const moves = game.legalMoves(state, seat);
      const attacks = moves.filter((m) => m.type === 'attack');
      const move: DiceRealmsMove = attacks.length && rng.next() < 0.6 ? rng.pick(attacks) : rng.pick(moves);
      const played = game.play(state, seat, move);
      if (!played.ok) throw new Error(played.error.message);
      state = played.value.state;
      yield { state, events: played.value.events };
    }
  }
}

/** A catalog key without its plural suffix or the id an i18next context adds. */
const baseKey = (key: string) => key.replace(/_(one|other|many)$/, '').replace(/_(infantry|ranged|cavalry|siege|farms|city|keep)$/, '');

describe('dice-realms speaks every language', () => {
  it('given seeded random games, then every event, choice, question, result and refusal says its English exactly in en-US and has every locale', () => {
    expectGameSpeaksEveryLanguage(game, { games: 5, seats: HUMANS, maxPlies: 250 });
    expectGameSpeaksEveryLanguage(game, { games: 2, seats: HUMANS, options: { ...game.defaultOptions, variant: 'fast' }, maxPlies: 250 });
  });

  it('given every event the rules can write, then each kind is met and says its English in every language', () => {
    const events = Object.keys((readCatalogs()['en-US']![NS]!.events ?? {}) as object).map(baseKey);
    const met = new Set<string>();
    const problems = new Set<string>();
    for (const variant of ['classic', 'fast'] as const) {
      for (const { events: list } of positions(variant === 'classic' ? 6 : 2, variant)) {
        for (const e of list) {
          if (e.phrase) met.add(baseKey(e.phrase.key).replace(/^events\./, ''));
          for (const p of phraseProblems(e.phrase, e.text, NS, `event ${e.type}`)) problems.add(p);
        }
      }
    }
    expect([...problems]).toEqual([]);
    expect(new Set(events).size).toBeGreaterThan(15);
    // `capped` is said inside a gather event, not as one.
    expect([...new Set(events)].filter((k) => k !== 'capped' && !met.has(k))).toEqual([]);
  });

  it('given moves of every shape in positions of every phase, then each refusal says why in every language', () => {
    const problems = new Set<string>();
    const codes = new Set<string>();
    let n = 0;
    for (const { state } of positions(3, 'classic')) {
      if (n++ % 12 && !game.outcome(state)) continue;
      for (const seat of [0, 1, 2]) {
        for (const move of PROBES) {
          const r = game.play(state, seat, move as never);
          if (r.ok) continue;
          codes.add(r.error.code);
          for (const p of phraseProblems(r.error.phrase, r.error.message, NS, `refusal ${r.error.code}`)) problems.add(p);
        }
        for (const text of ['defence', 'defence maybe', 'attack with everything', 'x'.repeat(300)]) {
          const typed = game.parseMove(state, seat, text);
          if (!typed.ok) for (const p of phraseProblems(typed.error.phrase, typed.error.message, NS, `typed refusal ${typed.error.code}`)) problems.add(p);
        }
      }
    }
    const notText = game.parseMove(given({}), 0, 42 as unknown as string);
    if (!notText.ok) for (const p of phraseProblems(notText.error.phrase, notText.error.message, NS, 'not text')) problems.add(p);
    expect([...problems]).toEqual([]);
    expect([...codes].sort()).toEqual(
      // prettier-ignore
      ['already-attacked', 'already-gathered', 'already-trained', 'bad-move', 'bad-seat', 'defend-first', 'destroyed', 'full', 'game-over', 'gather-first',
        'must-spend', 'no-attack', 'no-food', 'no-military', 'no-population', 'no-target', 'not-your-turn', 'setting', 'too-many', 'too-much', 'unit-absent', 'wrong-spend'],
    );
  });

  it('given a typed setting or option the game cannot read, then the refusal says why in every language', () => {
    const refusals = [
      game.parseSetting!('defence sometimes'),
      game.parseOptions({ colour: 'red' }),
      game.parseOptions({ variant: 'slow' }),
      game.parseOptions({ defence: 'always' }),
      game.parseOptions({ defence: ['ask'] }),
      game.parseOptions(null as never),
    ];
    const problems = refusals.flatMap((r) => (r && !r.ok ? phraseProblems(r.error.phrase, r.error.message, NS, r.error.code) : ['a refusal was expected']));
    expect(problems).toEqual([]);
  });

  it('given the definition, then its title, summary, seats, rules, options and settings are in the catalog as written', () => {
    expect(definitionTextProblems(game)).toEqual([]);
  });
});
