// Dice Realms board: view → SVG. Blue's realm at the top and Red's at the bottom face each other
// across the front line: each realm shows its banner (colour, player, what it must do and the
// member's standing defence setting) across the full width at the board's edge, its resource dice,
// its three territories with health bars, and its four units nearest the front. Every die is drawn
// as its polyhedron with its value and maximum; the rolls of this turn and the last sit beside
// their dice. Every word is drawn in `opts.locale` and given the room it needs.
import { n, palette as paletteFor, seatColours, svgDocument, text } from '../svg.js';
import type { RenderOptions } from '../svg.js';
import { banner, frontLine, header, statusBar } from './captions.js';
import { CHIP, type Chip, SMALL, die, dieHalo, healthBar, rollChip, type DieLook } from './dice.js';
import {
  type Ctx,
  type DiceRealmsRoll,
  type DiceRealmsView,
  type ResourceKey,
  type Slot,
  type TerritoryKey,
  type UnitKey,
  BANNER_H,
  FRONT_H,
  HEADER_H,
  INNER_W,
  INNER_X,
  MARGIN,
  REALM_H,
  RESOURCE_H,
  RESOURCES,
  SMALLEST,
  STATUS_H,
  TERRITORIES,
  TERRITORY_H,
  TOP_SEAT,
  UNIT_H,
  UNITS,
  WIDTH,
  YIELD,
  pill,
  pillWidth,
  realmRows,
} from './layout.js';
import { roomFor, sizeThatFits } from './textMetrics.js';
import { wordsFor, type UnitStatus } from './words.js';

export type { DiceRealmsRealmView, DiceRealmsRoll, DiceRealmsView } from './layout.js';
export { statusLine } from './captions.js';

const sides = (d: { die: string; max: number }) => Number(d.die.replace(/^d/, '')) || d.max;

/** A name on a row: 26 where it fits, else the smallest readable size. */
const NAME_SIZES = [26, SMALLEST];

/** Rolls of the last turn and of this one, keyed by the die they belong to, oldest first. */
function chipsByDie(view: DiceRealmsView): Map<string, Chip[]> {
  const map = new Map<string, Chip[]>();
  const add = (r: DiceRealmsRoll, fresh: boolean) => {
    const [what, detail] = r.for.split('-');
    let key: string | null = null;
    if (what === 'gather' && detail && detail in YIELD) key = YIELD[detail as TerritoryKey];
    else if (what && (UNITS as string[]).includes(what)) key = what;
    if (!key) return;
    const id = `${r.seat}:${key}`;
    map.set(id, [...(map.get(id) ?? []), { face: r.face, fresh }]);
  };
  for (const r of view.rolls.lastTurn?.rolls ?? []) add(r, false);
  for (const r of view.rolls.thisTurn) add(r, true);
  return map;
}

function chipRow(x: number, cy: number, chips: Chip[] | undefined, room: number, ctx: Ctx): string {
  if (!chips?.length) return '';
  const fit = Math.max(1, Math.floor((room + 6) / (CHIP + 6)));
  return chips
    .slice(-fit)
    .map((c, i) => rollChip(x + i * (CHIP + 6), cy, c, ctx.p))
    .join('');
}

/** A name drawn at the largest size that fits its room. */
function nameText(x: number, y: number, name: string, room: number, fill: string): string {
  const size = sizeThatFits(name, NAME_SIZES, room) ?? SMALLEST;
  return text(x, y, name, { size, fill, box: room });
}

