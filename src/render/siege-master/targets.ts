// Where each cell of a Siege Master board is, in the board's own SVG units: the hexagon the
// board draws for it (boardGeometry, board.ts). The web front lays its clickable cells over the
// image with these outlines, so that a click on a drawn cell is a click on that cell.
import { CORNER_OFFSETS } from '../hexLayout.js';
import type { BoardShape } from '../boardShape.js';
import { boardGeometry } from './board.js';
import type { SiegeMasterView } from './view.js';

/** Each cell's hexagon by its label ("F7"). */
export function siegeMasterShapes(view: SiegeMasterView): Map<string, BoardShape> {
  const g = boardGeometry(view);
  const shapes = new Map<string, BoardShape>();
  for (const [label, c] of g.centres) {
    shapes.set(label, { polygon: CORNER_OFFSETS.map(([x, y]) => [c.x + x * g.size, c.y + y * g.size] as [number, number]) });
  }
  return shapes;
}
