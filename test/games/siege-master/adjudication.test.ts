// Given a game stopped unfinished at a tournament round's deadline, then Siege Master decides it
// by the rule its rules text states: more fortresses held wins, equal counts draw. The result is a
// full outcome, said in every language, and never a crash, whatever the position.
import { describe, expect, it } from 'vitest';
import { Rng, type Outcome, type SeatSpec } from '../../../src/engine/index.js';
import game, { capturedCounts, MAP_IDS, playMoves, positionFromAscii, type SiegeMasterState } from '../../../src/games/siege-master/index.js';
import { LOCALES, t } from '../../../src/i18n/index.js';
import { phraseProblems } from '../../helpers/phrases.js';

const NS = 'siege-master';
const SEATS: SeatSpec[] = [{ kind: 'human' }, { kind: 'human' }];

const adjudicate = (s: SiegeMasterState): Outcome => game.adjudicate!(s);

/** A running position holding `red` and `blue` captured fortresses and some neutral ones. */
function holding(red: number, blue: number): SiegeMasterState {
  const forts = [...'r'.repeat(red), ...'b'.repeat(blue), ...'ooo'];
  // One fortress every third cell of the top rows, land everywhere else.
  const rows = Array.from({ length: 6 }, (_, y) => {
    const cells = Array.from({ length: 12 }, (_, x) => (y % 2 === 0 && x % 3 === 0 ? forts[(y / 2) * 4 + x / 3] ?? '#' : '#'));
    return (y % 2 ? ' ' : '') + cells.join(' ');
  });
  const s = positionFromAscii({ rows });
  expect(capturedCounts(s)).toEqual([red, blue]);
  expect(game.outcome(s)).toBeNull();
  return s;
}

/** Every way an outcome could be malformed, as a list (empty when it is a valid one). */
function outcomeProblems(o: Outcome, s: SiegeMasterState): string[] {
  const problems: string[] = [];
  if (!o.winners.every((w) => w === 0 || w === 1)) problems.push(`winners ${JSON.stringify(o.winners)} are not seats`);
  if (o.draw !== (o.winners.length === 0)) problems.push(`draw ${o.draw} with winners ${JSON.stringify(o.winners)}`);
  if (o.winners.length > 1) problems.push('more than one winner');
  const counts = capturedCounts(s);
  if (JSON.stringify(o.scores) !== JSON.stringify(counts)) problems.push(`scores ${JSON.stringify(o.scores)}, fortresses held ${JSON.stringify(counts)}`);
  const expected = counts[0] === counts[1] ? [] : [counts[0]! > counts[1]! ? 0 : 1];
  if (JSON.stringify(o.winners) !== JSON.stringify(expected)) problems.push(`winners ${JSON.stringify(o.winners)} holding ${JSON.stringify(counts)}`);
  if (!o.reason.startsWith("Adjudicated at the round's deadline: ")) problems.push(`reason "${o.reason}"`);
  return [...problems, ...phraseProblems(o.reasonPhrase, o.reason, NS, 'adjudication')];
}

/** The heading of the rule in each language's rules text. */
const HEADINGS: Record<(typeof LOCALES)[number], string> = {
  'en-US': '**At a tournament deadline.**',
  de: '**Bei Ablauf einer Turnierfrist.**',
  'es-ES': '**Al vencer un plazo de torneo.**',
  fr: "**À l'échéance d'un tournoi.**",
  'pt-BR': '**No prazo de um torneio.**',
};

