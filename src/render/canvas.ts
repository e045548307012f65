// Boards drawn directly with Skia (@napi-rs/canvas): the renderers' SVG, which uses a small and
// fixed vocabulary (svg.ts writes it), is read element by element and each element becomes the
// canvas calls that draw it. Nothing goes through an SVG library, so haloed text is painted as
// svg.ts means it (halo first, then the glyphs), and a board's unchanging base (the paper and
// whatever the renderer wraps in `<g data-base="…">` right after it) is drawn once per worker and
// copied into every later board with the same base. Text uses the shipped font only.
import { createCanvas, GlobalFonts, Path2D, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { join } from 'node:path';
import { FONT_FAMILY, FONTS_DIR } from './fonts.js';

/** Raw RGBA pixels of a drawn board (opaque: the paper covers every pixel). */
export type Pixels = { data: Buffer; width: number; height: number };

export type DrawOptions = {
  /** Pixels per SVG unit (default 1). */
  scale?: number;
  /**
   * A fixed image size instead: the board is scaled to fit it and centred on white (the frames of
   * an animation, which must all be the size of the first).
   */
  frame?: { width: number; height: number };
  /** Draw the base group every time instead of copying it from the cache (tests compare both). */
  noCache?: boolean;
};

/** The elements the renderers write; any other is refused, never guessed. */
const ELEMENTS = new Set(['svg', 'g', 'rect', 'circle', 'line', 'path', 'text']);

type Attrs = Record<string, string>;

let fontsLoaded = false;

/** Registers the shipped font with Skia, once per thread. */
export function loadCanvasFonts(): void {
  if (fontsLoaded) return;
  for (const file of ['AtkinsonHyperlegible-Regular.ttf', 'AtkinsonHyperlegible-Bold.ttf']) {
    if (!GlobalFonts.registerFromPath(join(FONTS_DIR, file), FONT_FAMILY)) throw new Error(`could not load the font ${file}`);
  }
  fontsLoaded = true;
}

/**
 * Drawn bases by key (the base group's markup, the size and the scale). A worker draws few kinds
 * of board (a map and a palette each for Siege Master, one layout per game elsewhere): a handful
 * of entries, the oldest dropped first.
 */
const baseCache = new Map<string, Canvas>();
const BASE_CACHE_ENTRIES = 24;

const TAG = /<(\/?)([a-zA-Z]+)((?:\s+[a-zA-Z][a-zA-Z0-9:-]*="[^"]*")*)\s*(\/?)>|([^<]+)/g;
const ATTR = /([a-zA-Z][a-zA-Z0-9:-]*)="([^"]*)"/g;

function parseAttrs(source: string): Attrs {
  const out: Attrs = {};
  if (!source) return out;
  ATTR.lastIndex = 0;
  for (let m = ATTR.exec(source); m; m = ATTR.exec(source)) out[m[1]!] = m[2]!;
  return out;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function unescapeXml(s: string): string {
  return s.indexOf('&') < 0 ? s : s.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ENTITIES[e]!);
}

const num = (v: string | undefined, fallback = 0): number => {
  if (v === undefined) return fallback;
  const x = Number(v);
  return Number.isFinite(x) ? x : fallback;
};

/** Presentation attributes that children inherit from `<svg>` and `<g>`, as SVG says. */
const INHERITED = [
  'fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linejoin', 'stroke-linecap',
  'stroke-dasharray', 'font-size', 'font-weight', 'text-anchor', 'paint-order',
] as const;

const NO_DASHES: number[] = [];

function dashList(dash: string): number[] {
  const out: number[] = [];
  for (const part of dash.split(/[\s,]+/)) {
    const d = Number(part);
    if (Number.isFinite(d) && d >= 0) out.push(d);
  }
  return out;
}

/** What `paint` fills or strokes: the context's current path, a Path2D, or a line of text. */
const CURRENT_PATH = 0;
const A_PATH = 1;
const A_TEXT = 2;
type Target = typeof CURRENT_PATH | typeof A_PATH | typeof A_TEXT;

/**
 * Path2D objects by their `d`, kept across boards: a board's pieces and marks mostly stand where
 * they stood on the board before, and a path parsed once is not parsed again.
 */
const pathCache = new Map<string, Path2D>();
const PATH_CACHE_ENTRIES = 2048;

