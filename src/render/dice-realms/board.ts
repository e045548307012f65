// Dice Realms board: view → SVG. Blue's realm at the top and Red's at the bottom face each other
// across the front line: each realm shows its banner (colour, player and standing defence
// policy) across the full width at the board's edge, its resource dice, its three territories
// with health bars, and its four units nearest the front. Every die is drawn as its
// polyhedron with its value and maximum; the rolls of this turn and the last sit beside their dice.
import { CHIP, type Chip, SMALL, die, dieHalo, healthBar, rollChip, type DieLook } from './dice.js';
import {
  type Palette,
  type RenderOptions,
  type SeatColours,
  clip,
  fitWidth,
  fontSafe,
  n,
  palette as paletteFor,
  playerName,
  rect,
  seatColours,
  stripesOnRect,
  svgDocument,
  text,
  textWidth,
  withPlayer,
} from '../svg.js';

type ResourceKey = 'food' | 'population' | 'military';
type TerritoryKey = 'farms' | 'city' | 'keep';
type UnitKey = 'infantry' | 'ranged' | 'cavalry' | 'siege';

export type DiceRealmsRoll = { seat: number; die: string; sides: number; face: number; for: string };

export type DiceRealmsRealmView = {
  seat: number;
  name: string;
  resources: Record<ResourceKey, { name: string; value: number; die: string; max: number }>;
  territories: Record<TerritoryKey, { name: string; health: number; die: string; max: number; destroyed: boolean; yields: string }>;
  units: Record<
    UnitKey,
    {
      name: string;
      value: number;
      die: string;
      max: number;
      active: boolean;
      felled: boolean;
      status: 'active' | 'felled' | 'reserve';
      attackedThisTurn: boolean;
      trainedThisTurn: boolean;
    }
  >;
};

export type DiceRealmsView = {
  game: 'dice-realms';
  variant: 'classic' | 'fast';
  seatNames: string[];
  turn: number;
  active: number;
  phase: 'gather' | 'spend' | 'attack' | 'train' | 'defend' | 'over';
  step: string;
  gathered: string | null;
  attackedThisTurn: string[];
  trainedThisTurn: string[];
  pending: null | { attacker: number; unit: UnitKey; value: number; target: TerritoryKey; defender: number | null };
  toAct: number[];
  realms: DiceRealmsRealmView[];
  rolls: { thisTurn: DiceRealmsRoll[]; lastTurn: null | { turn: number; seat: number; rolls: DiceRealmsRoll[] } };
  outcome: null | { winners: number[]; draw: boolean; reason: string };
};

const RESOURCES: ResourceKey[] = ['food', 'population', 'military'];
const TERRITORIES: TerritoryKey[] = ['farms', 'city', 'keep'];
const UNITS: UnitKey[] = ['infantry', 'ranged', 'cavalry', 'siege'];
const YIELD: Record<TerritoryKey, ResourceKey> = { farms: 'food', city: 'population', keep: 'military' };

const WIDTH = 1000;
const MARGIN = 14;
const HEADER_H = 58;
const BANNER_H = 50;
const RESOURCE_H = 88;
const TERRITORY_H = 98;
const UNIT_H = 120;
const REALM_H = BANNER_H + RESOURCE_H + TERRITORY_H + UNIT_H;
const FRONT_H = 40;
const STATUS_H = 56;
const INNER_X = MARGIN + 10;
const INNER_W = WIDTH - 2 * INNER_X;
const TOP_SEAT = 1;

type Slot = { x: number; y: number; w: number; h: number };

const sides = (d: { die: string; max: number }) => Number(d.die.replace(/^d/, '')) || d.max;

function seatName(view: DiceRealmsView, seat: number): string {
  const raw = fontSafe(view.realms[seat]?.name ?? view.seatNames[seat] ?? '');
  return clip(raw || (['Red', 'Blue'][seat] ?? `Seat ${seat + 1}`), 14);
}

/** The name, plus the colour it is drawn in when the colour-blind palette changes it. */
function seatTitle(view: DiceRealmsView, p: Palette, seat: number): string {
  const name = seatName(view, seat);
  const c = seatColours(p, seat);
  return p.name === 'colourblind' && name === 'Red' && c.name !== name ? `${name} (${c.name.toLowerCase()})` : name;
}

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

function chipRow(x: number, cy: number, chips: Chip[] | undefined, room: number, p: Palette): string {
  if (!chips?.length) return '';
  const fit = Math.max(1, Math.floor((room + 6) / (CHIP + 6)));
  return chips
    .slice(-fit)
    .map((c, i) => rollChip(x + i * (CHIP + 6), cy, c, p))
    .join('');
}

