// Given a game stopped unfinished at a tournament round's deadline, then Dice Realms decides it by
// the rule its rules text states: the Keep with more health wins; level Keeps, the more health in
// Farms, City and Keep together; level again, a draw. The position counts as it stands (an attack
// waiting for its defender included), the result is a full outcome said in every language, and
// no position makes it throw.
import { describe, expect, it } from 'vitest';
import { Rng, type Outcome } from '../../../src/engine/index.js';
import type { DiceRealmsMove, DiceRealmsState } from '../../../src/games/dice-realms/index.js';
import { LOCALES, t } from '../../../src/i18n/index.js';
import { phraseProblems } from '../../helpers/phrases.js';
import { game, given } from './scenario.js';

const NS = 'dice-realms';
const HUMANS = [{ kind: 'human' as const }, { kind: 'human' as const }];
const DEADLINE = "Adjudicated at the round's deadline";

const adjudicate = (s: DiceRealmsState): Outcome => game.adjudicate!(s);

/** The seat the rule says wins, or null for a draw, read straight from the realms. */
function ruleWinner(s: DiceRealmsState): number | null {
  const [red, blue] = s.realms;
  if (red.keep !== blue.keep) return red.keep > blue.keep ? 0 : 1;
  const [r, b] = [red.farms + red.city + red.keep, blue.farms + blue.city + blue.keep];
  return r === b ? null : r > b ? 0 : 1;
}

/** Every way an outcome could be malformed, as a list (empty when it is a valid one). */
function outcomeProblems(o: Outcome, s: DiceRealmsState): string[] {
  const problems: string[] = [];
  if (!o.winners.every((w) => w === 0 || w === 1)) problems.push(`winners ${JSON.stringify(o.winners)} are not seats`);
  if (o.winners.length > 1) problems.push('more than one winner');
  if (o.draw !== (o.winners.length === 0)) problems.push(`draw ${o.draw} with winners ${JSON.stringify(o.winners)}`);
  const winner = ruleWinner(s);
  if (JSON.stringify(o.winners) !== JSON.stringify(winner === null ? [] : [winner])) problems.push(`winners ${JSON.stringify(o.winners)} for ${JSON.stringify(s.realms)}`);
  if (JSON.stringify(o.scores) !== JSON.stringify([s.realms[0].keep, s.realms[1].keep])) problems.push(`scores ${JSON.stringify(o.scores)}`);
  if (!o.reason.startsWith(`${DEADLINE}: `)) problems.push(`reason "${o.reason}"`);
  return [...problems, ...phraseProblems(o.reasonPhrase, o.reason, NS, 'adjudication')];
}

/** The heading of the rule in each language's rules text. */
const HEADINGS: Record<(typeof LOCALES)[number], string> = {
  'en-US': '**At a tournament deadline.**',
  de: '**Bei Ablauf einer Turnierfrist.**',
  'es-ES': '**Al vencer un plazo de torneo.**',
  fr: '**À l’échéance d’un tournoi.**',
  'pt-BR': '**No prazo de um torneio.**',
};

