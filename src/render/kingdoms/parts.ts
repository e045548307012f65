// Drawing pieces of the kingdom boards: region colours, meeples and cubes, pips.
import { n, rect } from '../svg.js';

/** How a region type is drawn, and the resource it yields (its chip on the tile, its word in the legend). */
export type RegionLook = { fill: string; edge: string; ink: string; yields: 'food' | 'mana' | 'ore' | null };

/** Region colours: Plains gold (Food), Forest green (Mana), Mountain grey (Ore), Ruins violet, Capital white and gold. */
export const REGION_LOOK: Record<string, RegionLook> = {
  plains: { fill: '#f6e3a1', edge: '#a4821a', ink: '#6b5200', yields: 'food' },
  forest: { fill: '#b5dcac', edge: '#2f6b2a', ink: '#1f4d1b', yields: 'mana' },
  mountain: { fill: '#d2d2d8', edge: '#5a5a66', ink: '#3a3a44', yields: 'ore' },
  ruins: { fill: '#dccbe9', edge: '#6b4a86', ink: '#4d2f66', yields: null },
  capital: { fill: '#fffdf5', edge: '#b8860b', ink: '#7a5900', yields: null },
};

/** The resources' colours: a track's pips, and a tile's chip for what it yields. */
export const RESOURCE_LOOK: Record<'food' | 'mana' | 'ore', { fill: string; edge: string }> = {
  food: { fill: '#e8c23a', edge: '#7a5f00' },
  mana: { fill: '#3f9b3f', edge: '#1c4d1c' },
  ore: { fill: '#8a8a96', edge: '#3a3a44' },
};

/** A meeple silhouette standing on (cx, bottom), `h` tall. */
export function meeple(cx: number, bottom: number, h: number, fill: string, edge: string): string {
  const w = h * 0.9;
  const P = (x: number, y: number) => `${n(cx + x * w)} ${n(bottom - y * h)}`;
  const d =
    `M${P(-0.5, 0)}L${P(-0.18, 0.42)}L${P(-0.5, 0.52)}L${P(-0.42, 0.66)}L${P(-0.14, 0.66)}` +
    `A${n(h * 0.17)} ${n(h * 0.17)} 0 1 1 ${P(0.14, 0.66)}` +
    `L${P(0.42, 0.66)}L${P(0.5, 0.52)}L${P(0.18, 0.42)}L${P(0.5, 0)}L${P(0.1, 0)}L${P(0, 0.2)}L${P(-0.1, 0)}Z`;
  return `<path d="${d}" fill="${fill}" stroke="${edge}" stroke-width="${n(h * 0.07)}" stroke-linejoin="round"/>`;
}

/** A cube seen slightly from above, `s` wide, centred on (cx, cy). */
export function cube(cx: number, cy: number, s: number, fill: string, edge: string): string {
  const h = s / 2;
  const top = s * 0.28;
  return (
    `<path d="M${n(cx - h)} ${n(cy - h + top)}L${n(cx - h + top)} ${n(cy - h)}L${n(cx + h)} ${n(cy - h)}L${n(cx + h)} ${n(cy + h - top)}` +
    `L${n(cx + h - top)} ${n(cy + h)}L${n(cx - h)} ${n(cy + h)}Z" fill="${fill}" stroke="${edge}" stroke-width="${n(s * 0.08)}" stroke-linejoin="round"/>` +
    `<path d="M${n(cx - h)} ${n(cy - h + top)}L${n(cx + h - top)} ${n(cy - h + top)}L${n(cx + h)} ${n(cy - h)}M${n(cx + h - top)} ${n(cy - h + top)}L${n(cx + h - top)} ${n(cy + h)}" ` +
    `fill="none" stroke="#ffffff" stroke-opacity="0.55" stroke-width="${n(s * 0.06)}"/>`
  );
}

/** A small flag: a border region, where quests start and end. */
export function flag(x: number, y: number, s: number, colour: string): string {
  return (
    `<path d="M${n(x)} ${n(y + s)}L${n(x)} ${n(y)}" stroke="${colour}" stroke-width="${n(s * 0.14)}" stroke-linecap="round"/>` +
    `<path d="M${n(x)} ${n(y)}L${n(x + s * 0.75)} ${n(y + s * 0.22)}L${n(x)} ${n(y + s * 0.46)}Z" fill="${colour}"/>`
  );
}

/** A little house: the home region next to the name banner. */
export function house(cx: number, cy: number, s: number, colour: string): string {
  const h = s / 2;
  return `<path d="M${n(cx - h)} ${n(cy)}L${n(cx)} ${n(cy - h)}L${n(cx + h)} ${n(cy)}L${n(cx + h * 0.7)} ${n(cy)}L${n(cx + h * 0.7)} ${n(cy + h)}L${n(cx - h * 0.7)} ${n(cy + h)}L${n(cx - h * 0.7)} ${n(cy)}Z" fill="${colour}"/>`;
}

/** A track of `max` pips, the first `value` filled. */
export function pips(x: number, cy: number, value: number, max: number, size: number, gap: number, fill: string, edge: string): string {
  let out = '';
  for (let i = 0; i < max; i++) {
    const on = i < value;
    out += rect(x + i * (size + gap), cy - size / 2, size, size, { fill: on ? fill : '#ffffff', stroke: on ? edge : '#b9b3a3', strokeWidth: 2, radius: size * 0.25 });
  }
  return out;
}

