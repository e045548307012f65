// The outline of a thing a board draws (a cell, a territory, a unit), in the drawing's own units,
// for a front that lets its reader touch the board (targets.ts).

/** A closed outline, its corners in the drawing's units. */
export type BoardShape = { polygon: [number, number][] };

/** A rectangle as an outline. */
export function rectShape(x: number, y: number, w: number, h: number): BoardShape {
  return { polygon: [[x, y], [x + w, y], [x + w, y + h], [x, y + h]] };
}

/** The smallest side of a shape's bounding box, in the drawing's units. */
export function shapeExtent(shape: BoardShape): number {
  const xs = shape.polygon.map((p) => p[0]);
  const ys = shape.polygon.map((p) => p[1]);
  return Math.min(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
}