function pathOf(d: string): Path2D {
  let path = pathCache.get(d);
  if (path) return path;
  path = new Path2D(d);
  pathCache.set(d, path);
  if (pathCache.size > PATH_CACHE_ENTRIES) pathCache.delete(pathCache.keys().next().value!);
  return path;
}

class Painter {
  private readonly inherited: Attrs[] = [{}];
  // The context's state as last set here: every setter is a call into Skia that parses its value
  // again, and most elements of a board share their colours, widths and joins with the one before.
  // Undefined: not known yet (each board has a fresh painter; the context is set before it only
  // by the white fill).
  private font?: string;
  private alpha?: number;
  private fillStyle?: string;
  private strokeStyle?: string;
  private lineWidth?: number;
  private lineJoin?: string;
  private lineCap?: string;
  private textAlign?: string;

  constructor(private readonly ctx: SKRSContext2D) {
    ctx.miterLimit = 4; // SVG's default; the canvas default (10) would lengthen sharp joins
  }

  push(a: Attrs): void {
    const top = { ...this.inherited[this.inherited.length - 1]! };
    for (const k of INHERITED) if (a[k] !== undefined) top[k] = a[k]!;
    this.inherited.push(top);
  }

  pop(): void {
    if (this.inherited.length > 1) this.inherited.pop();
  }

  private attr(a: Attrs, key: (typeof INHERITED)[number]): string | undefined {
    return a[key] ?? this.inherited[this.inherited.length - 1]![key];
  }

  private setAlpha(alpha: number): void {
    if (alpha !== this.alpha) this.ctx.globalAlpha = this.alpha = alpha;
  }

  /**
   * Fills then strokes a shape or a text (or the reverse with paint-order="stroke"), as SVG paints
   * it. What is drawn is passed as data, not as closures: a closure made per element lost its
   * optimised code at every full collection (each board's pixels are external memory that brings
   * one every few dozen boards), and the compiler threads made it again and again.
   */
  private paint(a: Attrs, target: Target, fillable: boolean, path?: Path2D, text?: string, x = 0, y = 0): void {
    const fillColour = this.attr(a, 'fill') ?? '#000';
    const strokeColour = this.attr(a, 'stroke');
    const strokeWidth = num(this.attr(a, 'stroke-width'), 1);
    const doFill = fillable && fillColour !== 'none';
    const doStroke = strokeColour !== undefined && strokeColour !== 'none' && strokeWidth > 0;
    if (this.attr(a, 'paint-order') === 'stroke') {
      if (doStroke) this.strokeStep(a, strokeColour!, strokeWidth, target, path, text, x, y);
      if (doFill) this.fillStep(a, fillColour, target, path, text, x, y);
    } else {
      if (doFill) this.fillStep(a, fillColour, target, path, text, x, y);
      if (doStroke) this.strokeStep(a, strokeColour!, strokeWidth, target, path, text, x, y);
    }
  }

  private fillStep(a: Attrs, colour: string, target: Target, path: Path2D | undefined, text: string | undefined, x: number, y: number): void {
    const ctx = this.ctx;
    this.setAlpha(num(this.attr(a, 'fill-opacity'), 1));
    if (colour !== this.fillStyle) ctx.fillStyle = this.fillStyle = colour;
    if (target === A_TEXT) ctx.fillText(text!, x, y);
    else if (target === A_PATH) ctx.fill(path!);
    else ctx.fill();
  }

  private strokeStep(a: Attrs, colour: string, width: number, target: Target, path: Path2D | undefined, text: string | undefined, x: number, y: number): void {
    const ctx = this.ctx;
    this.setAlpha(num(this.attr(a, 'stroke-opacity'), 1));
    if (colour !== this.strokeStyle) ctx.strokeStyle = this.strokeStyle = colour;
    if (width !== this.lineWidth) ctx.lineWidth = this.lineWidth = width;
    const join = this.attr(a, 'stroke-linejoin') ?? 'miter';
    if (join !== this.lineJoin) ctx.lineJoin = (this.lineJoin = join) as CanvasLineJoin;
    const cap = this.attr(a, 'stroke-linecap') ?? 'butt';
    if (cap !== this.lineCap) ctx.lineCap = (this.lineCap = cap) as CanvasLineCap;
    const dash = this.attr(a, 'stroke-dasharray');
    const dashes = dash && dash !== 'none' ? dashList(dash) : NO_DASHES;
    if (dashes.length) ctx.setLineDash(dashes);
    if (target === A_TEXT) ctx.strokeText(text!, x, y);
    else if (target === A_PATH) ctx.stroke(path!);
    else ctx.stroke();
    if (dashes.length) ctx.setLineDash(NO_DASHES);
  }