/** The banner's title size, and the smaller one a long name may take before it is shortened. */
const TITLE_SIZES = [28, 26];

/** A rounded label in the seat's dark colour. */
function pill(x: number, cy: number, label: string, fill: string): { svg: string; w: number } {
  const w = textWidth(label, SMALL) + 24;
  const h = 34;
  return {
    svg: rect(x, cy - h / 2, w, h, { fill, radius: h / 2 }) + text(x + w / 2, cy, label, { size: SMALL, fill: '#ffffff', anchor: 'middle' }),
    w,
  };
}

function swatch(x: number, cy: number, size: number, s: SeatColours): string {
  return (
    rect(x, cy - size / 2, size, size, { fill: s.fill, stroke: s.edge, strokeWidth: 3, radius: size * 0.2 }) +
    (s.striped ? stripesOnRect(x + size / 2, cy, 0, size - 4, size - 4, size * 0.3) : '')
  );
}

type Ctx = {
  view: DiceRealmsView;
  p: Palette;
  opts: RenderOptions;
  chips: Map<string, Chip[]>;
  /** Over by the rules, or ended by the platform (`opts.finished`). */
  over: boolean;
  winner: number | null;
  /** The attack waiting for a defender; null once the game is over. */
  pending: DiceRealmsView['pending'];
};

/**
 * The realm's banner, the full width of the board: its colour, its name and its player, and at
 * the right what it must do now or else the player's standing defence policy (what the other
 * side needs to know while it plays). The name is drawn whole whenever it fits, a little smaller
 * if it must, and shortened only when it cannot fit at all.
 */
function banner(ctx: Ctx, seat: number, slot: Slot): string {
  const { view, p } = ctx;
  const s = seatColours(p, seat);
  const cy = slot.y + slot.h / 2;
  const out: string[] = [swatch(slot.x, cy, 34, s)];
  let right = slot.x + slot.w - 4;
  let tag: string | null = null;
  if (ctx.over) tag = ctx.winner === seat ? 'WINS' : null;
  else if (view.toAct.includes(seat)) tag = view.phase === 'defend' ? 'TO DEFEND' : 'TO PLAY';
  const note = ctx.over ? '' : fontSafe(ctx.opts.seatNotes?.[seat] ?? '');
  if (tag) {
    const w = textWidth(tag, SMALL) + 24;
    out.push(pill(right - w, cy, tag, s.edge).svg);
    right -= w + 18;
  } else if (note) {
    const shown = fitWidth(note, SMALL, 300, 400);
    out.push(text(right, cy, shown, { size: SMALL, weight: 400, fill: p.mutedInk, anchor: 'end' }));
    right -= textWidth(shown, SMALL, 400) + 18;
  }
  const left = slot.x + 48;
  const label = seatTitle(view, p, seat);
  const player = playerName(ctx.opts, seat);
  const size = TITLE_SIZES.find((z) => textWidth(withPlayer(label, player, z, Infinity), z) <= right - left) ?? TITLE_SIZES.at(-1)!;
  out.push(text(left, cy, withPlayer(label, player, size, right - left), { size, fill: s.edge }));
  return out.join('');
}

function resource(ctx: Ctx, seat: number, key: ResourceKey, slot: Slot): string {
  const { p } = ctx;
  const res = ctx.view.realms[seat]!.resources[key];
  const s = seatColours(p, seat);
  const r = 37;
  const cx = slot.x + 40;
  const cy = slot.y + slot.h / 2;
  const tx = slot.x + 86;
  const out = [die(sides(res), cx, cy, r, res.value, { fill: s.fill, edge: s.edge, look: 'solid' }, p)];
  out.push(text(tx, cy - 18, clip(fontSafe(res.name), 11), { size: 26, fill: p.ink }));
  const max = `max ${res.max}`;
  out.push(text(tx, cy + 20, max, { size: SMALL, weight: 400, fill: p.mutedInk }));
  const cx0 = tx + textWidth(max, SMALL, 400) + 16;
  out.push(chipRow(cx0, cy + 20, ctx.chips.get(`${seat}:${key}`), slot.x + slot.w - cx0, p));
  return out.join('');
}

function territory(ctx: Ctx, seat: number, key: TerritoryKey, slot: Slot): string {
  const { p, view } = ctx;
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
  out.push(text(tx, cy - 20, clip(fontSafe(t.name), 10), { size: 26, fill: p.ink }));
  if (t.destroyed) {
    const label = key === 'keep' ? 'FALLEN' : 'RUINED';
    out.push(pill(right - textWidth(label, SMALL) - 24, cy - 20, label, '#7d1d17').svg);
  } else {
    out.push(text(right, cy - 20, `${t.health} of ${t.max}`, { size: SMALL, weight: 400, fill: p.mutedInk, anchor: 'end' }));
  }
  out.push(healthBar(tx, cy + 8, right - tx, 22, t.health, t.max, p));
  return out.join('');
}

