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

class Painter {
  private font = '';
  private readonly inherited: Attrs[] = [{}];

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

  /**
   * Fills then strokes a path or a text (or the reverse with paint-order="stroke"), as SVG paints
   * it. What is drawn is passed as data, not as closures: a closure made per element lost its
   * optimised code at every full collection (each board's pixels are external memory that brings
   * one every few dozen boards), and the compiler threads made it again and again.
   */
  private paint(a: Attrs, path: Path2D | null, fillable: boolean, text?: string, x = 0, y = 0): void {
    const fillColour = this.attr(a, 'fill') ?? '#000';
    const strokeColour = this.attr(a, 'stroke');
    const strokeWidth = num(this.attr(a, 'stroke-width'), 1);
    const doFill = fillable && fillColour !== 'none';
    const doStroke = strokeColour !== undefined && strokeColour !== 'none' && strokeWidth > 0;
    if (this.attr(a, 'paint-order') === 'stroke') {
      if (doStroke) this.strokeStep(a, strokeColour!, strokeWidth, path, text, x, y);
      if (doFill) this.fillStep(a, fillColour, path, text, x, y);
    } else {
      if (doFill) this.fillStep(a, fillColour, path, text, x, y);
      if (doStroke) this.strokeStep(a, strokeColour!, strokeWidth, path, text, x, y);
    }
  }

  private fillStep(a: Attrs, colour: string, path: Path2D | null, text: string | undefined, x: number, y: number): void {
    const ctx = this.ctx;
    ctx.globalAlpha = num(this.attr(a, 'fill-opacity'), 1);
    ctx.fillStyle = colour;
    if (path) ctx.fill(path);
    else ctx.fillText(text!, x, y);
  }

  private strokeStep(a: Attrs, colour: string, width: number, path: Path2D | null, text: string | undefined, x: number, y: number): void {
    const ctx = this.ctx;
    ctx.globalAlpha = num(this.attr(a, 'stroke-opacity'), 1);
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    ctx.lineJoin = (this.attr(a, 'stroke-linejoin') ?? 'miter') as 'miter' | 'round' | 'bevel';
    ctx.lineCap = (this.attr(a, 'stroke-linecap') ?? 'butt') as 'butt' | 'round' | 'square';
    const dash = this.attr(a, 'stroke-dasharray');
    const dashes = dash && dash !== 'none' ? dashList(dash) : NO_DASHES;
    if (dashes.length) ctx.setLineDash(dashes);
    if (path) ctx.stroke(path);
    else ctx.strokeText(text!, x, y);
    if (dashes.length) ctx.setLineDash(NO_DASHES);
  }

  private shape(a: Attrs, path: Path2D, fillable = true): void {
    this.paint(a, path, fillable);
  }

  element(name: string, a: Attrs, content: string): void {
    switch (name) {
      case 'rect': {
        const w = num(a.width);
        const h = num(a.height);
        if (w <= 0 || h <= 0) return;
        const x = num(a.x);
        const y = num(a.y);
        const r = Math.min(num(a.rx, num(a.ry)), w / 2, h / 2);
        const path = new Path2D();
        if (r > 0) path.roundRect(x, y, w, h, r);
        else path.rect(x, y, w, h);
        return this.shape(a, path);
      }
      case 'circle': {
        const r = num(a.r);
        if (r <= 0) return;
        const path = new Path2D();
        path.arc(num(a.cx), num(a.cy), r, 0, Math.PI * 2);
        path.closePath();
        return this.shape(a, path);
      }
      case 'line': {
        const path = new Path2D();
        path.moveTo(num(a.x1), num(a.y1));
        path.lineTo(num(a.x2), num(a.y2));
        return this.shape(a, path, false);
      }
      case 'path':
        if (!a.d) return;
        return this.shape(a, new Path2D(a.d));
      case 'text': {
        const body = unescapeXml(content);
        if (!body) return;
        const ctx = this.ctx;
        const font = `${this.attr(a, 'font-weight') === '400' ? 400 : 700} ${num(this.attr(a, 'font-size'), 16)}px "${FONT_FAMILY}"`;
        if (font !== this.font) {
          ctx.font = font;
          this.font = font;
        }
        const anchor = this.attr(a, 'text-anchor');
        ctx.textAlign = anchor === 'middle' ? 'center' : anchor === 'end' ? 'right' : 'left';
        const x = num(a.x);
        const y = num(a.y);
        // Halos are round-joined so that they hug the glyphs as librsvg drew them.
        return this.paint(a, null, true, body, x, y);
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
  // White first, every pixel: the board's own paper may end inside the last pixel column or row
  // (its width times the scale is rarely whole), and a frame may be wider than the board.
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.setTransform(scale, 0, 0, scale, dx, dy);
  const painter = new Painter(ctx);
  painter.push(rootAttrs);
  let drawn = 0; // elements drawn so far: a base group is cached only when the paper alone precedes it
  let text: { attrs: Attrs; content: string } | null = null;
  let pendingBase: { key: string; end: number } | null = null;
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
        drawn++;
      } else if (name === 'g') {
        painter.pop();
        if (pendingBase && TAG.lastIndex === pendingBase.end) {
          rememberBase(pendingBase.key, canvas);
          pendingBase = null;
        }
      }
      continue;
    }
    const attrs = parseAttrs(attrSource!);
    if (name === 'g') {
      if (attrs['data-base'] !== undefined && drawn === 1 && !opts.noCache && !selfClosing) {
        const end = groupEnd(svg, TAG.lastIndex);
        const key = `${width}x${height}@${scale}+${dx}+${dy}|${svg.slice(0, m.index)}|${svg.slice(m.index, end)}`;
        const cached = baseCache.get(key);
        if (cached) {
          ctx.setTransform(1, 0, 0, 1, 0, 0);
          ctx.globalAlpha = 1;
          ctx.drawImage(cached, 0, 0);
          ctx.setTransform(scale, 0, 0, scale, dx, dy);
          baseCache.delete(key); // most recently used last
          baseCache.set(key, cached);
          TAG.lastIndex = end;
          drawn++;
          continue;
        }
        pendingBase = { key, end };
      }
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
    drawn++;
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