  element(name: string, a: Attrs, content: string): void {
    const ctx = this.ctx;
    switch (name) {
      // Rectangles, circles and lines are built on the context's own path: no Path2D object (a
      // native object with a finaliser) is made for them.
      case 'rect': {
        const w = num(a.width);
        const h = num(a.height);
        if (w <= 0 || h <= 0) return;
        const x = num(a.x);
        const y = num(a.y);
        const r = Math.min(num(a.rx, num(a.ry)), w / 2, h / 2);
        ctx.beginPath();
        if (r > 0) ctx.roundRect(x, y, w, h, r);
        else ctx.rect(x, y, w, h);
        return this.paint(a, CURRENT_PATH, true);
      }
      case 'circle': {
        const r = num(a.r);
        if (r <= 0) return;
        ctx.beginPath();
        ctx.arc(num(a.cx), num(a.cy), r, 0, Math.PI * 2);
        ctx.closePath();
        return this.paint(a, CURRENT_PATH, true);
      }
      case 'line': {
        ctx.beginPath();
        ctx.moveTo(num(a.x1), num(a.y1));
        ctx.lineTo(num(a.x2), num(a.y2));
        return this.paint(a, CURRENT_PATH, false);
      }
      case 'path':
        if (!a.d) return;
        return this.paint(a, A_PATH, true, pathOf(a.d));
      case 'text': {
        const body = unescapeXml(content);
        if (!body) return;
        const font = `${this.attr(a, 'font-weight') === '400' ? 400 : 700} ${num(this.attr(a, 'font-size'), 16)}px "${FONT_FAMILY}"`;
        if (font !== this.font) ctx.font = this.font = font;
        const anchor = this.attr(a, 'text-anchor');
        const align = anchor === 'middle' ? 'center' : anchor === 'end' ? 'right' : 'left';
        if (align !== this.textAlign) ctx.textAlign = this.textAlign = align;
        // Halos are round-joined so that they hug the glyphs as librsvg drew them.
        return this.paint(a, A_TEXT, true, undefined, body, num(a.x), num(a.y));
      }
    }
  }
}

/** The index just past the `</g>` that closes the group whose content starts at `from`. */
function groupEnd(svg: string, from: number): number {
  let depth = 1;
  const re = /<(\/?)g[\s>]/g;
  re.lastIndex = from;
  for (let m = re.exec(svg); m; m = re.exec(svg)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return svg.indexOf('>', m.index) + 1;
  }
  throw new Error('unclosed <g> in board SVG');
}

/** A paper rectangle that closes itself, as svgDocument writes it. */
const PAPER = /<rect(?:\s+[a-zA-Z][a-zA-Z0-9:-]*="[^"]*")*\s*\/>/y;
const BASE_OPEN = '<g data-base="1">';

/**
 * The board's base group when it follows the paper directly (svg.ts's baseGroup): its cache key
 * (the drawing's size and placement, the markup before it, its own markup) and where it ends.
 * `from` is just past the root `<svg>` tag.
 */
function baseAfterPaper(svg: string, from: number, placement: string): { key: string; end: number } | null {
  PAPER.lastIndex = from;
  if (!PAPER.exec(svg)) return null;
  const start = PAPER.lastIndex;
  if (!svg.startsWith(BASE_OPEN, start)) return null;
  const end = groupEnd(svg, start + BASE_OPEN.length);
  return { key: `${placement}|${svg.slice(0, start)}|${svg.slice(start, end)}`, end };
}

/**
 * Draws a board's SVG (the subset svg.ts writes) at `scale` on this thread's canvas of that size.
 * Throws on markup outside that subset, so that a renderer change never draws wrong in silence.
 */
