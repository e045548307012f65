// Where each thing of a Dice Realms board is, in the board's own SVG units: each realm's resource
// dice, territories and units, by `<seat>:<key>` ("0:farms", "1:cavalry"), as the rows and slots
// board.ts draws them in (layout.ts), so that a click on a drawn die is a click on it.
import { rectShape, type BoardShape } from '../boardShape.js';
import { INNER_W, INNER_X, RESOURCE_H, RESOURCES, TERRITORIES, TERRITORY_H, UNIT_H, UNITS, realmRows, realmTop } from './layout.js';

export function diceRealmsShapes(): Map<string, BoardShape> {
  const shapes = new Map<string, BoardShape>();
  for (const seat of [0, 1]) {
    const rows = realmRows(seat, realmTop(seat));
    const row = (keys: string[], y: number, h: number) => {
      const w = INNER_W / keys.length;
      keys.forEach((key, i) => shapes.set(`${seat}:${key}`, rectShape(INNER_X + i * w + 3, y + 3, w - 6, h - 6)));
    };
    row(RESOURCES, rows.resources, RESOURCE_H);
    row(TERRITORIES, rows.territories, TERRITORY_H);
    row(UNITS, rows.units, UNIT_H);
  }
  return shapes;
}
