// Given Siege Master in any of the bot's languages, then every text a player reads (events,
// button labels and descriptions, step questions, results, refusals, the definition's texts) has a
// phrase whose en-US text is exactly the engine's English, and every locale says it in full.
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../src/engine/contract.js';
import game, { playMoves, positionFromAscii, type SiegeMasterState } from '../../../src/games/siege-master/index.js';
import { LOCALES, t } from '../../../src/i18n/index.js';
import { definitionTextProblems, expectGameSpeaksEveryLanguage, phraseProblems } from '../../helpers/phrases.js';

const NS = 'siege-master';
const HUMANS = [{ kind: 'human' as const }, { kind: 'human' as const }];
// Cells ("F7"), placements ("F7 SE") and a direction with its arrow ("SE ↘") are notation.
const isNotation = (label: string) => /^[A-Z]\d{1,2}( (E|SE|SW))?$|^(E|SE|SW) [→↘↙]$/.test(label);

function eventProblems(events: GameEvent[], what: string): string[] {
  return events.flatMap((e) => phraseProblems(e.phrase, e.text, NS, `${what}: event ${e.type}`));
}

/** Plays `moves` one by one, collecting every event. */
function eventsOf(start: SiegeMasterState, moves: string[]): { state: SiegeMasterState; events: GameEvent[] } {
  let state = start;
  const events: GameEvent[] = [];
  for (const text of moves) {
    const move = game.parseMove(state, state.toMove, text);
    if (!move.ok) throw new Error(`${text}: ${move.error.message}`);
    const played = game.play(state, state.toMove, move.value);
    if (!played.ok) throw new Error(`${text}: ${played.error.message}`);
    events.push(...played.value.events);
    state = played.value.state;
  }
  return { state, events };
}

