// SVG building blocks shared by every board renderer: escaping, numbers, text, panels and the
// seat palettes. Renderers return SVG strings; rasterize.ts turns them into PNG.
import type { Locale } from '../i18n/index.js';
import { FONT_FAMILY, fontCovers } from './fonts.js';

export type PaletteName = 'standard' | 'colourblind';

/** The result of a game the platform ended, whatever its state says. */
export type FinishedResult = { title: string; detail: string; winners: number[] };

export type RenderOptions = {
  /** `colourblind` swaps red for orange and adds stripes to seat 0, so shape tells seats apart too. */
  palette?: PaletteName;
  /** Set when the game is over, whatever the state says (a resignation or a timeout ends a game
   *  without a move): the board shows this result and no "to play", no hints, no prompts. */
  finished?: FinishedResult;
  /** A display name per seat ("alice", "AI (hard)"), drawn beside the seat's name or colour. */
  players?: string[];
  /** A short note per seat from the platform, such as a standing setting ("defence: strongest"). */
  seatNotes?: string[];
  /** The language every text on the board is in (the server's). Default en-US. */
  locale?: Locale;
};

/** The smallest font size allowed on an image `width` pixels wide: 2.5 % of it, so a phone can read it. */
export function minFontSize(width: number): number {
  return Math.ceil(width * 0.025 * 10) / 10;
}

/**
 * The longest a display name is kept, in characters, before any layout. Discord allows 32; the
 * widest room for a name (Dice Realms' title row) shows about 115 thin ones, and a test holds
 * every board under this. So clipping never changes what a board shows, and a name pasted by the
 * page costs no more to draw than an ordinary one.
 */
export const MAX_NAME_CHARS = 200;

/**
 * The display name of a seat given by the platform, made drawable (characters the font lacks
 * dropped, control characters gone) and clipped to MAX_NAME_CHARS, or '' when there is none. Not
 * yet escaped: `text` escapes.
 */
