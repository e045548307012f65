// The parts under the castle: what the player is asked (or the result), the hand as small card
// faces, and the key to every unit's code. Each has a fixed height in a given language, so the
// board keeps one height from move to move.
import { DATA, DEFENDER } from '../../games/two-deck-siege/types.js';
import type { TwoDeckSiegeView } from '../../games/two-deck-siege/view.js';
import { rect, text, type RenderOptions } from '../svg.js';
import { defenderFill, ENEMY_COLOUR, MIN_FONT, unitCode } from './chips.js';
import { breakLines, drawable, drawnWidth, fitLines, fitSize } from './fit.js';
import type { Words } from './words.js';

type V = TwoDeckSiegeView;

export const WIDTH = 1000;
const INK = '#1d1d1f';
const SOFT_INK = '#3a3a40';

/** The question or result panel: three lines of 28, or four of the smallest size. */
export const PANEL_H = 3 * 36 + 16;
const PANEL_TRIES = [
  { size: 28, lines: 3 },
  { size: 26, lines: 3 },
  { size: MIN_FONT, lines: 4 },
];
export const CARD_H = 120;
const CARD_COLOUR: Record<string, string> = {
  attack: '#c23b2e', move: '#2f64b5', spell: '#7b45b0', repair: '#8a6a3a', rest: '#3b8a4a', summon: '#c99a12', defender: '#c99a12',
};

/** What the panel says: the result once the game is over, else the question asked, else the prompt. */
export function promptText(v: V, w?: Words): string {
  if (v.outcome) {
    const english = v.outcome.reason.trim().replace(/[.!]$/, '');
    const reason = w ? w.say(v.outcome.reasonPhrase, english).trim().replace(/[.!]$/, '') : english;
    const told = reason ? `${reason[0]!.toUpperCase()}${reason.slice(1)}` : '';
    if (w) return w.t(`board.${v.outcome.winners.length ? 'victory' : 'defeat'}${told ? '' : 'Bare'}`, { reason: told, score: v.score });
    return `${v.outcome.winners.length ? 'Victory!' : 'The castle has fallen.'}${told ? ` ${told}.` : ''} Score ${v.score}.`;
  }
  if (v.question) return w ? w.say(v.question.phrase, v.question.text) : v.question.text;
  return (w ? w.say(v.promptPhrase, v.prompt ?? '') : v.prompt) ?? '';
}

/**
 * A text drawn as a sentence: with its final full stop when it ends with no mark of its own (the
 * catalogs' prompts have none, since Discord also shows them as a menu's placeholder).
 */
export const sentence = (content: string): string => {
  const t = content.trim();
  return !t || /[.!?…:;]$/u.test(t) ? t : `${t}.`;
};

/** The result panel's lines and colour: the platform's result when it ended the game, else the view's. */
export function drawPanel(v: V, opts: RenderOptions, w: Words, y: number): string {
  const fin = opts.finished;
  const room = WIDTH - 60;
  const lines: { text: string; size: number; weight: 400 | 700; fill: string }[] = [];
  let fill = '#eef3fb';
  if (fin) {
    fill = '#fff3c4';
    const title = drawable(fin.title) || w.t('board.gameOver');
    lines.push({ text: title, size: fitSize(title, room, [30, 28, 26, MIN_FONT]), weight: 700, fill: fin.winners.includes(0) ? '#1d6b22' : INK });
    const detail = fitLines(sentence(drawable(fin.detail)), room, [{ size: 28, lines: 2 }, { size: 26, lines: 2 }, { size: MIN_FONT, lines: 2 }], 400);
    for (const line of detail.lines) lines.push({ text: line, size: detail.size, weight: 400, fill: INK });
  } else {
    if (v.outcome) fill = '#fff3c4';
    const ink = v.outcome ? (v.outcome.winners.length ? '#1d6b22' : '#a01010') : INK;
    const fitted = fitLines(sentence(drawable(promptText(v, w))), room, PANEL_TRIES);
    for (const line of fitted.lines) lines.push({ text: line, size: fitted.size, weight: 700, fill: ink });
  }
  let out = rect(12, y, WIDTH - 24, PANEL_H, { fill, radius: 10 });
  const pitch = (s: number) => Math.round(s * 1.29);
  const total = lines.reduce((sum, l) => sum + pitch(l.size), 0);
  let at = y + (PANEL_H - total) / 2;
  for (const l of lines) {
    out += text(WIDTH / 2, at + pitch(l.size) / 2, l.text, { size: l.size, weight: l.weight, anchor: 'middle', fill: l.fill, box: room });
    at += pitch(l.size);
  }
  return out;
}

/** The narrowest a card face gets: a hand of 8 (drawn 2, before the discard). */
export const cardWidth = (cards: number) => Math.min(170, (WIDTH - 24 - 8 * (cards - 1)) / cards);

/** A card's name as its face shows it: lines of the card's width, three, or four closer together. */
export function cardNameLines(name: string, w: number): string[] {
  return fitLines(name, w - 12, [{ size: MIN_FONT, lines: 3 }, { size: MIN_FONT, lines: 4 }]).lines;
}

