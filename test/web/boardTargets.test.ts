// The touchable board's geometry against the drawing it lies over: given a game's opening
// position, then every choice of the first step that names a thing on the board has an outline,
// inside the drawing, where the drawing draws that thing (a Siege Master cell's hexagon, a Two
// Deck Siege card's face), and a choice with no place on the board has none.
import { describe, expect, it } from 'vitest';
import { gameById } from '../../src/games/index.js';
import { renderBoardSvg } from '../../src/render/index.js';
import { n } from '../../src/render/svg.js';
import { hexPath } from '../../src/render/hexLayout.js';
import { boardGeometry } from '../../src/render/siege-master/board.js';
import { speaker } from '../../src/i18n/index.js';
import { saidLevel } from '../../src/web/choices.js';
import { touchBoard } from '../../src/web/boardTargets.js';

const sp = speaker('en-US');

function opening(id: string, seats: number) {
  const def = gameById(id)!;
  const state = def.setup('board-targets', Array.from({ length: seats }, () => ({})) as never, def.defaultOptions as never);
  const view = def.view(state, 0) as object;
  return { def, state, view, picture: { gameType: id, view, opts: { locale: sp.locale } } };
}

describe('the touchable board', () => {
  for (const [id, seats] of [['siege-master', 2], ['dice-realms', 2], ['two-deck-siege', 1], ['kingdoms-siege', 1], ['kingdoms-solo', 1]] as const) {
    it(`given ${id}'s opening, then each target is a choice of the step, inside the drawing`, () => {
      const start = opening(id, seats);
      const { def } = start;
      let { state, picture } = start;
      // The Kingdoms games open with a split of resources (buttons): the move after it is on the board.
      for (let move = 0; move < 3 && !touchBoard(def, state, 0, [], saidLevel(sp, def, state, 0, []), picture); move++) {
        const played = def.play(state, 0, def.legalMoves(state, 0)[0]);
        if (!played.ok) throw new Error(played.error.message);
        state = played.value.state;
        picture = { ...picture, view: def.view(state, 0) as object };
      }
      const chosen: string[] = [];
      const level = saidLevel(sp, def, state, 0, chosen);
      const board = touchBoard(def, state, 0, chosen, level, picture)!;
      expect(board, `${id} has a step on the board`).not.toBeNull();
      const svg = renderBoardSvg(id, picture.view, picture.opts);
      expect(svg).toContain(`viewBox="0 0 ${board.width} ${board.height}"`);
      const keys = new Set(level.options.map((o) => o.key));
      for (const t of board.targets) {
        expect(keys.has(t.key)).toBe(true);
        expect(t.text).toBe(level.options.find((o) => o.key === t.key)!.text);
        for (const [x, y] of t.shapes.flatMap((s) => s.polygon)) {
          expect(x).toBeGreaterThanOrEqual(0);
          expect(y).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThanOrEqual(board.width);
          expect(y).toBeLessThanOrEqual(board.height);
        }
      }
    });
  }

  it("given Siege Master's opening, then each start cell's outline is the hexagon the board draws for it", () => {
    const { def, state, view, picture } = opening('siege-master', 2);
    const board = touchBoard(def, state, 0, [], saidLevel(sp, def, state, 0, []), picture)!;
    const svg = renderBoardSvg('siege-master', view, picture.opts);
    const g = boardGeometry(view as never);
    expect(board.targets.length).toBeGreaterThan(10);
    for (const t of board.targets) {
      const c = g.centres.get(t.key)!;
      const drawn = hexPath(c.x, c.y, g.size, n);
      expect(svg).toContain(drawn);
      const corner = t.shapes[0]!.polygon[0]!;
      expect(drawn.startsWith(`M${n(corner[0])} ${n(corner[1])}L`)).toBe(true);
    }
  });

  it("given Two Deck Siege's opening, then each card to play is its face in the hand, and ending the turn stays a button", () => {
    const { def, state, view, picture } = opening('two-deck-siege', 1);
    const level = saidLevel(sp, def, state, 0, []);
    const board = touchBoard(def, state, 0, [], level, picture)!;
    const svg = renderBoardSvg('two-deck-siege', view, picture.opts);
    expect(board.targets.map((t) => t.key)).not.toContain('end');
    expect(level.options.map((o) => o.key)).toContain('end');
    expect(board.targets.length).toBe(level.options.length - 1);
    for (const t of board.targets) {
      const corners = t.shapes[0]!.polygon;
      const [x, y] = corners[0]!;
      const [x2, y2] = corners[2]!;
      expect(svg).toContain(`<rect x="${n(x)}" y="${n(y)}" width="${n(x2 - x)}" height="${n(y2 - y)}"`);
    }
  });
});