export function playerName(opts: RenderOptions, seat: number): string {
  const raw = opts.players?.[seat];
  if (typeof raw !== 'string') return '';
  // Clipped before and after: fontSafe walks every character, and may shorten what it keeps.
  return clip(fontSafe(clip(raw, 4 * MAX_NAME_CHARS).replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')), MAX_NAME_CHARS);
}

/** How wide text is drawn: textWidth, unless a test counts the measurements. */
export type Measure = (content: string, size: number, weight: 400 | 700) => number;

/**
 * The largest k from `lo` to `hi` for which `fits(k)` holds, or null when none does, for a `fits`
 * that holds up to some k and fails beyond it: halving, so a text of n characters is measured
 * about log2(n) times rather than once per character dropped.
 */
function longestFitting(lo: number, hi: number, fits: (k: number) => boolean): number | null {
  let best: number | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (fits(mid)) {
      best = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return best;
}

/**
 * "Red · alice": the seat's own label with the player's name after it, fitted to `room` pixels
 * at `size` (the player's name is shortened with an ellipsis first, then the label). Without a
 * name, the label alone, fitted. The name keeps the most characters that fit: every character
 * adds width, so the longest prefix that fits is found by halving.
 */
export function withPlayer(label: string, player: string, size: number, room: number, weight: 400 | 700 = 700, measure: Measure = textWidth): string {
  if (!player) return fitWidth(label, size, room, weight, measure);
  const head = label ? `${label} · ` : '';
  const full = head + player;
  if (measure(full, size, weight) <= room) return full;
  const chars = Array.from(player);
  const shortened = (k: number) => `${head}${chars.slice(0, k).join('').trimEnd()}…`;
  const kept = longestFitting(1, chars.length - 1, (k) => measure(shortened(k), size, weight) <= room);
  return kept === null ? fitWidth(label || player, size, room, weight, measure) : shortened(kept);
}

export type SeatColours = {
  name: string;
  /** Main fill of a seat's pieces. */
  fill: string;
  /** Darker edge drawn around a seat's pieces and used for text in the seat's colour. */
  edge: string;
  /** Light tint for panels and backgrounds. */
  tint: string;
  /** Stripes drawn over the fill (colour-blind palette), so seats differ in pattern as well. */
  striped: boolean;
};

export type Palette = {
  name: PaletteName;
  seats: SeatColours[];
  ink: string;
  mutedInk: string;
  paper: string;
  panel: string;
  panelEdge: string;
  neutral: string;
  neutralEdge: string;
  /** The contrasting outline that marks the most recent move. */
  highlight: string;
  highlightEdge: string;
  /** Cells the mover may use. */
  hint: string;
  hintMark: string;
};

const STANDARD: Palette = {
  name: 'standard',
  seats: [
    { name: 'Red', fill: '#d62f2f', edge: '#7a1010', tint: '#f8dcdc', striped: false },
    { name: 'Blue', fill: '#1f56c9', edge: '#0c2766', tint: '#dae4fa', striped: false },
    { name: 'Green', fill: '#2e8b3a', edge: '#134a1a', tint: '#dcf0de', striped: false },
    { name: 'Gold', fill: '#e0a800', edge: '#6b5000', tint: '#fbf0cc', striped: false },
  ],
  ink: '#1d1d1f',
  mutedInk: '#55555c',
  paper: '#ffffff',
  panel: '#f6f4ee',
  panelEdge: '#c9c3b3',
  neutral: '#9a9a9a',
  neutralEdge: '#3a3a3a',
  highlight: '#ffd21f',
  highlightEdge: '#111111',
  hint: '#b9f0a0',
  hintMark: '#1d6b22',
};

// Okabe–Ito colours: orange and blue stay apart under every common colour-vision deficiency.
const COLOURBLIND: Palette = {
  ...STANDARD,
  name: 'colourblind',
  seats: [
    { name: 'Orange', fill: '#e69f00', edge: '#6e4700', tint: '#fbeccc', striped: true },
    { name: 'Blue', fill: '#0072b2', edge: '#00304d', tint: '#d6eaf6', striped: false },
    { name: 'Green', fill: '#009e73', edge: '#004533', tint: '#d2f0e6', striped: true },
    { name: 'Purple', fill: '#cc79a7', edge: '#5c2a46', tint: '#f5e2ed', striped: false },
  ],
  hint: '#ffffff',
  hintMark: '#000000',
};

export function palette(name: PaletteName | undefined): Palette {
  return name === 'colourblind' ? COLOURBLIND : STANDARD;
}

export function seatColours(p: Palette, seat: number): SeatColours {
  return p.seats[seat % p.seats.length]!;
}

/**
 * Keeps only what the shipped font can draw: a letter it lacks falls back to its unaccented
 * base letter, anything else (other scripts, emoji) is left out rather than drawn as a box.
 */
export function fontSafe(content: string): string {
  let out = '';
  for (const ch of content.normalize('NFC')) {
    const cp = ch.codePointAt(0)!;
    if (fontCovers(cp)) out += ch;
    else if (/\s/.test(ch)) out += ' ';
    else {
      const base = ch.normalize('NFD')[0]!;
      if (base !== ch && fontCovers(base.codePointAt(0)!)) out += base;
    }
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

/** Escapes text for element content and attribute values, dropping characters XML forbids. */
export function esc(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** A coordinate with at most one decimal: smaller SVG, no visible difference. */
export function n(v: number): string {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
}

/** Rough advance width of text in Atkinson Hyperlegible at `size` px, to fit labels without measuring. */
export function textWidth(content: string, size: number, weight: 400 | 700 = 700): number {
  let em = 0;
  // By UTF-16 unit, a surrogate pair counting once, as one character: a board estimates thousands
  // of texts, and a regular expression per character was most of the time its SVG took.
  for (let i = 0; i < content.length; i++) {
    const c = content.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = content.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    em += charEm(c);
  }
  return em * size * (weight === 700 ? 1 : 0.93);
}

/** A character's rough advance in em, by its first UTF-16 unit (textWidth). */
function charEm(c: number): number {
  if (c === 0x20) return 0.26;
  if (c >= 0x30 && c <= 0x39) return 0.58; // 0-9
  if (c >= 0x41 && c <= 0x5a) return 0.67; // A-Z
  switch (c) {
    case 0x69: case 0x6c: case 0x2e: case 0x2c: case 0x3a: case 0x3b: case 0x27: case 0xb7: case 0x21: case 0x7c: case 0x28: case 0x29:
      return 0.3; // i l . , : ; ' · ! | ( )
    case 0x6d: case 0x77:
      return 0.82; // m w
    default:
      return 0.55;
  }
}

/**
 * Text shortened with an ellipsis until it fits `room` pixels at `size`: the most characters
 * that fit, found by halving, and never fewer than one and the ellipsis.
 */
export function fitWidth(content: string, size: number, room: number, weight: 400 | 700 = 700, measure: Measure = textWidth): string {
  const chars = Array.from(content);
  if (chars.length <= 2 || measure(content, size, weight) <= room) return content;
  const shortened = (k: number) => `${chars.slice(0, k).join('')}…`;
  return shortened(longestFitting(2, chars.length - 2, (k) => measure(shortened(k), size, weight) <= room) ?? 1);
}

/** Shortens text to `max` characters (by code point), ending with an ellipsis. */
export function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, Math.max(1, max - 1)).join('') + '…';
}

export type TextStyle = {
  size: number;
  weight?: 400 | 700;
  anchor?: 'start' | 'middle' | 'end';
  fill?: string;
  /** A halo behind the glyphs, so text stays readable over any background. */
  halo?: string;
  haloWidth?: number;
  /** Vertical placement: `middle` centres the glyphs on y (cap height), `baseline` sits on y. */
  baseline?: 'middle' | 'baseline';
  /**
   * The width the text has on the board: a text wider is shortened with an ellipsis to fit, and
   * marked so (`data-clipped`); the boards' fit test measures every text against its box, in every
   * language. A text without a box is one whose size cannot change (`fixed`).
   */
  box?: number;
  /** A member's name or other text a member chose: it may be clipped to its box. */
  chosen?: boolean;
  /** Notation, a number, a mark: no language changes it, so it needs no box. */
  fixed?: boolean;
};

// Cap height of Atkinson Hyperlegible is about 0.67 em; centring on it avoids relying on
// dominant-baseline, which renderers treat differently.
const CAP_HEIGHT = 0.67;

export function text(x: number, y: number, content: string, s: TextStyle): string {
  const yy = s.baseline === 'baseline' ? y : y + (s.size * CAP_HEIGHT) / 2;
  const drawn = s.box !== undefined ? fitWidth(content, s.size, s.box, s.weight ?? 700) : content;
  const attrs = [
    `x="${n(x)}"`,
    `y="${n(yy)}"`,
    `font-size="${n(s.size)}"`,
    s.weight === 400 ? 'font-weight="400"' : 'font-weight="700"',
    s.anchor && s.anchor !== 'start' ? `text-anchor="${s.anchor}"` : '',
    `fill="${s.fill ?? '#000'}"`,
    s.halo
      ? `stroke="${s.halo}" stroke-width="${n(s.haloWidth ?? s.size / 5)}" stroke-linejoin="round" paint-order="stroke"`
      : '',
    s.box !== undefined ? `data-box="${n(s.box)}"` : '',
    drawn !== content ? 'data-clipped="1"' : '',
    s.chosen ? 'data-chosen="1"' : '',
    s.fixed ? 'data-fixed="1"' : '',
  ].filter(Boolean);
  return `<text ${attrs.join(' ')}>${esc(fontSafe(drawn))}</text>`;
}

export function rect(
  x: number,
  y: number,
  w: number,
  h: number,
  a: { fill: string; stroke?: string; strokeWidth?: number; radius?: number },
): string {
  const r = a.radius ? ` rx="${n(a.radius)}"` : '';
  const st = a.stroke ? ` stroke="${a.stroke}" stroke-width="${n(a.strokeWidth ?? 1)}"` : '';
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"${r} fill="${a.fill}"${st}/>`;
}

/** A rounded panel, the frame of a legend block. */
export function panel(x: number, y: number, w: number, h: number, p: Palette, edge?: string, edgeWidth = 2): string {
  return rect(x, y, w, h, { fill: p.panel, stroke: edge ?? p.panelEdge, strokeWidth: edgeWidth, radius: 12 });
}

// Stripes are drawn as plain line segments rather than an SVG <pattern>: librsvg renders
// pattern fills slowly (about 30 ms per board), plain strokes cost almost nothing.
const STRIPE_INK = 'stroke="#ffffff" stroke-opacity="0.6" stroke-linecap="butt" fill="none"';

/**
 * Diagonal stripes over a rectangle centred on (cx, cy), `length` long along the direction
 * `angle` (radians) and `width` across. Draw after the rectangle's fill.
 */
export function stripesOnRect(cx: number, cy: number, angle: number, length: number, width: number, spacing: number): string {
  const t = spacing * 0.42;
  const ux = Math.cos(angle);
  const uy = Math.sin(angle);
  const vMax = width / 2 - t * 0.5;
  let d = '';
  for (let c = -length / 2 - width; c <= length / 2 + width; c += spacing) {
    // The stripe is the line u = v + c, kept inside |u| ≤ length/2 and |v| ≤ vMax.
    const v0 = Math.max(-vMax, -length / 2 - c);
    const v1 = Math.min(vMax, length / 2 - c);
    if (v1 - v0 < t * 0.5) continue;
    d += `M${turnedPoint(cx, cy, ux, uy, v0 + c, v0)}L${turnedPoint(cx, cy, ux, uy, v1 + c, v1)}`;
  }
  return d ? `<path d="${d}" ${STRIPE_INK} stroke-width="${n(t)}"/>` : '';
}

/** The point `u` along the direction (ux, uy) and `v` across it from (cx, cy). */
function turnedPoint(cx: number, cy: number, ux: number, uy: number, u: number, v: number): string {
  return `${n(cx + u * ux - v * uy)} ${n(cy + u * uy + v * ux)}`;
}

/** Diagonal stripes over a disc of radius r: chords at 45 degrees. */
export function stripesOnDisc(cx: number, cy: number, r: number, spacing: number): string {
  const t = spacing * 0.42;
  const k = Math.SQRT1_2;
  let d = '';
  for (let off = -r + spacing / 2; off < r; off += spacing) {
    const half = Math.sqrt(Math.max(0, r * r - off * off)) - t * 0.6;
    if (half <= t * 0.5) continue;
    // Chord centre is `off` along (k, k); the chord runs along (k, -k).
    const mx = cx + off * k;
    const my = cy + off * k;
    d += `M${n(mx - half * k)} ${n(my + half * k)}L${n(mx + half * k)} ${n(my - half * k)}`;
  }
  return d ? `<path d="${d}" ${STRIPE_INK} stroke-width="${n(t)}"/>` : '';
}

/** Path data of a castle silhouette (three merlons) centred on (cx, cy), `k` half its width. */
export function castlePath(cx: number, cy: number, k: number): string {
  return pathThrough(cx, cy, k, CASTLE_OUTLINE);
}

/** Path data of the castle's arched gate, to draw over `castlePath` in a darker colour. */
export function castleGatePath(cx: number, cy: number, k: number): string {
  const r = n(0.26 * k);
  return `M${castlePoint(cx, cy, k, -0.26, 0.8)}L${castlePoint(cx, cy, k, -0.26, 0.32)}A${r} ${r} 0 0 1 ${castlePoint(cx, cy, k, 0.26, 0.32)}L${castlePoint(cx, cy, k, 0.26, 0.8)}Z`;
}

// The castle's corners in units of `k` from its centre. Module-level helpers rather than a
// closure per castle: boards draw dozens of castles, and a closure made per call is compiled
// again after every full collection of the render worker (see canvas.ts).
const CASTLE_OUTLINE: readonly (readonly [number, number])[] = [
  [-0.85, 0.8], [-0.85, -0.7], [-0.5, -0.7], [-0.5, -0.4], [-0.17, -0.4], [-0.17, -0.7], [0.17, -0.7],
  [0.17, -0.4], [0.5, -0.4], [0.5, -0.7], [0.85, -0.7], [0.85, 0.8],
];

function castlePoint(cx: number, cy: number, k: number, x: number, y: number): string {
  return `${n(cx + x * k)} ${n(cy + y * k)}`;
}

function pathThrough(cx: number, cy: number, k: number, corners: readonly (readonly [number, number])[]): string {
  let d = '';
  for (let i = 0; i < corners.length; i++) d += `${i === 0 ? 'M' : 'L'}${castlePoint(cx, cy, k, corners[i]![0], corners[i]![1])}`;
  return `${d}Z`;
}

/**
 * Wraps the part of a board that does not change from move to move (a map, a frame, fixed
 * labels). It must come first, right after the paper that svgDocument lays: the canvas painter
 * (canvas.ts) then draws it once and copies it into every later board with the same base.
 */
export function baseGroup(body: string): string {
  return `<g data-base="1">${body}</g>`;
}

export function svgDocument(width: number, height: number, background: string, body: string): string {
  const w = Math.ceil(width);
  const h = Math.ceil(height);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" ` +
    `font-family="${FONT_FAMILY}">` +
    `<rect width="${w}" height="${h}" fill="${background}"/>${body}</svg>`
  );
}

/** Breaks text into lines of at most `maxChars` characters, at spaces where possible. */
export function wrapText(content: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of content.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (Array.from(next).length <= maxChars || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines.map((l) => clip(l, maxChars));
}