function resource(ctx: Ctx, seat: number, key: ResourceKey, slot: Slot): string {
  const { p, words } = ctx;
  const res = ctx.view.realms[seat]!.resources[key];
  const s = seatColours(p, seat);
  const r = 37;
  const cx = slot.x + 40;
  const cy = slot.y + slot.h / 2;
  const tx = slot.x + 86;
  const out = [die(sides(res), cx, cy, r, res.value, { fill: s.fill, edge: s.edge, look: 'solid' }, p)];
  out.push(nameText(tx, cy - 18, words.resource(key), slot.x + slot.w - tx - 8, p.ink));
  const max = words.board('max', { max: res.max });
  const maxW = roomFor(max, SMALL, 400);
  out.push(text(tx, cy + 20, max, { size: SMALL, weight: 400, fill: p.mutedInk, box: maxW }));
  const cx0 = tx + maxW + 16;
  out.push(chipRow(cx0, cy + 20, ctx.chips.get(`${seat}:${key}`), slot.x + slot.w - cx0, ctx));
  return out.join('');
}

/**
 * A territory: its die, its name and health in words ("8 of 8") or, where a long name needs the
 * room, in figures ("8/8"), and its health bar. A destroyed one says so on its empty bar.
 */
function territory(ctx: Ctx, seat: number, key: TerritoryKey, slot: Slot): string {
  const { p, view, words } = ctx;
  const t = view.realms[seat]!.territories[key];
  const s = seatColours(p, seat);
  const r = 38;
  const cx = slot.x + 44;
  const cy = slot.y + slot.h / 2;
  const tx = slot.x + 96;
  const right = slot.x + slot.w - 14;
  const out: string[] = [];
  if (ctx.pending && ctx.pending.target === key && ctx.pending.attacker !== seat) out.push(dieHalo(sides(t), cx, cy, r, p));
  out.push(die(sides(t), cx, cy, r, t.health, { fill: s.fill, edge: s.edge, look: t.destroyed ? 'ruined' : 'solid' }, p));
  const name = words.territory(key);
  out.push(healthBar(tx, cy + 8, right - tx, 22, t.health, t.max, p));
  if (t.destroyed) {
    out.push(nameText(tx, cy - 20, name, right - tx, p.ink));
    const label = words.board(key === 'keep' ? 'fallen' : 'ruined');
    out.push(pill(tx + (right - tx - pillWidth(label)) / 2, cy + 19, label, '#7d1d17').svg);
    return out.join('');
  }
  const nameW = Math.min(roomFor(name, NAME_SIZES[0]!), roomFor(name, SMALLEST));
  const words8 = words.board('health', { health: t.health, max: t.max });
  const figures = `${t.health}/${t.max}`;
  const health = tx + nameW + 12 + roomFor(words8, SMALL, 400) <= right ? words8 : figures;
  const healthW = roomFor(health, SMALL, 400);
  out.push(nameText(tx, cy - 20, name, right - tx - healthW - 12, p.ink));
  out.push(text(right, cy - 20, health, { size: SMALL, weight: 400, fill: p.mutedInk, anchor: 'end', ...(health === figures ? { fixed: true } : { box: healthW }) }));
  return out.join('');
}

function unit(ctx: Ctx, seat: number, key: UnitKey, slot: Slot): string {
  const { p, view, words } = ctx;
  const u = view.realms[seat]!.units[key];
  const s = seatColours(p, seat);
  const r = 38;
  const cx = slot.x + 42;
  const cy = slot.y + slot.h / 2;
  const tx = slot.x + 90;
  const room = slot.x + slot.w - tx - 4;
  const attacking = !!ctx.pending && ctx.pending.attacker === seat && ctx.pending.unit === key;
  const dimmed = u.active && u.attackedThisTurn && !attacking && !ctx.over;
  let look: DieLook = 'solid';
  let status: UnitStatus = 'active';
  let statusInk = p.ink;
  if (u.status === 'felled' || (u.felled && u.value === 0)) {
    look = 'felled';
    status = 'felled';
    statusInk = '#a3211b';
  } else if (!u.active) {
    look = 'reserve';
    status = 'reserve';
    statusInk = p.mutedInk;
  } else if (attacking) status = 'attacking';
  else if (dimmed) status = 'attacked';
  else if (u.trainedThisTurn) status = 'trained';
  if (dimmed) look = 'spent';
  // A unit that has attacked stays legible: its die pales, its name and status turn grey.
  const out = [(attacking ? dieHalo(sides(u), cx, cy, r, p) : '') + die(sides(u), cx, cy, r, u.value, { fill: s.fill, edge: s.edge, look }, p)];
  out.push(nameText(tx, cy - 36, words.unit(key), room, dimmed ? p.mutedInk : p.ink));
  // A status other than `active` stands out in bold, unless a long word needs the regular weight's room.
  const said = words.status(status, key);
  const weight = status !== 'active' && roomFor(said, SMALL, 700) <= room ? 700 : 400;
  out.push(text(tx, cy - 2, said, { size: SMALL, weight, fill: dimmed ? p.mutedInk : statusInk, box: room }));
  out.push(chipRow(tx, cy + 36, ctx.chips.get(`${seat}:${key}`), slot.x + slot.w - tx - 4, ctx));
  return out.join('');
}