describe('siege-master at a tournament deadline', () => {
  it('given /siege rules in any language, then the rule is stated under its own heading', () => {
    expect(game.rulesText).toContain("**At a tournament deadline.** A tournament game still running when its round's deadline comes is decided as it stands: whoever holds more fortresses wins; equal counts are a draw.");
    for (const locale of LOCALES) expect(t(locale, `${NS}:rules`).split('\n\n').filter((p) => p.startsWith(HEADINGS[locale])), locale).toHaveLength(1);
  });

  it('given Red holding 6 fortresses to Blue\'s 4, then Red wins, with the counts as scores and in the reason', () => {
    const s = holding(6, 4);
    const before = JSON.stringify(s);
    const o = adjudicate(s);
    expect(o).toEqual({
      winners: [0],
      draw: false,
      scores: [6, 4],
      reason: "Adjudicated at the round's deadline: Red holds 6 fortresses, Blue 4",
      reasonPhrase: expect.objectContaining({ key: 'outcomes.adjudicated' }),
    });
    expect(JSON.stringify(s)).toBe(before);
    expect(adjudicate(s)).toEqual(o);
    expect(outcomeProblems(o, s)).toEqual([]);
  });

  it('given Blue holding the only captured fortress, then Blue wins and the reason says it in the singular', () => {
    const o = adjudicate(holding(0, 1));
    expect(o.winners).toEqual([1]);
    expect(o.reason).toBe("Adjudicated at the round's deadline: Blue holds 1 fortress, Red 0");
  });

  it('given equal counts, then it is a draw, with no winner', () => {
    const o = adjudicate(holding(3, 3));
    expect(o).toMatchObject({ winners: [], draw: true, scores: [3, 3], reason: "Adjudicated at the round's deadline: a draw at 3 fortresses each" });
    expect(adjudicate(holding(0, 0)).reason).toBe("Adjudicated at the round's deadline: a draw at 0 fortresses each");
  });

  it('given Red\'s opening army sealing a fortress off, then Red is ahead; after Blue swaps, Blue is', () => {
    const corner = positionFromAscii({ rows: ['o # # # # # # # #', ' . # # # # # # # #', '# # # # # # o # #', ' # # # # # # # # #', '# # o # # # # # #'] });
    const opened = playMoves(corner, ['B1 E']);
    expect(game.outcome(opened)).toBeNull();
    expect(adjudicate(opened)).toMatchObject({ winners: [0], reason: "Adjudicated at the round's deadline: Red holds 1 fortress, Blue 0" });
    const swapped = playMoves(opened, ['swap']);
    expect(adjudicate(swapped)).toMatchObject({ winners: [1], reason: "Adjudicated at the round's deadline: Blue holds 1 fortress, Red 0" });
  });

  it('given a fortress draft still under way, then nobody holds any and it is a draw', () => {
    const draft = game.setup('adjudicate-draft', SEATS, { map: 'hex', fortresses: 'draft', fortressCount: 5 });
    const o = adjudicate(playMoves(draft, ['fort I9']));
    expect(o).toMatchObject({ winners: [], draw: true, scores: [0, 0] });
  });

  it('given a game already over, then its own result stands', () => {
    const over = playMoves(positionFromAscii({ rows: ['o # # # # # # # # o'] }), ['B1 E', 'F1 E']);
    expect(game.outcome(over)).not.toBeNull();
    expect(adjudicate(over)).toEqual(game.outcome(over));
  });

  it('given each form of the reason, then every language says it without a missing key or placeholder', () => {
    const problems = [holding(6, 4), holding(1, 0), holding(0, 1), holding(3, 3), holding(1, 1), holding(0, 0)].flatMap((s, n) => {
      const o = adjudicate(s);
      return phraseProblems(o.reasonPhrase, o.reason, NS, `adjudication ${n}`);
    });
    expect(problems).toEqual([]);
  });

  it('given positions along seeded random games on every map, then adjudication never throws and always gives a valid outcome', () => {
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const map of MAP_IDS) {
      for (let g = 0; g < 3; g++) {
        const seed = `adjudicate-${map}-${g}`;
        const rng = Rng.fromSeed(`${seed}-moves`);
        let s = game.setup(seed, SEATS, { map, fortresses: g === 2 ? 'draft' : 'random', fortressCount: [15, 5, 9][g]! });
        while (game.toAct(s).length > 0) {
          const o = adjudicate(s);
          seen.add(o.draw ? 'draw' : `seat ${o.winners[0]}`);
          problems.push(...outcomeProblems(o, s).map((p) => `${seed}, move ${s.moveNumber}: ${p}`));
          const [seat] = game.toAct(s) as [number];
          const played = game.play(s, seat, rng.pick(game.legalMoves(s, seat)));
          if (!played.ok) throw new Error(`${seed}: ${played.error.message}`);
          s = played.value.state;
        }
        expect(adjudicate(s)).toEqual(game.outcome(s));
      }
    }
    expect([...new Set(problems)]).toEqual([]);
    expect([...seen].sort()).toEqual(['draw', 'seat 0', 'seat 1']);
  });
});
