// The pieces of a Dice Realms board: each die as the outline of its polyhedron with its value and
// maximum, the ruined and felled looks, segmented health bars and the chips that show a roll.
import { type Palette, n, rect, text } from '../svg.js';

type Pt = readonly [number, number];

export type DieLook = 'solid' | 'spent' | 'ruined' | 'felled' | 'reserve';

/** Fill opacity of a spent die: a unit that has already attacked this turn. */
export const SPENT_OPACITY = 0.3;

export type DieStyle = {
  fill: string;
  edge: string;
  look: DieLook;
};

/** The smallest text on the board: 2.5 % of its 1000 px width, legible on a phone. */
export const SMALL = 25;


const path = (pts: readonly Pt[], cx: number, cy: number, r: number) =>
  'M' + pts.map(([x, y]) => `${n(cx + x * r)} ${n(cy + y * r)}`).join('L') + 'Z';

const segs = (lines: readonly [Pt, Pt][], cx: number, cy: number, r: number) =>
  lines.map(([a, b]) => `M${n(cx + a[0] * r)} ${n(cy + a[1] * r)}L${n(cx + b[0] * r)} ${n(cy + b[1] * r)}`).join('');

function ring(k: number, radius: number, start: number): Pt[] {
  return Array.from({ length: k }, (_, i) => {
    const a = start + (i * 2 * Math.PI) / k;
    return [radius * Math.cos(a), radius * Math.sin(a)] as Pt;
  });
}

type Shape = { outline: Pt[]; facets: [Pt, Pt][]; round: boolean; valueY: number; maxY: number | null };

// Unit coordinates: every outline spans about -1..1, so each die fills its slot alike. `valueY`
// places the value on the front face; `maxY` places "/max" under it where the face has room for
// both (d4, d6), otherwise (null) the maximum is written beside the die.
const D4: Shape = { outline: [[0, -1.12], [1.16, 0.94], [-1.16, 0.94]], facets: [], round: false, valueY: 0.16, maxY: 0.64 };
const D6: Shape = { outline: [[-0.82, -0.82], [0.82, -0.82], [0.82, 0.82], [-0.82, 0.82]], facets: [], round: true, valueY: -0.14, maxY: 0.5 };

function d8(): Shape {
  const hex = ring(6, 1, -Math.PI / 2);
  const [top, , lowRight, , lowLeft] = [hex[0]!, hex[1]!, hex[2]!, hex[3]!, hex[4]!];
  return {
    outline: hex,
    facets: [[top, lowRight], [lowRight, lowLeft], [lowLeft, top]],
    round: false,
    valueY: 0.06,
    maxY: null,
  };
}

function d10(): Shape {
  const outline: Pt[] = [[0, -1.02], [0.98, -0.1], [0.98, 0.3], [0, 1], [-0.98, 0.3], [-0.98, -0.1]];
  const face: Pt[] = [[0, -1.02], [0.66, 0.22], [0, 0.64], [-0.66, 0.22]];
  return {
    outline,
    facets: [[face[0]!, face[1]!], [face[1]!, face[2]!], [face[2]!, face[3]!], [face[3]!, face[0]!], [face[1]!, outline[2]!], [face[3]!, outline[4]!], [face[2]!, outline[3]!]],
    round: false,
    valueY: 0.0,
    maxY: null,
  };
}

function d12(): Shape {
  const outer = ring(10, 1, -Math.PI / 2);
  const inner = ring(5, 0.64, -Math.PI / 2);
  const facets: [Pt, Pt][] = inner.map((p, i) => [p, inner[(i + 1) % 5]!] as [Pt, Pt]);
  inner.forEach((p, i) => facets.push([p, outer[i * 2]!]));
  return { outline: outer, facets, round: false, valueY: 0.02, maxY: null };
}

const SHAPES: Record<number, Shape> = { 4: D4, 6: D6, 8: d8(), 10: d10(), 12: d12() };

/** A gold band, edged in black, around a die's outline: the dice of an attack awaiting a defender. */
export function dieHalo(sides: number, cx: number, cy: number, r: number, p: Palette): string {
  const d = path((SHAPES[sides] ?? D6).outline, cx, cy, r);
  const line = (colour: string, w: number) =>
    `<path d="${d}" fill="${colour}" stroke="${colour}" stroke-width="${n(w)}" stroke-linejoin="round"/>`;
  return line(p.highlightEdge, r * 0.62) + line(p.highlight, r * 0.44);
}

/**
 * A die: outline, facet lines, the value in large figures and, on d4 and d6, "/max" under it. A
 * spent die is pale, a ruined one grey and cracked, a felled one grey and crossed out (no figures:
 * it is off the field), a reserve one an empty dashed outline.
 */
