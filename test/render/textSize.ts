// Phone readability: no text and no mark on a board smaller than 2.5 % of the image's width. Reads
// the SVG's width and every font size it sets (attributes and inline styles) and names the
// smallest text; and the size of every dot (circle) and box (rect) it draws, and names the
// smallest mark.
import { expect } from 'vitest';

/** The share of the image width the smallest text must reach. */
export const MIN_TEXT_SHARE = 0.025;

export type TextSizeReport = {
  width: number;
  /** Every font size set, in pixels. */
  sizes: number[];
  /** Each font size with the text it applies to (a tag's name, `<g>`, for a size set on a group). */
  found: { size: number; text: string }[];
  smallest: { size: number; text: string } | null;
};

function unescape(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
}

/** The root element's width: its `width` attribute, else its viewBox's. */
export function svgWidth(svg: string): number {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0];
  if (!root) throw new Error('not an SVG: no <svg> element');
  const w = /\swidth="([\d.]+)(px)?"/.exec(root);
  if (w) return Number(w[1]);
  const vb = /\sviewBox="[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)/.exec(root);
  if (vb) return Number(vb[1]);
  throw new Error('the SVG has no width');
}

/** Font sizes set on any element, as attributes or in a style, with the text they apply to. */
export function textSizes(svg: string): TextSizeReport {
  const width = svgWidth(svg);
  const found: { size: number; text: string }[] = [];
  const tag = /<([a-zA-Z]+)\b([^>]*)>/g;
  for (const m of svg.matchAll(tag)) {
    const [, name, attrs] = m as unknown as [string, string, string];
    // Most tags set no font size (shapes, groups): no need to read their attributes.
    if (!attrs.includes('font-size')) continue;
    const sizes: number[] = [];
    for (const a of attrs.matchAll(/\sfont-size="([\d.]+)(?:px)?"/g)) sizes.push(Number(a[1]));
    const style = /\sstyle="([^"]*)"/.exec(attrs)?.[1] ?? '';
    for (const st of style.matchAll(/font-size\s*:\s*([\d.]+)(?:px)?/g)) sizes.push(Number(st[1]));
    if (sizes.length === 0) continue;
    let content = `<${name}>`;
    if (name === 'text') {
      const end = svg.indexOf('</text>', m.index!);
      content = unescape(svg.slice(m.index! + m[0].length, end).replace(/<[^>]*>/g, ''));
    }
    for (const size of sizes) found.push({ size, text: content });
  }
  // <style> blocks: `font-size: 12px` in CSS rules.
  for (const block of svg.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) {
    for (const st of block[1]!.matchAll(/font-size\s*:\s*([\d.]+)(?:px)?/g)) found.push({ size: Number(st[1]), text: '<style>' });
  }
  const smallest = found.reduce<TextSizeReport['smallest']>((a, b) => (a === null || b.size < a.size ? b : a), null);
  return { width, sizes: found.map((f) => f.size), found, smallest };
}

/** Fails, naming the smallest text and its size, when any text is under 2.5 % of the width. */
export function expectReadableText(svg: string, label: string): TextSizeReport {
  const r = textSizes(svg);
  if (r.sizes.length === 0) expect(r.sizes.length, `${label}: the board has text`).toBeGreaterThan(0);
  const min = r.width * MIN_TEXT_SHARE;
  const s = r.smallest!;
  // Sizes are written with one decimal: allow the rounding.
  if (s.size + 0.05 < min) {
    expect.fail(
      `${label}: text "${s.text}" is ${s.size} px, under 2.5 % of the ${r.width} px width (${min.toFixed(1)} px)`,
    );
  }
  return r;
}

/** The content of every <text> element, unescaped. */
export function svgTexts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => unescape(m[1]!));
}

/** A drawn mark: a dot or a box, with its size (a circle's diameter; a box's larger side). */
export type Mark = { kind: 'circle' | 'rect'; size: number; at: string };

const attr = (attrs: string, name: string): number | null => {
  const m = new RegExp(`\\s${name}="(-?[\\d.]+)"`).exec(attrs);
  return m ? Number(m[1]) : null;
};

/**
 * Every dot and box drawn, each with its size. A box counts by its larger side, so a bar or a
 * line drawn as a long thin box is not a mark; outlines (no fill) and the background are left out.
 */
export function markSizes(svg: string): Mark[] {
  const marks: Mark[] = [];
  let first = true;
  for (const m of svg.matchAll(/<(circle|rect)\b([^>]*)>/g)) {
    const [whole, kind, attrs] = m as unknown as [string, 'circle' | 'rect', string];
    if (/\sfill="none"/.test(attrs)) continue;
    if (kind === 'circle') {
      const r = attr(attrs, 'r');
      if (r !== null) marks.push({ kind, size: 2 * r, at: whole });
      continue;
    }
    const w = attr(attrs, 'width');
    const h = attr(attrs, 'height');
    if (first && attr(attrs, 'x') === null) {
      first = false;
      continue; // the document's background
    }
    first = false;
    if (w !== null && h !== null) marks.push({ kind, size: Math.max(w, h), at: whole });
  }
  return marks;
}

/** Fails, naming the smallest mark, when a dot or a box is under 2.5 % of the width on its larger side. */
export function expectReadableMarks(svg: string, label: string): Mark | null {
  const width = svgWidth(svg);
  const min = width * MIN_TEXT_SHARE;
  const marks = markSizes(svg);
  const smallest = marks.reduce<Mark | null>((a, b) => (a === null || b.size < a.size ? b : a), null);
  if (smallest && smallest.size + 0.05 < min) {
    expect.fail(`${label}: a ${smallest.kind} ${smallest.size} px across, under 2.5 % of the ${width} px width (${min.toFixed(1)} px): ${smallest.at}`);
  }
  return smallest;
}
