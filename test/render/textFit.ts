// Every text on a board fits the room it is drawn in, in every language: each <text> declares its
// box (`data-box`, its width on the board) unless nothing can change its length (`data-fixed`);
// its width is measured with the shipped font as Skia draws it (not estimated), and a text that
// had to be shortened to fit (`data-clipped`) fails too, unless a member chose it (a name).
import { createCanvas } from '@napi-rs/canvas';
import { expect } from 'vitest';
import { loadCanvasFonts } from '../../src/render/canvas.js';
import { FONT_FAMILY } from '../../src/render/fonts.js';

let context: ReturnType<ReturnType<typeof createCanvas>['getContext']> | null = null;
/**
 * Widths measured so far, by weight, size and text. A board's labels recur on every board of a
 * game and in every test of a file, and Skia's measurement of the same text in the same font is
 * the same: measured again, it was most of the locale tests' time.
 */
const widths = new Map<string, number>();

/** The width Skia draws `content` at, in the shipped font. */
export function measuredWidth(content: string, size: number, weight: number): number {
  const key = `${weight} ${size} ${content}`;
  const known = widths.get(key);
  if (known !== undefined) return known;
  if (!context) {
    loadCanvasFonts();
    context = createCanvas(8, 8).getContext('2d');
  }
  context.font = `${weight} ${size}px "${FONT_FAMILY}"`;
  const width = context.measureText(content).width;
  widths.set(key, width);
  return width;
}

const unescape = (s: string) => !s.includes('&') ? s : s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

export type FitProblem = { text: string; why: string };

/** The attributes read, each found by an expression made once (not once per text of every board). */
const ATTRIBUTES = {
  'data-fixed': /\sdata-fixed="([^"]*)"/,
  'data-box': /\sdata-box="([^"]*)"/,
  'data-clipped': /\sdata-clipped="([^"]*)"/,
  'data-chosen': /\sdata-chosen="([^"]*)"/,
  'font-size': /\sfont-size="([^"]*)"/,
  'font-weight': /\sfont-weight="([^"]*)"/,
};

/** The texts of an SVG board that do not fit their box, were clipped, or declare no box. */
export function textFitProblems(svg: string): FitProblem[] {
  const problems: FitProblem[] = [];
  for (const m of svg.matchAll(/<text\b([^>]*)>([\s\S]*?)<\/text>/g)) {
    const attrs = m[1]!;
    const content = unescape(m[2]!.replace(/<[^>]*>/g, ''));
    if (!content.trim()) continue;
    const attr = (name: keyof typeof ATTRIBUTES) => ATTRIBUTES[name].exec(attrs)?.[1];
    if (attr('data-fixed') !== undefined) continue;
    const box = attr('data-box');
    if (box === undefined) {
      problems.push({ text: content, why: 'declares no box' });
      continue;
    }
    if (attr('data-clipped') !== undefined && attr('data-chosen') === undefined) problems.push({ text: content, why: `was shortened to fit ${box}` });
    const size = Number(attr('font-size') ?? 16);
    const weight = attr('font-weight') === '400' ? 400 : 700;
    const width = measuredWidth(content, size, weight);
    // Half a pixel for rounding in the box's coordinates.
    if (width > Number(box) + 0.5) problems.push({ text: content, why: `is ${width.toFixed(1)} wide in a box of ${box}` });
  }
  return problems;
}

/** Fails, naming each text that does not fit, for a board labelled `label` (game, locale, position). */
export function expectTextsFit(svg: string, label: string): void {
  const problems = textFitProblems(svg);
  if (problems.length > 0) expect(problems.map((p) => `${label}: "${p.text}" ${p.why}`)).toEqual([]);
}