export function die(sides: number, cx: number, cy: number, r: number, value: number, st: DieStyle, p: Palette): string {
  const s = SHAPES[sides] ?? D6;
  const out: string[] = [];
  const sw = n(Math.max(2.5, r * 0.08));
  const shape = s.round
    ? `<rect x="${n(cx - 0.82 * r)}" y="${n(cy - 0.82 * r)}" width="${n(1.64 * r)}" height="${n(1.64 * r)}" rx="${n(r * 0.2)}"`
    : `<path d="${path(s.outline, cx, cy, r)}"`;
  let fill = st.fill;
  let edge = st.edge;
  let ink = '#ffffff';
  let halo = st.edge;
  let dash = '';
  let fade = '';
  if (st.look === 'spent') {
    // Faded but legible: the fill pales, the figures turn to the seat's dark colour.
    fade = ` fill-opacity="${SPENT_OPACITY}" stroke-opacity="0.6"`;
    ink = st.edge;
    halo = '#ffffff';
  } else if (st.look === 'ruined') {
    fill = '#b8b2a6';
    edge = '#4d483f';
    ink = '#2d2a25';
    halo = '#e8e4dc';
  } else if (st.look === 'felled') {
    fill = '#dedad2';
    edge = '#8c867b';
  } else if (st.look === 'reserve') {
    fill = '#ffffff';
    edge = '#9b958a';
    ink = p.mutedInk;
    halo = '#ffffff';
    dash = ` stroke-dasharray="${n(r * 0.22)} ${n(r * 0.14)}"`;
  }
  out.push(`${shape} fill="${fill}" stroke="${edge}" stroke-width="${sw}" stroke-linejoin="round"${dash}${fade}/>`);
  if (s.facets.length && st.look !== 'reserve' && st.look !== 'spent') {
    const facetInk = st.look === 'solid' ? '#ffffff' : edge;
    out.push(`<path d="${segs(s.facets, cx, cy, r)}" fill="none" stroke="${facetInk}" stroke-opacity="0.45" stroke-width="${n(Math.max(1.5, r * 0.045))}" stroke-linejoin="round"/>`);
  }
  if (st.look === 'ruined') out.push(ruins(cx, cy, r));
  if (st.look !== 'felled') {
    const valueSize = Math.round(r * (s.maxY === null ? (value >= 10 ? 0.78 : 0.92) : 0.84));
    out.push(text(cx, cy + s.valueY * r, String(value), { size: valueSize, fill: ink, anchor: 'middle', halo, haloWidth: r * 0.12, fixed: true }));
    if (s.maxY !== null) {
      const maxSize = Math.max(SMALL, Math.round(r * 0.5));
      out.push(text(cx, cy + s.maxY * r, `/${sides}`, { size: maxSize, fill: ink, anchor: 'middle', halo, haloWidth: r * 0.1, fixed: true }));
    }
  }
  if (st.look === 'felled') {
    const k = r * 0.62;
    out.push(
      `<path d="M${n(cx - k)} ${n(cy - k)}L${n(cx + k)} ${n(cy + k)}M${n(cx + k)} ${n(cy - k)}L${n(cx - k)} ${n(cy + k)}" ` +
        `stroke="#a3211b" stroke-opacity="0.8" stroke-width="${n(r * 0.13)}" stroke-linecap="round" fill="none"/>`,
    );
  }
  return out.join('');
}

/** A jagged crack across the die and rubble at its foot: a destroyed territory. */
function ruins(cx: number, cy: number, r: number): string {
  const crack: Pt[] = [[-0.5, -0.95], [-0.2, -0.5], [-0.42, -0.18], [0.05, 0.12], [-0.12, 0.42], [0.3, 0.92]];
  const branch: Pt[] = [[-0.42, -0.18], [-0.85, 0.02]];
  const line = (pts: Pt[]) => 'M' + pts.map(([x, y]) => `${n(cx + x * r)} ${n(cy + y * r)}`).join('L');
  const rubble = [
    [[-1.05, 1.12], [-0.82, 0.86], [-0.55, 0.95], [-0.48, 1.12]],
    [[0.42, 1.12], [0.58, 0.9], [0.86, 0.84], [1.06, 1.12]],
    [[-0.3, 1.12], [-0.12, 0.98], [0.08, 1.12]],
  ] as Pt[][];
  return (
    `<path d="${line(crack)}${line(branch)}" fill="none" stroke="#2d2a25" stroke-width="${n(r * 0.09)}" stroke-linejoin="round" stroke-linecap="round"/>` +
    `<path d="${rubble.map((q) => path(q, cx, cy, r)).join('')}" fill="#8a8478" stroke="#4d483f" stroke-width="2"/>`
  );
}

const HEALTH = {
  standard: { good: '#2e8b3a', fair: '#e0a800', poor: '#c62828' },
  colourblind: { good: '#009e73', fair: '#f0e442', poor: '#d55e00' },
};

/** A bar of one segment per point of the territory's die: filled segments are its health. */
export function healthBar(x: number, y: number, w: number, h: number, health: number, max: number, p: Palette): string {
  const c = HEALTH[p.name];
  const share = max > 0 ? health / max : 0;
  const colour = share > 0.5 ? c.good : share > 0.25 ? c.fair : c.poor;
  const gap = 3;
  const seg = (w - gap * (max - 1)) / Math.max(1, max);
  let filled = '';
  let empty = '';
  for (let i = 0; i < max; i++) {
    const d = `M${n(x + i * (seg + gap))} ${n(y)}h${n(seg)}v${n(h)}h${n(-seg)}Z`;
    if (i < health) filled += d;
    else empty += d;
  }
  return (
    rect(x - 3, y - 3, w + 6, h + 6, { fill: '#3a3a3a', radius: 5 }) +
    (empty ? `<path d="${empty}" fill="#e4e1da"/>` : '') +
    (filled ? `<path d="${filled}" fill="${colour}"/>` : '')
  );
}

export type Chip = { face: number; fresh: boolean };
export const CHIP = 36;

/** A rolled face, as a small white die face: gold when rolled this turn, white for last turn. */
export function rollChip(x: number, cy: number, chip: Chip, p: Palette): string {
  const fill = chip.fresh ? p.highlight : '#ffffff';
  return (
    rect(x, cy - CHIP / 2, CHIP, CHIP, { fill, stroke: p.highlightEdge, strokeWidth: 2.5, radius: 8 }) +
    text(x + CHIP / 2, cy, String(chip.face), { size: SMALL + 2, fill: p.highlightEdge, anchor: 'middle', fixed: true })
  );
}