/** The hand: one row of card faces, each name whole; the row's height never changes. */
export function drawHand(v: V, w: Words, y: number): string {
  const cards = v.hand;
  if (cards.length === 0) return text(WIDTH / 2, y + CARD_H / 2, w.t('board.noCards'), { size: 28, anchor: 'middle', fill: SOFT_INK, box: WIDTH - 40 });
  const gap = 8;
  const cw = cardWidth(cards.length);
  const x0 = (WIDTH - (cards.length * cw + (cards.length - 1) * gap)) / 2;
  let svg = '';
  cards.forEach((c, i) => {
    const x = x0 + i * (cw + gap);
    const colour = CARD_COLOUR[c.effect] ?? '#666666';
    svg += rect(x, y, cw, CARD_H, { fill: '#fffdf6', stroke: colour, strokeWidth: 4, radius: 10 });
    svg += rect(x, y, cw, 14, { fill: colour, radius: 6 });
    const lines = cardNameLines(w.cardName(c.key, c.kind), cw);
    const pitch = lines.length > 3 ? 26 : 30;
    const top = y + 14 + (CARD_H - 14 - lines.length * pitch) / 2 + pitch / 2;
    lines.forEach((line, k) => {
      svg += text(x + cw / 2, top + k * pitch, line, { size: MIN_FONT, anchor: 'middle', fill: INK, box: cw - 12 });
    });
  });
  return svg;
}

// The key lists every kind of unit, in play or still to come: the same key on every board (no
// room kept for kinds that may come), and a player learns the enemy before it arrives.
const KEY_COLUMNS = 2;
const KEY_PITCH = 42;
const KEY_NOTE_FONT = 28;
const KEY_NOTE_PITCH = 35;
const SWATCH_W = 50;
const SWATCH_H = 36;
const KINDS = [
  ...DATA.enemies.map((c) => ({ ...c, enemy: true })),
  ...[...DATA.defenders, ...DATA.specials].map((c) => ({ ...c, enemy: false, wall: 0 })),
];
const keyRows = Math.ceil(KINDS.length / KEY_COLUMNS);
const columnWidth = (WIDTH - 40) / KEY_COLUMNS;
const labelRoom = columnWidth - SWATCH_W - 16;

/** Each kind's line in the key: its short name, attack/defence/hearts, range and wall damage. */
function keyLabel(w: Words, k: (typeof KINDS)[number]): string {
  const wall = k.wall ? ` ${w.t('board.key.wall', { n: k.wall })}` : '';
  return `${drawable(w.short(k.key))} ${k.swords}/${k.shields}/${k.hearts} ${w.t('board.key.range', { n: k.range })}${wall}`;
}

/**
 * A note's entries ("R Reichweite (+1 im Turm)", "roter Rahmen: erschöpft"), each with the
 * separator that follows it (", " or " · "); a comma inside brackets does not part an entry.
 */
export function keyEntries(note: string): string[] {
  const entries: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < note.length; i++) {
    const ch = note[i]!;
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (note.startsWith(', ', i) || note.startsWith(' · ', i))) {
      const end = i + (ch === ',' ? 2 : 3);
      entries.push(note.slice(from, end));
      from = end;
      i = end - 1;
    }
  }
  if (from < note.length) entries.push(note.slice(from));
  return entries;
}

/**
 * A note broken into lines of `room` between its entries, never inside one, so that an
 * abbreviation stays with its meaning; only an entry wider than a whole line is broken as text.
 */
export function entryLines(note: string, size: number, room: number, weight: 400 | 700 = 400): string[] {
  const fits = (t: string) => drawnWidth(t.trimEnd(), size, weight) <= room;
  const lines: string[] = [];
  let line = '';
  for (const entry of keyEntries(drawable(note))) {
    if (fits(line + entry)) {
      line += entry;
      continue;
    }
    if (line) lines.push(line.trimEnd());
    line = '';
    if (fits(entry)) line = entry;
    else {
      const broken = breakLines(entry, size, room, weight).lines;
      lines.push(...broken.slice(0, -1));
      line = `${broken.at(-1) ?? ''} `;
    }
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

/** The key's notes (what the numbers and badges mean), broken into lines of the board's width. */
export function keyNotes(w: Words): string[] {
  return ['board.key.stats', 'board.key.badges'].flatMap((k) => entryLines(w.t(k), KEY_NOTE_FONT, WIDTH - 40));
}

/** The key's height in this language: its notes and its rows. */
export function keyHeight(w: Words): number {
  return keyNotes(w).length * KEY_NOTE_PITCH + 12 + keyRows * KEY_PITCH;
}

export function drawKey(w: Words, y: number): string {
  const notes = keyNotes(w);
  let svg = notes.map((line, i) => text(20, y + 14 + i * KEY_NOTE_PITCH, line, { size: KEY_NOTE_FONT, weight: 400, fill: INK, box: WIDTH - 40 })).join('');
  const labels = KINDS.map((k) => keyLabel(w, k));
  // One size for every line of the key: the largest at which the longest fits.
  const size = Math.min(...labels.map((l) => fitSize(l, labelRoom, [28, 27, 26, MIN_FONT], 400)));
  const top = y + notes.length * KEY_NOTE_PITCH + 12;
  KINDS.forEach((k, i) => {
    const x = 20 + (i % KEY_COLUMNS) * columnWidth;
    const yy = top + Math.floor(i / KEY_COLUMNS) * KEY_PITCH;
    const fill = k.enemy ? ENEMY_COLOUR[k.key] ?? '#666666' : defenderFill({ ...DEFENDER[k.key]! });
    svg += rect(x, yy, SWATCH_W, SWATCH_H, { fill, stroke: '#222222', strokeWidth: 1.5, radius: 5 });
    svg += unitCode(w, k.key, x + SWATCH_W / 2, yy + 26, k.enemy ? '#ffffff' : '#1c2a4a');
    svg += text(x + SWATCH_W + 10, yy + SWATCH_H / 2, labels[i]!, { size, fill: INK, weight: 400, box: labelRoom });
  });
  return svg;
}