function unit(ctx: Ctx, seat: number, key: UnitKey, slot: Slot): string {
  const { p, view } = ctx;
  const u = view.realms[seat]!.units[key];
  const s = seatColours(p, seat);
  const r = 40;
  const cx = slot.x + 44;
  const cy = slot.y + slot.h / 2;
  const tx = slot.x + 98;
  const attacking = !!ctx.pending && ctx.pending.attacker === seat && ctx.pending.unit === key;
  const dimmed = u.active && u.attackedThisTurn && !attacking && !ctx.over;
  let look: DieLook = 'solid';
  let status = 'active';
  let statusInk = p.ink;
  if (u.status === 'felled' || (u.felled && u.value === 0)) {
    look = 'felled';
    status = 'felled';
    statusInk = '#a3211b';
  } else if (!u.active) {
    look = 'reserve';
    status = 'not trained';
    statusInk = p.mutedInk;
  } else if (attacking) status = 'attacking';
  else if (dimmed) status = 'attacked';
  else if (u.trainedThisTurn) status = 'just trained';
  if (dimmed) look = 'spent';
  // A unit that has attacked stays legible: its die pales, its name and status turn grey.
  const out = [(attacking ? dieHalo(sides(u), cx, cy, r, p) : '') + die(sides(u), cx, cy, r, u.value, { fill: s.fill, edge: s.edge, look }, p)];
  out.push(text(tx, cy - 36, clip(fontSafe(u.name), 9), { size: 26, fill: dimmed ? p.mutedInk : p.ink }));
  out.push(text(tx, cy - 2, status, { size: SMALL, weight: status === 'active' ? 400 : 700, fill: dimmed ? p.mutedInk : statusInk }));
  out.push(chipRow(tx, cy + 36, ctx.chips.get(`${seat}:${key}`), slot.x + slot.w - tx - 4, p));
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
  const rows = facingDown
    ? { banner: top, resources: top + BANNER_H, territories: top + BANNER_H + RESOURCE_H, units: top + BANNER_H + RESOURCE_H + TERRITORY_H }
    : { units: top, territories: top + UNIT_H, resources: top + UNIT_H + TERRITORY_H, banner: top + UNIT_H + TERRITORY_H + RESOURCE_H };
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

/**
 * The line between the two armies. While an attack waits for a defender it names the attack in
 * gold, matching the rings on the attacking unit and its target.
 */
function frontLine(ctx: Ctx, y: number): string {
  const { view, p } = ctx;
  const cy = y + FRONT_H / 2;
  const pend = view.phase === 'defend' ? ctx.pending : null;
  const label = pend ? clip(attackText(view, pend), 56) : 'FRONT LINE';
  const half = textWidth(label, SMALL) / 2 + 18;
  const mid = WIDTH / 2;
  const out = [
    `<path d="M${INNER_X} ${n(cy)}H${n(mid - half - 8)}M${n(mid + half + 8)} ${n(cy)}H${INNER_X + INNER_W}" stroke="${p.neutralEdge}" stroke-width="3" stroke-dasharray="14 8"/>`,
  ];
  if (pend) {
    out.push(rect(mid - half, cy - 17, half * 2, 34, { fill: p.highlight, stroke: p.highlightEdge, strokeWidth: 2.5, radius: 17 }));
    out.push(text(mid, cy, label, { size: SMALL, fill: p.highlightEdge, anchor: 'middle' }));
  } else {
    out.push(text(mid, cy, label, { size: SMALL, fill: p.neutralEdge, anchor: 'middle' }));
  }
  return out.join('');
}

function attackText(view: DiceRealmsView, pend: NonNullable<DiceRealmsView['pending']>): string {
  const a = pend.attacker;
  const unitName = fontSafe(view.realms[a]?.units[pend.unit]?.name ?? pend.unit);
  const targetName = fontSafe(view.realms[1 - a]?.territories[pend.target]?.name ?? pend.target);
  return `${seatName(view, a)}'s ${unitName} (${pend.value}) attacks ${seatName(view, 1 - a)}'s ${targetName}`;
}

function sentence(s: string): string {
  const t = fontSafe(s).trim();
  if (!t) return '';
  const cap = t[0]!.toUpperCase() + t.slice(1);
  return /[.!?]$/.test(cap) ? cap : `${cap}.`;
}

/** Whose move it is and what they may do, or the result, in one line. */
export function statusLine(view: DiceRealmsView): string {
  const name = (seat: number) => seatName(view, seat);
  const a = name(view.active);
  switch (view.phase) {
    case 'gather':
      return `${a} to play: gather at the Farms, City or Keep.`;
    case 'spend':
      return `${a} to play: spend Food, Population or Military.`;
    case 'attack':
      return `${a} may attack again (Food ${view.realms[view.active]?.resources.food.value ?? 0}) or end the turn.`;
    case 'train':
      return `${a} may train another unit type or end the turn.`;
    case 'defend': {
      const d = view.pending?.defender ?? view.toAct[0] ?? 1 - view.active;
      const t = view.pending ? view.realms[d]?.territories[view.pending.target]?.name ?? view.pending.target : 'territory';
      return `Waiting for ${name(d)}: defend the ${t} with a unit, or none.`;
    }
    case 'over': {
      const o = view.outcome;
      if (!o || o.draw || o.winners.length !== 1) return `Game over. ${sentence(o?.reason ?? '')}`.trim();
      return `${name(o.winners[0]!)} wins! ${sentence(o.reason)}`;
    }
    default:
      return sentence(view.step);
  }
}

function status(ctx: Ctx, y: number): string {
  const { view, p } = ctx;
  const seat = ctx.over ? ctx.winner : view.toAct[0] ?? view.active;
  const s = seat === null ? null : seatColours(p, seat);
  const fin = ctx.opts.finished;
  const waiting = view.phase === 'defend' && !fin;
  const fill = waiting ? p.highlight : s ? s.tint : p.panel;
  const edge = waiting ? p.highlightEdge : s ? s.fill : p.panelEdge;
  const out = [rect(MARGIN, y, WIDTH - 2 * MARGIN, STATUS_H, { fill, stroke: edge, strokeWidth: 3, radius: 14 })];
  let x = INNER_X;
  if (s) {
    out.push(swatch(x, y + STATUS_H / 2, 28, s));
    x += 40;
  }
  const size = 26;
  const room = WIDTH - INNER_X - x;
  if (fin) {
    // The platform's result: the title in the winner's colour, then what happened.
    const title = fitWidth(fontSafe(fin.title) || 'Game over', 28, room);
    out.push(text(x, y + STATUS_H / 2, title, { size: 28, fill: s ? s.edge : p.ink }));
    const dx = textWidth(title, 28);
    const detail = fitWidth(`· ${sentence(fin.detail)}`, size, room - dx - 16, 400);
    if (fin.detail.trim() && room - dx > 80) out.push(text(x + dx + 8, y + STATUS_H / 2, detail, { size, weight: 400, fill: p.ink }));
    return out.join('');
  }
  let line = statusLine(view);
  while (line.length > 8 && textWidth(line, size) > room) line = clip(line, Array.from(line).length - 2);
  out.push(text(x, y + STATUS_H / 2, line, { size, fill: p.ink }));
  return out.join('');
}

function header(view: DiceRealmsView, p: Palette): string {
  const cy = HEADER_H / 2;
  const title = `Dice Realms · Turn ${view.turn}${view.variant === 'fast' ? ' · fast rules' : ''}`;
  const out = [text(INNER_X, cy, title, { size: 30, fill: p.ink })];
  // Key to the roll chips, right-aligned.
  const last = 'last turn';
  const now = 'this turn';
  let x = WIDTH - INNER_X - textWidth(last, SMALL, 400);
  out.push(text(x, cy, last, { size: SMALL, weight: 400, fill: p.mutedInk }));
  x -= CHIP + 8;
  out.push(rollChip(x, cy, { face: 3, fresh: false }, p));
  x -= 22 + textWidth(now, SMALL, 400);
  out.push(text(x, cy, now, { size: SMALL, weight: 400, fill: p.mutedInk }));
  x -= CHIP + 8;
  out.push(rollChip(x, cy, { face: 5, fresh: true }, p));
  x -= 12;
  out.push(text(x, cy, 'Rolls:', { size: SMALL, weight: 400, fill: p.mutedInk, anchor: 'end' }));
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
  const ctx: Ctx = { view, p, opts, chips: chipsByDie(view), over, winner, pending: fin ? null : view.pending };
  const topY = HEADER_H;
  const frontY = topY + REALM_H;
  const bottomY = frontY + FRONT_H;
  const statusY = bottomY + REALM_H + 12;
  const height = statusY + STATUS_H + MARGIN;

  const body = [header(view, p), realm(ctx, TOP_SEAT, topY), realm(ctx, 1 - TOP_SEAT, bottomY), frontLine(ctx, frontY)];
  body.push(status(ctx, statusY));
  return svgDocument(WIDTH, height, p.paper, body.join(''));
}
