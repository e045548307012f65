// The game definition around the rules: options, setup, the fortress draft, the view and the
// button paths.
import { describe, expect, it } from 'vitest';
import game, {
  boardFor,
  cellIndex,
  MAP_IDS,
  playMoves,
  positionFromAscii,
  type SiegeMasterState,
  type SiegeMasterView,
} from '../../../src/games/siege-master/index.js';

const HUMANS = [{ kind: 'human' as const }, { kind: 'ai' as const, level: 'normal' as const }];
const view = (s: SiegeMasterState) => game.view(s) as SiegeMasterView;

function distance(s: SiegeMasterState, a: string, b: string): number {
  const board = boardFor(s);
  const [i, j] = [cellIndex(board, a), cellIndex(board, b)];
  const dq = board.q[i]! - board.q[j]!;
  const dr = board.r[i]! - board.r[j]!;
  return Math.max(Math.abs(dq), Math.abs(dr), Math.abs(dq + dr));
}

const fortLabels = (s: SiegeMasterState) => view(s).cells.filter((c) => c.fortress).map((c) => c.label);

describe('definition', () => {
  it('describes itself', () => {
    expect(game.id).toBe('siege-master');
    expect(game.title).toBe('Siege Master');
    expect(game.seats).toEqual({ min: 2, max: 2 });
    expect(game.seatNames).toEqual(['Red', 'Blue']);
    expect(game.rulesText!.length).toBeLessThanOrEqual(3500);
    expect(game.rulesText).toContain('Phillip L. Leduc');
    for (const spec of game.optionSpecs!) expect(spec.name).toMatch(/^[a-z-]{1,32}$/);
    expect(game.optionSpecs!.find((o) => o.name === 'map')!.choices!.map((c) => c.value)).toEqual(['random', ...MAP_IDS]);
  });

  it('reads options with clear refusals', () => {
    expect(game.parseOptions({})).toEqual({ ok: true, value: { map: 'random', fortresses: 'random', fortressCount: 15 } });
    expect(game.parseOptions({ map: 'North America', 'fortress-count': '7', fortresses: 'Draft' })).toEqual({
      ok: true,
      value: { map: 'north-america', fortresses: 'draft', fortressCount: 7 },
    });
    expect(game.parseOptions({ map: 'hex', fortressCount: 25 })).toEqual({ ok: true, value: { map: 'hex', fortresses: 'random', fortressCount: 25 } });
    expect(game.parseOptions({ fortressCount: 8 })).toMatchObject({ ok: false, error: { message: 'the number of fortresses must be an odd number from 5 to 25' } });
    expect(game.parseOptions({ fortress_count: 27 })).toMatchObject({ ok: false });
    expect(game.parseOptions({ map: 'atlantis' })).toMatchObject({ ok: false, error: { code: 'bad-option' } });
    expect(game.parseOptions({ fortresses: 'many' })).toMatchObject({ ok: false, error: { message: 'fortresses must be random or draft' } });
  });

  it('sets up a game from the seed, the same every time, small enough to store on every move', () => {
    const s = game.setup('setup-1', HUMANS, game.defaultOptions);
    expect(game.setup('setup-1', HUMANS, game.defaultOptions)).toEqual(s);
    expect(MAP_IDS).toContain(s.map);
    expect(view(s).map).toBe(s.map);
    expect(view(s).fortressesTotal).toBe(15);
    expect(fortLabels(s)).toHaveLength(15);
    expect(game.toAct(s)).toEqual([0]);
    expect(JSON.stringify(s).length).toBeLessThan(2000);
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });

  it('keeps seeded fortresses 3 cells apart where the map allows', () => {
    for (const map of MAP_IDS) {
      for (const fortressCount of [15, 25]) {
        const s = game.setup(`spread-${map}`, HUMANS, { map, fortresses: 'random', fortressCount });
        const forts = fortLabels(s);
        expect(forts).toHaveLength(fortressCount);
        for (const a of forts) for (const b of forts) if (a !== b) expect(distance(s, a, b)).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('runs the fortress draft, Red first, then Red places the first army', () => {
    let s = game.setup('draft-1', HUMANS, { map: 'hex', fortresses: 'draft', fortressCount: 5 });
    expect(s.phase).toBe('draft');
    expect(fortLabels(s)).toEqual([]);
    expect(game.legalMoves(s, 0).every((m) => m.type === 'fort')).toBe(true);
    expect(game.legalMoves(s, 0)).toHaveLength(boardFor(s).size);
    expect(game.choicePrompt!(s, 0, [])).toBe('Choose a cell for a fortress');
    s = playMoves(s, ['fort I9']);
    expect(game.toAct(s)).toEqual([1]);
    const tooClose = game.play(s, 1, { type: 'fort', cell: 'J9' });
    expect(tooClose).toMatchObject({ ok: false, error: { code: 'too-close' } });
    expect(game.play(s, 1, { type: 'fort', cell: 'I9' })).toMatchObject({ ok: false, error: { message: 'I9 is a fortress already' } });
    expect(game.play(s, 1, { type: 'swap' })).toMatchObject({ ok: false, error: { message: "swap is only allowed on Blue's first turn" } });
    expect(game.play(s, 1, { type: 'place', cell: 'E5', dir: 'E', cells: ['E5', 'F5', 'G5', 'H5'] })).toMatchObject({ ok: false, error: { code: 'wrong-phase' } });
    for (const m of game.legalMoves(s, 1)) if (m.type === 'fort') expect(distance(s, m.cell, 'I9')).toBeGreaterThanOrEqual(3);
    s = playMoves(s, ['fort E5', 'fort M5', 'fort E13', 'fort M13']);
    expect(s.phase).toBe('play');
    expect(game.toAct(s)).toEqual([0]);
    expect(view(s).fortressesTotal).toBe(5);
    expect(game.play(s, 0, { type: 'fort', cell: 'I1' })).toMatchObject({ ok: false, error: { code: 'wrong-phase' } });
    expect(game.legalMoves(s, 0).every((m) => m.type === 'place')).toBe(true);
  });

  it('refuses a drafted fortress that would leave no room for an army', () => {
    // A 5-cell strip: a fortress on its middle leaves no row of 4.
    let s = positionFromAscii({ rows: ['# # # # #', ' . . . . .', '# # # # # # # #'] });
    s = { ...s, phase: 'draft', fortressSetup: 'draft', fortressCount: 5 };
    expect(game.play(s, 0, { type: 'fort', cell: 'C1' })).toMatchObject({
      ok: false,
      error: { message: 'a fortress on C1 would leave no room for an army around it' },
    });
    expect(game.play(s, 0, { type: 'fort', cell: 'A1' }).ok).toBe(true);
  });

  it('shows every land cell and the state of play, the same for both seats', () => {
    const s = playMoves(game.setup('view-1', HUMANS, { map: 'europe', fortresses: 'random', fortressCount: 15 }), []);
    const first = game.legalMoves(s, 0)[0]!;
    const r = game.play(s, 0, first);
    if (!r.ok) throw new Error(r.error.message);
    const v = view(r.value.state);
    expect(v.cells).toHaveLength(boardFor(s).size);
    expect(v.cells[0]).toEqual({ label: v.cells[0]!.label, q: expect.any(Number), r: 0, army: expect.anything(), fortress: null });
    expect(v).toMatchObject({
      map: 'europe',
      mapName: 'Europe',
      phase: 'play',
      toAct: [1],
      moveNumber: 1,
      armiesLeft: [19, 20],
      captured: [0, 0],
      fortressesTotal: 15,
      seatNames: ['Red', 'Blue'],
      canSwap: true,
      outcome: null,
    });
    expect(v.armies).toEqual([{ seat: 0, index: 0, cells: first.type === 'place' ? first.cells : [] }]);
    expect(v.lastArmy).toEqual({ seat: 0, cells: first.type === 'place' ? first.cells : [], captured: [] });
    expect(v.mustPlayAdjacent).toBe(true);
    expect(v.hintCells.length).toBeGreaterThan(0);
    expect(game.view(r.value.state, 0)).toEqual(game.view(r.value.state, 1));
    expect(JSON.parse(JSON.stringify(v))).toEqual(v);
  });
});

describe('choice paths', () => {
  const s = game.setup('choices-1', HUMANS, { map: 'africa', fortresses: 'random', fortressCount: 15 });

  it('asks for the first cell, then the direction, when there are many moves', () => {
    const moves = game.legalMoves(s, 0);
    expect(moves.length).toBeGreaterThan(25);
    const paths = moves.map((m) => game.choicePath!(s, 0, m));
    const keys = new Set(paths.map((p) => p.map((c) => c.key).join('/')));
    expect(keys.size).toBe(moves.length);
    for (const p of paths) {
      expect(p).toHaveLength(2);
      for (const c of p) expect(c.key).toMatch(/^[^:]{1,16}$/);
    }
    const first = moves[0]!;
    if (first.type !== 'place') throw new Error('expected a placement');
    expect(game.choicePath!(s, 0, first)[1]).toMatchObject({ key: first.dir, description: first.cells.join(' ') });
    expect(game.choicePrompt!(s, 0, [])).toBe('Choose where your army starts');
    expect(game.choicePrompt!(s, 0, ['F7'])).toBe('Choose the direction from F7');
  });

  it('offers the swap as a first-level choice beside the placements', () => {
    const afterRed = game.play(s, 0, game.legalMoves(s, 0)[0]!);
    if (!afterRed.ok) throw new Error(afterRed.error.message);
    const t = afterRed.value.state;
    const paths = game.legalMoves(t, 1).map((m) => game.choicePath!(t, 1, m));
    expect(paths[0]).toEqual([
      {
        key: 'swap',
        label: 'Swap',
        description: "Take Red's opening army as your own",
        phrase: { key: 'choices.swap.label' },
        descriptionPhrase: { key: 'choices.swap.description', values: { seat: { key: 'seats.0' } } },
      },
    ]);
  });

  it('names each move in one step when there are few', () => {
    const t = positionFromAscii({
      rows: ['# # # # # # # # # # # #', ' . . . . # # # . . . . .', '# # # # # # # # # # # #', ' # # # # # # # # # # # #'],
      armies: [
        { seat: 0, at: 'A3 E' },
        { seat: 1, at: 'E3 E' },
        { seat: 0, at: 'I3 E' },
        { seat: 1, at: 'E1 E' },
      ],
    });
    const paths = game.legalMoves(t, 0).map((m) => game.choicePath!(t, 0, m));
    const cells = (list: string) => ({ key: 'choices.cells', values: { cells: list } });
    expect(paths).toEqual([
      [{ key: 'A1E', label: 'A1 E', description: 'A1 B1 C1 D1', descriptionPhrase: cells('A1 B1 C1 D1') }],
      [{ key: 'I1E', label: 'I1 E', description: 'I1 J1 K1 L1', descriptionPhrase: cells('I1 J1 K1 L1') }],
    ]);
    expect(game.choicePrompt!(t, 0, [])).toBe("Choose your army next to Blue's last army");
  });

  it('answers a path for every legal move quickly', () => {
    const moves = game.legalMoves(s, 0);
    const started = performance.now();
    for (let round = 0; round < 3; round++) for (const m of moves) game.choicePath!(s, 0, m);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