function drawSvg(svg: string, opts: DrawOptions): Canvas {
  loadCanvasFonts();
  TAG.lastIndex = 0;
  const root = TAG.exec(svg);
  if (!root || root[2] !== 'svg') throw new Error('not a board SVG');
  const rootAttrs = parseAttrs(root[3]!);
  const svgWidth = num(rootAttrs.width);
  const svgHeight = num(rootAttrs.height);
  if (svgWidth <= 0 || svgHeight <= 0) throw new Error('board SVG without a size');
  const frame = opts.frame;
  const scale = frame ? Math.min(frame.width / svgWidth, frame.height / svgHeight) : (opts.scale ?? 1);
  const width = frame ? frame.width : Math.ceil(svgWidth * scale);
  const height = frame ? frame.height : Math.ceil(svgHeight * scale);
  const dx = frame ? Math.round((width - svgWidth * scale) / 2) : 0;
  const dy = frame ? Math.round((height - svgHeight * scale) / 2) : 0;
  const canvas = reusableCanvas(width, height);
  const ctx = canvas.getContext('2d');
  // The canvas was drawn on before: nothing of the last board's state may carry over.
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;
  ctx.globalCompositeOperation = 'source-over';
  ctx.setLineDash([]);
  const base = opts.noCache ? null : baseAfterPaper(svg, TAG.lastIndex, `${width}x${height}@${scale}+${dx}+${dy}`);
  const cached = base ? baseCache.get(base.key) : undefined;
  if (base && cached) {
    // The copy holds every pixel as the white, the paper and the base left them (it is opaque):
    // none of the three is drawn again.
    ctx.drawImage(cached, 0, 0);
    baseCache.delete(base.key); // most recently used last
    baseCache.set(base.key, cached);
    TAG.lastIndex = base.end;
  } else {
    // White first, every pixel: the board's own paper may end inside the last pixel column or row
    // (its width times the scale is rarely whole), and a frame may be wider than the board.
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
  }
  ctx.setTransform(scale, 0, 0, scale, dx, dy);
  const painter = new Painter(ctx);
  painter.push(rootAttrs);
  let text: { attrs: Attrs; content: string } | null = null;
  const pendingBase = base && !cached ? base : null;
  for (let m = TAG.exec(svg); m; m = TAG.exec(svg)) {
    const [, closing, tag, attrSource, selfClosing, chars] = m;
    if (chars !== undefined) {
      if (text) text.content += chars;
      else if (chars.trim()) throw new Error(`stray text in board SVG: ${chars.slice(0, 40)}`);
      continue;
    }
    const name = tag!;
    if (!ELEMENTS.has(name)) throw new Error(`board SVG element <${name}> is not drawn by the canvas painter`);
    if (closing) {
      if (name === 'text' && text) {
        painter.element('text', text.attrs, text.content);
        text = null;
      } else if (name === 'g') {
        painter.pop();
        if (pendingBase && TAG.lastIndex === pendingBase.end) rememberBase(pendingBase.key, canvas);
      }
      continue;
    }
    const attrs = parseAttrs(attrSource!);
    if (name === 'g') {
      painter.push(attrs);
      if (selfClosing) painter.pop();
      continue;
    }
    if (name === 'svg') continue;
    if (name === 'text') {
      if (!selfClosing) text = { attrs, content: '' };
      continue;
    }
    painter.element(name, attrs, '');
  }
  return canvas;
}

/** Keeps a copy of the canvas as it stands (the paper and a base group) for later boards. */
function rememberBase(key: string, canvas: Canvas): void {
  const copy = createCanvas(canvas.width, canvas.height);
  copy.getContext('2d').drawImage(canvas, 0, 0);
  baseCache.set(key, copy);
  while (baseCache.size > BASE_CACHE_ENTRIES) baseCache.delete(baseCache.keys().next().value!);
}

/**
 * Canvases by size, drawn over again board after board: every board paints all its pixels (the
 * paper first), and a fresh surface costs more than the drawing itself (its memory is new to the
 * process each time, about 5 ms for a 600×800 board on the machines measured).
 */
const canvases = new Map<string, Canvas>();
const CANVASES_KEPT = 6;

function reusableCanvas(width: number, height: number): Canvas {
  const key = `${width}x${height}`;
  let canvas = canvases.get(key);
  if (canvas) canvases.delete(key);
  else canvas = createCanvas(width, height);
  canvases.set(key, canvas);
  while (canvases.size > CANVASES_KEPT) canvases.delete(canvases.keys().next().value!);
  return canvas;
}

/** Draws a board's SVG and returns its pixels (copied: the canvas is drawn over by the next board). */
export function svgToPixels(svg: string, opts: DrawOptions = {}): Pixels {
  const canvas = drawSvg(svg, opts);
  return { data: canvas.data(), width: canvas.width, height: canvas.height };
}