/** Rows of a realm from its back to the front line; the top realm is drawn upside down in order. */
function realm(ctx: Ctx, seat: number, top: number): string {
  const { p, view } = ctx;
  const s = seatColours(p, seat);
  const facingDown = seat === TOP_SEAT;
  const acting = !ctx.over && view.toAct.includes(seat);
  const won = ctx.over && ctx.winner === seat;
  const out: string[] = [];
  out.push(`<rect x="${MARGIN}" y="${n(top)}" width="${WIDTH - 2 * MARGIN}" height="${REALM_H}" rx="14" fill="${s.tint}" stroke="${s.fill}" stroke-width="${acting || won ? 6 : 2}"/>`);
  const rows = realmRows(seat, top);
  // A faint rule between the back rows and the units on the front line.
  const ruleY = facingDown ? rows.units : rows.territories;
  out.push(`<path d="M${INNER_X} ${n(ruleY)}H${INNER_X + INNER_W}" stroke="${s.fill}" stroke-opacity="0.35" stroke-width="2" stroke-dasharray="10 8"/>`);
  out.push(banner(ctx, seat, { x: INNER_X, y: rows.banner, w: INNER_W, h: BANNER_H }));
  const resW = INNER_W / RESOURCES.length;
  RESOURCES.forEach((k, i) => out.push(resource(ctx, seat, k, { x: INNER_X + i * resW, y: rows.resources, w: resW, h: RESOURCE_H })));
  const terW = INNER_W / TERRITORIES.length;
  TERRITORIES.forEach((k, i) => out.push(territory(ctx, seat, k, { x: INNER_X + i * terW, y: rows.territories, w: terW, h: TERRITORY_H })));
  const unitW = INNER_W / UNITS.length;
  UNITS.forEach((k, i) => out.push(unit(ctx, seat, k, { x: INNER_X + i * unitW, y: rows.units, w: unitW, h: UNIT_H })));
  return out.join('');
}

export function renderDiceRealmsBoard(view: DiceRealmsView, opts: RenderOptions = {}): string {
  const p = paletteFor(opts.palette);
  if (!Array.isArray(view.realms) || view.realms.length !== 2) throw new Error('dice-realms view needs two realms');
  const fin = opts.finished;
  const over = view.phase === 'over' || !!fin;
  const winner = fin
    ? fin.winners.length === 1 ? fin.winners[0]! : null
    : over && view.outcome && !view.outcome.draw && view.outcome.winners.length === 1 ? view.outcome.winners[0]! : null;
  const ctx: Ctx = { view, p, opts, words: wordsFor(opts.locale), chips: chipsByDie(view), over, winner, pending: fin ? null : view.pending };
  const topY = HEADER_H;
  const frontY = topY + REALM_H;
  const bottomY = frontY + FRONT_H;
  const statusY = bottomY + REALM_H + 12;
  const height = statusY + STATUS_H + MARGIN;

  const body = [header(ctx), realm(ctx, TOP_SEAT, topY), realm(ctx, 1 - TOP_SEAT, bottomY), frontLine(ctx, frontY)];
  body.push(statusBar(ctx, statusY));
  return svgDocument(WIDTH, height, p.paper, body.join(''));
}