describe('siege-master speaks every language', () => {
  it('given the definition, then its title, summary, seats, rules and options are the catalog texts', () => {
    expect(definitionTextProblems(game, NS)).toEqual([]);
  });

  it('given every language, then the summary and option texts keep within Discord\'s limits (100 characters) and the rules within an embed', () => {
    const tooLong: string[] = [];
    const within = (locale: string, key: string, max: number) => {
      const text = t(locale as (typeof LOCALES)[number], `${NS}:${key}`);
      if (text.length > max) tooLong.push(`${locale} ${key}: ${text.length} > ${max}`);
    };
    for (const locale of LOCALES) {
      within(locale, 'summary', 100);
      within(locale, 'rules', 4000);
      within(locale, 'choices.swap.label', 80);
      within(locale, 'choices.swap.description', 100);
      for (const spec of game.optionSpecs!) {
        within(locale, `options.${spec.name}.description`, 100);
        for (const c of spec.choices ?? []) within(locale, `options.${spec.name}.choices.${c.value}`, 100);
      }
    }
    expect(tooLong).toEqual([]);
  });

  it('given seeded random games on every map, then every event, choice, question and result has its phrase', () => {
    expectGameSpeaksEveryLanguage(game, { games: 14, seats: HUMANS, isNotation });
  });

  it('given seeded random games with a fortress draft, then the draft speaks too', () => {
    expectGameSpeaksEveryLanguage(game, { games: 4, seats: HUMANS, isNotation, options: { map: 'hex', fortresses: 'draft', fortressCount: 5 } });
  });

  it('given the rare events (swaps, each kind of ending), then they have their phrases', () => {
    const problems: string[] = [];
    const opening = game.setup('phrases-swap', HUMANS, { map: 'europe', fortresses: 'random', fortressCount: 15 });
    const first = game.formatMove(opening, 0, game.legalMoves(opening, 0)[0]!);
    const swapped = eventsOf(opening, [first, 'swap']);
    expect(swapped.events.map((e) => e.type)).toEqual(['army', 'swap']);
    problems.push(...eventProblems(swapped.events, 'plain swap'));

    // Red's opening army seals A1 off: Blue swaps and takes that fortress too.
    const corner = positionFromAscii({ rows: ['o # # # # # # # #', ' . # # # # # # # #', '# # # # # # o # #', ' # # # # # # # # #', '# # o # # # # # #'] });
    const capturedThenSwapped = eventsOf(corner, ['B1 E', 'swap']);
    expect(capturedThenSwapped.events.map((e) => e.type)).toEqual(['army', 'capture', 'swap']);
    expect(capturedThenSwapped.events.at(-1)!.text).toBe("Blue swapped: the army on B1 C1 D1 E1, with the fortress on A1, is now Blue's. Red moves next.");
    problems.push(...eventProblems(capturedThenSwapped.events, 'swap with a fortress'));

    const majority = eventsOf(positionFromAscii({ rows: ['o # # # # # # #', ' o . # # # # # #', '. . # # o # # #'] }), ['B1 E']);
    expect(majority.events.map((e) => e.type)).toEqual(['army', 'capture', 'end']);
    problems.push(...eventProblems(majority.events, 'majority'));

    const stuck = eventsOf(positionFromAscii({ rows: ['o # # # #', ' . . . . .', 'o # # o'] }), ['B1 E', 'swap']);
    expect(game.outcome(stuck.state)!.reason).toBe('Red cannot place an army; Blue wins with 1 fortress to 0');
    problems.push(...eventProblems(stuck.events, 'stuck'));

    const drawn = eventsOf(positionFromAscii({ rows: ['o # # # # # # # # o'] }), ['B1 E', 'F1 E']);
    expect(game.outcome(drawn.state)!.draw).toBe(true);
    problems.push(...eventProblems(drawn.events, 'draw'));

    const rows = Array.from({ length: 21 }, (_, i) => (i % 2 ? ' ' : '') + '# # # # # # # #');
    const armies = Array.from({ length: 38 }, (_, k) => ({ seat: k % 2, at: `${k % 2 ? 'E' : 'A'}${Math.floor(k / 2) + 1} E` }));
    const spent = eventsOf(positionFromAscii({ rows, armies, lastCaptured: ['-'] }), ['A20 E', 'E20 E']);
    expect(game.outcome(spent.state)!.reason).toBe('Red has no armies left; a draw at 0 fortresses each');
    problems.push(...eventProblems(spent.events, 'no armies left'));

    for (const [what, s] of [['majority', majority.state], ['stuck', stuck.state], ['draw', drawn.state], ['no armies', spent.state]] as const) {
      const o = game.outcome(s)!;
      problems.push(...phraseProblems(o.reasonPhrase, o.reason, NS, `${what} outcome`));
    }
    expect(problems).toEqual([]);
  });

  it('given moves it cannot take, then every refusal of parseMove, play and parseOptions says why in every language', () => {
    const hex = game.setup('phrases-refusals', HUMANS, { map: 'hex', fortresses: 'random', fortressCount: 15 });
    const draft = game.setup('phrases-refusals', HUMANS, { map: 'hex', fortresses: 'draft', fortressCount: 5 });
    const fortified = playMoves(draft, ['fort I9']);
    const refusals: [string, SiegeMasterState, () => ReturnType<typeof game.parseMove> | ReturnType<typeof game.play>][] = [];
    const typed = (s: SiegeMasterState, text: unknown) => () => game.parseMove(s, s.toMove, text as string);
    const played = (s: SiegeMasterState, seat: unknown, move: unknown) => () => game.play(s, seat as number, move as never);
    for (const text of [42, '', '!!', 'F7', 'F7 up', 'F7-H8', 'F7 G7 H7', 'A1 B1 C1 E1', 'Z40 E']) refusals.push([`typed ${text}`, hex, typed(hex, text)]);
    for (const text of ['fort', 'fort Z40']) refusals.push([`typed ${text}`, draft, typed(draft, text)]);
    // As in Figure 8: land with a gap (F6), a fortress on G4, and Red's army on C1 SE.
    const fig8 = positionFromAscii({
      rows: ['# # # # # # # #', ' # # # # # # # #', '# # # # # # # #', ' # # # # # # o #', '# # # # # # # #', ' r # # # . # # #'],
      armies: [{ seat: 0, at: 'C1 SE' }],
      lastCaptured: ['A6'],
    });
    for (const text of ['E5 SE', 'G1 E', 'E6 E']) refusals.push([`typed ${text}`, fig8, typed(fig8, text)]);
    const corner = positionFromAscii({ rows: ['# # # # # # # #', ' # # # # # # # #', '# # # # # # o #'], armies: [{ seat: 0, at: 'A1 E' }] });
    const moves: [string, SiegeMasterState, unknown, unknown][] = [
      ['wrong seat', hex, 1, { type: 'swap' }],
      ['no seat', hex, 7, { type: 'swap' }],
      ['not a move', hex, 0, 'F7'],
      ['unknown type', hex, 0, { type: 'jump' }],
      ['bad cells', hex, 0, { type: 'place', cells: 'F7' }],
      ['bad direction', hex, 0, { type: 'place', cell: 'F7', dir: 'N' }],
      ['no cell', hex, 0, { type: 'place' }],
      ['cells disagree', hex, 0, { type: 'place', cell: 'F7', dir: 'E', cells: ['A1', 'B1', 'C1', 'D1'] }],
      ['swap too early', fortified, 1, { type: 'swap' }],
      ['army in the draft', fortified, 1, { type: 'place', cell: 'E5', dir: 'E' }],
      ['fortress after the draft', hex, 0, { type: 'fort', cell: 'F7' }],
      ['fortress without a cell', draft, 0, { type: 'fort' }],
      ['fortress off the map', draft, 0, { type: 'fort', cell: 'Z40' }],
      ['fortress on a fortress', fortified, 1, { type: 'fort', cell: 'I9' }],
      ['fortress too close', fortified, 1, { type: 'fort', cell: 'J9' }],
      ['army over a fortress', corner, 1, { type: 'place', cell: 'D3', dir: 'E' }],
      ['army over an army', fig8, 1, { type: 'place', cell: 'A3', dir: 'E' }],
      ['army far away', corner, 1, { type: 'place', cell: 'A3', dir: 'E' }],
    ];
    for (const [what, s, seat, move] of moves) refusals.push([what, s, played(s, seat, move)]);
    const strip = { ...positionFromAscii({ rows: ['# # # # #', ' . . . . .', '# # # # # # # #'] }), phase: 'draft' as const, fortressSetup: 'draft' as const, fortressCount: 5 };
    refusals.push(['fortress with no room', strip, played(strip, 0, { type: 'fort', cell: 'C1' })]);
    const over = eventsOf(positionFromAscii({ rows: ['o # # # # # # # # o'] }), ['B1 E', 'F1 E']).state;
    refusals.push(['game over', over, played(over, 0, { type: 'swap' })]);

    const problems: string[] = [];
    const codes = new Set<string>();
    for (const [what, , attempt] of refusals) {
      const r = attempt();
      expect(r.ok, what).toBe(false);
      if (r.ok) continue;
      codes.add(r.error.code);
      problems.push(...phraseProblems(r.error.phrase, r.error.message, NS, what));
    }
    for (const raw of [{ map: 'atlantis' }, { fortresses: 'many' }, { fortressCount: 8 }]) {
      const r = game.parseOptions(raw);
      if (!r.ok) problems.push(...phraseProblems(r.error.phrase, r.error.message, NS, `options ${JSON.stringify(raw)}`));
      else problems.push(`options ${JSON.stringify(raw)} were accepted`);
    }
    expect(problems).toEqual([]);
    expect([...codes].sort()).toEqual(
      ['bad-cell', 'bad-line', 'bad-move', 'bad-notation', 'bad-seat', 'fortress', 'game-over', 'must-be-adjacent', 'no-room', 'no-swap', 'not-your-turn', 'occupied', 'off-map', 'too-close', 'wrong-phase'].sort(),
    );
  });
});