describe('dice-realms at a tournament deadline', () => {
  it('given /siege rules in any language, then the rule is stated under its own heading', () => {
    expect(game.rulesText).toContain(
      "**At a tournament deadline.** A tournament game still running when its round's deadline comes is decided as it stands: the realm whose Keep has more health wins; if the Keeps are level, the realm with more health in Farms, City and Keep together; if that is level too, it is a draw.",
    );
    for (const locale of LOCALES) expect(t(locale, `${NS}:rules`).split('\n\n').filter((p) => p.startsWith(HEADINGS[locale])), locale).toHaveLength(1);
  });

  it("given Blue's Keep higher than Red's, then Blue wins, whatever the rest of the realms", () => {
    const s = given({ red: { keep: 7, farms: 8, city: 10 }, blue: { keep: 9, farms: 0, city: 1 } });
    const before = JSON.stringify(s);
    const o = adjudicate(s);
    expect(o).toEqual({
      winners: [1],
      draw: false,
      scores: [7, 9],
      reason: `${DEADLINE}: Blue's Keep has 9 health to Red's 7`,
      reasonPhrase: expect.objectContaining({ key: 'outcomes.adjudicatedKeep' }),
    });
    expect(JSON.stringify(s)).toBe(before);
    expect(adjudicate(s)).toEqual(o);
    expect(outcomeProblems(o, s)).toEqual([]);
  });

  it('given level Keeps, then the total health of Farms, City and Keep decides', () => {
    const s = given({ red: { keep: 7, farms: 3, city: 10 }, blue: { keep: 7, farms: 8, city: 0 } });
    const o = adjudicate(s);
    expect(o).toMatchObject({
      winners: [0],
      draw: false,
      scores: [7, 7],
      reason: `${DEADLINE}: both Keeps have 7 health; Red's Farms, City and Keep have 20 in all to Blue's 15`,
    });
    expect(outcomeProblems(o, s)).toEqual([]);
    expect(adjudicate(given({ red: { keep: 4, farms: 1 }, blue: { keep: 4, city: 6 } }))).toMatchObject({
      winners: [1],
      reason: `${DEADLINE}: both Keeps have 4 health; Blue's Farms, City and Keep have 18 in all to Red's 15`,
    });
  });

  it('given level Keeps and level totals, then it is a draw, however the health is spread', () => {
    const s = given({ red: { keep: 6, farms: 5, city: 10 }, blue: { keep: 6, farms: 8, city: 7 } });
    const o = adjudicate(s);
    expect(o).toMatchObject({
      winners: [],
      draw: true,
      scores: [6, 6],
      reason: `${DEADLINE}: a draw, both Keeps have 6 health and both realms' Farms, City and Keep have 21 in all`,
    });
    expect(outcomeProblems(o, s)).toEqual([]);
    expect(adjudicate(game.setup('adjudicate-start', HUMANS, game.defaultOptions))).toMatchObject({ winners: [], draw: true });
  });

  it('given an attack on a Keep waiting for its defender, then the position counts as it stands, the attack unresolved', () => {
    // Red's Siege attacks Blue's Keep at 5; Red's own Keep is at 6. Whatever Blue would answer,
    // the deadline decides on 6 to 5.
    const s = given({ red: { keep: 6, siege: 6, food: 8 }, blue: { keep: 5, infantry: 4 }, phase: 'defend', pending: { unit: 'siege', target: 'keep', cost: 4 }, attacked: ['siege'] });
    expect(game.toAct(s)).toEqual([1]);
    const before = JSON.stringify(s);
    expect(adjudicate(s)).toMatchObject({ winners: [0], reason: `${DEADLINE}: Red's Keep has 6 health to Blue's 5` });
    expect(JSON.stringify(s)).toBe(before);
  });

  it('given each form of the reason, then every language says it without a missing key or placeholder', () => {
    const positions = [
      given({ red: { keep: 12 }, blue: { keep: 1 } }),
      given({ red: { keep: 2 }, blue: { keep: 3 } }),
      given({ red: { keep: 5, farms: 0, city: 0 }, blue: { keep: 5, farms: 1, city: 0 } }),
      given({ red: { keep: 9, city: 2 }, blue: { keep: 9, city: 1 } }),
      given({}),
      given({ red: { keep: 1, farms: 0, city: 0 }, blue: { keep: 1, farms: 0, city: 0 } }),
    ];
    const problems = positions.flatMap((s, n) => {
      const o = adjudicate(s);
      return phraseProblems(o.reasonPhrase, o.reason, NS, `adjudication ${n}`);
    });
    expect(problems).toEqual([]);
  });

  it('given positions along seeded random games in both variants, then adjudication never throws and always gives a valid outcome', () => {
    const problems: string[] = [];
    const seen = new Set<string>();
    let finished = 0;
    for (const variant of ['classic', 'fast'] as const) {
      for (let g = 0; g < 4; g++) {
        const seed = `adjudicate-${variant}-${g}`;
        const rng = Rng.fromSeed(seed);
        let s = game.setup(seed, HUMANS, { ...game.defaultOptions, variant });
        for (let ply = 0; ply < 1500 && !game.outcome(s); ply++) {
          const o = adjudicate(s);
          seen.add(o.draw ? 'draw' : `seat ${o.winners[0]}`);
          problems.push(...outcomeProblems(o, s).map((p) => `${seed}, ply ${ply}: ${p}`));
          const seat = game.toAct(s)[0]!;
          const moves = game.legalMoves(s, seat);
          // Attacking more often than not, so that realms are hurt and Keeps fall in time.
          const attacks = moves.filter((m) => m.type === 'attack');
          const move: DiceRealmsMove = attacks.length && rng.next() < 0.6 ? rng.pick(attacks) : rng.pick(moves);
          const played = game.play(s, seat, move);
          if (!played.ok) throw new Error(`${seed}: ${played.error.message}`);
          s = played.value.state;
        }
        if (game.outcome(s)) {
          finished++;
          expect(adjudicate(s)).toEqual(game.outcome(s));
        }
      }
    }
    expect([...new Set(problems)]).toEqual([]);
    expect([...seen].sort()).toEqual(['draw', 'seat 0', 'seat 1']);
    expect(finished).toBeGreaterThan(0);
  });
});
