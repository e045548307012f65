// Where each thing of a Two Deck Siege board is, in the board's own SVG units, as board.ts and
// panels.ts draw it: each wall, tower and band cell by its id ("N1", "NE", "N1-2"), the courtyard,
// each unit on a wall or tower and each enemy in a band cell by `unit:<id>`, and each card in
// hand by `hand:<index>`. Units in the courtyard are grouped under counts, alike ones on one chip:
// the chip is the place of the unit it shows (alike ones are the same choice), and when the
// courtyard is so full that units alike only in kind share a chip, none of them has one.
import type { TwoDeckSiegeView } from '../../games/two-deck-siege/view.js';
import { rectShape, type BoardShape } from '../boardShape.js';
import { courtyardChips, layout } from './board.js';
import { CHIP } from './chips.js';
import { CARD_H, cardWidth, PANEL_H, WIDTH } from './panels.js';

export function twoDeckSiegeShapes(v: TwoDeckSiegeView): Map<string, BoardShape> {
  const L = layout(v);
  const shapes = new Map<string, BoardShape>();
  for (const [id, b] of L.boxes) shapes.set(id, rectShape(b.x + 2, b.y + 2, b.w - 4, b.h - 4));
  shapes.set('courtyard', rectShape(L.court.x + 4, L.court.y + 4, L.court.w - 8, L.court.h - 8));
  // A wall's or tower's defenders side by side at its foot (drawCastleCard).
  for (const c of v.castle) {
    const b = L.boxes.get(c.id);
    if (!b || c.destroyed) continue;
    const span = c.defenders.length * CHIP + (c.defenders.length - 1) * 4;
    c.defenders.forEach((u, i) => shapes.set(`unit:${u.id}`, rectShape(b.x + (b.w - span) / 2 + i * (CHIP + 4), b.y + b.h - CHIP - 8, CHIP, CHIP)));
  }
  // A band cell's enemies across a north or south cell, stacked in an east or west one (drawCellEnemies).
  for (const cell of v.field) {
    const b = L.boxes.get(cell.cell);
    if (!b) continue;
    const across = b.w >= b.h;
    const span = cell.enemies.length * CHIP + (cell.enemies.length - 1) * 6;
    cell.enemies.forEach((e, i) => {
      const x = across ? b.x + (b.w - span) / 2 + i * (CHIP + 6) : b.x + (b.w - CHIP) / 2;
      const y = across ? b.y + (b.h - CHIP) / 2 : b.y + (b.h - span) / 2 + i * (CHIP + 6);
      shapes.set(`unit:${e.id}`, rectShape(x, y, CHIP, CHIP));
    });
  }
  // The courtyard's chips (drawCourtyard), when each stands for units alike in every way.
  for (const chip of courtyardChips(v, L.court)) if (chip.exact) shapes.set(`unit:${chip.u.id}`, rectShape(chip.x, chip.y, CHIP, CHIP));
  // The hand below the panel (renderTwoDeckSiegeBoard, drawHand).
  const handY = L.boardBottom + 20 + PANEL_H + 16;
  const cw = cardWidth(v.hand.length);
  const x0 = (WIDTH - (v.hand.length * cw + (v.hand.length - 1) * 8)) / 2;
  v.hand.forEach((_, i) => shapes.set(`hand:${i}`, rectShape(x0 + i * (cw + 8), handY, cw, CARD_H)));
  return shapes;
}
