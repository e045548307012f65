// Given Two Deck Siege positions (the opening, mid-game sieges on both castles, crowded
// courtyards, a full hand to discard from, a question of the attacker's turn, a finished game),
// then the board renders to a PNG that names what a player needs: every enemy unit, every card
// name whole, no text and no mark under 2.5 % of the width, and one image height whatever the
// position. PNGs land in test/.out/render/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../../src/engine/index.js';
import game, { type TwoDeckSiegeState, type TwoDeckSiegeView } from '../../../src/games/two-deck-siege/index.js';
import { promptText, renderTwoDeckSiegeBoard } from '../../../src/render/two-deck-siege/index.js';
import { BOARD_SCALE, svgToPng } from '../../../src/render/index.js';
import { wrapToWidth } from '../../../src/render/two-deck-siege/board.js';
import { pngSize } from '../../../src/render/rasterize.js';
import { textWidth } from '../../../src/render/svg.js';
import { expectReadableMarks, expectReadableText, svgTexts } from '../textSize.js';

const OUT = fileURLToPath(new URL('../../.out/render/', import.meta.url));
const seats = [{ kind: 'human' as const }];
type Castle = 'square' | 'rectangle';

/** Seeded play: mostly cards, now and then the end of the turn; a passive player mostly ends turns, so enemies pour in. */
function playUntil(seed: string, stop: (s: TwoDeckSiegeState) => boolean, castle: Castle = 'square', passive = false): TwoDeckSiegeState {
  let s = game.setup(seed, seats, { ...game.defaultOptions, castle, thickWalls: castle === 'rectangle', reinforcements: passive ? 2 : 0 } as never);
  const r = Rng.fromSeed(`render-${seed}`);
  for (let i = 0; i < 3000 && !stop(s); i++) {
    const moves = game.legalMoves(s, 0);
    if (moves.length === 0) break;
    const ends = moves.filter((m) => m.type === 'end' || m.type === 'done');
    const nonEnd = moves.filter((m) => m.type !== 'end' && m.type !== 'done');
    const move = passive && ends.length && r.next() < 0.9 ? r.pick(ends) : nonEnd.length && r.next() < 0.8 ? r.pick(nonEnd) : r.pick(moves);
    const res = game.play(s, 0, move);
    if (!res.ok) throw new Error(res.error.message);
    s = res.value.state;
  }
  if (!stop(s)) throw new Error(`seed ${seed} never reached the position`);
  return s;
}

const inCourtyard = (s: TwoDeckSiegeState) => s.enemies.filter((e) => e.at === 'courtyard').length;
const view = (s: TwoDeckSiegeState) => game.view(s, 0) as TwoDeckSiegeView;
const texts = svgTexts;

let samples: { name: string; castle: Castle; state: TwoDeckSiegeState }[] = [];
const sample = (name: string) => samples.find((x) => x.name === name)!.state;

beforeAll(() => {
  mkdirSync(OUT, { recursive: true });
  samples = [
    { name: 'opening', castle: 'square', state: game.setup('open', seats, game.defaultOptions) },
    { name: 'mid', castle: 'square', state: playUntil('mid', (s) => s.turn >= 5 && s.enemies.length >= 4 && s.phase === 'orders') },
    { name: 'question', castle: 'square', state: playUntil('ask', (s) => s.phase === 'attacker') },
    { name: 'rectangle', castle: 'rectangle', state: playUntil('rect', (s) => s.turn >= 4 && s.phase === 'orders', 'rectangle') },
    { name: 'crowded', castle: 'square', state: playUntil('crowd1', (s) => s.phase === 'orders' && inCourtyard(s) >= 8, 'square', true) },
    { name: 'crowded-rectangle', castle: 'rectangle', state: playUntil('late', (s) => s.turn >= 9 && s.phase === 'orders' && inCourtyard(s) >= 6, 'rectangle', true) },
    { name: 'discard', castle: 'square', state: playUntil('full', (s) => s.phase === 'discard' && s.hand.length >= 7, 'square', true) },
    { name: 'over', castle: 'square', state: playUntil('over', (s) => s.phase === 'over') },
  ];
});

const CHIP = /<rect x="[\d.-]+" y="[\d.-]+" width="56" height="56" rx="(8|6)" /g;

/** The enemy units a board draws: each enemy chip, times the count over it (a group in the courtyard). */
function enemiesDrawn(svg: string): number {
  const chips = [...svg.matchAll(CHIP)].map((m) => ({ at: m.index!, enemy: m[1] === '8' }));
  return chips.reduce((sum, c, i) => {
    if (!c.enemy) return sum;
    const own = svg.slice(c.at, chips[i + 1]?.at ?? svg.length);
    const count = /<text[^>]*>×(\d+)<\/text>/.exec(own);
    return sum + (count ? Number(count[1]) : 1);
  }, 0);
}

/** The lines written on each card of the hand, in order. */
function cardLines(svg: string): string[][] {
  const end = svg.indexOf('>Key: ');
  const cards = [...svg.matchAll(/<rect [^>]*height="120" rx="10" fill="#fffdf6"/g)].map((m) => m.index!);
  return cards.map((at, i) => svgTexts(svg.slice(at, cards[i + 1] ?? end)));
}

describe('renderTwoDeckSiegeBoard', () => {
  it('given every position, then a PNG 1000 units wide (at BOARD_SCALE) under 400 KB, of one height for both castles', async () => {
    const heights = new Set<number>();
    for (const { name, state } of samples) {
      const png = await svgToPng(renderTwoDeckSiegeBoard(view(state), { players: ['Alexandra the Great'] }));
      const { width, height } = pngSize(png);
      expect(width, name).toBe(Math.ceil(1000 * BOARD_SCALE));
      expect(png.length, name).toBeLessThan(400 * 1024);
      heights.add(height);
      writeFileSync(`${OUT}two-deck-siege-${name}.png`, png);
    }
    expect([...heights]).toHaveLength(1);
  });

  it('given any position, then no text and no mark (hearts, tiredness, counts, swatches) is under 2.5 % of the width', () => {
    for (const { name, state } of samples) {
      for (const opts of [{}, { players: ['Wolfeschlegelsteinhausenbergerdo'] }, { finished: { title: 'Game over', detail: 'alice resigned.', winners: [] } }]) {
        const svg = renderTwoDeckSiegeBoard(view(state), opts);
        expectReadableText(svg, name);
        expectReadableMarks(svg, name);
      }
    }
  });

  it('given enemies in the bands and a crowded courtyard, then every enemy unit is drawn, and nothing is left out', () => {
    for (const { name, state } of samples) {
      const v = view(state);
      const total = v.field.reduce((n, c) => n + c.enemies.length, 0) + v.courtyard.enemies.length;
      const svg = renderTwoDeckSiegeBoard(v);
      expect(enemiesDrawn(svg), name).toBe(total);
      expect(texts(svg).join(' '), name).not.toMatch(/more|…/);
    }
    expect(view(sample('crowded')).courtyard.enemies.length).toBeGreaterThanOrEqual(8);
    expect(view(sample('crowded-rectangle')).courtyard.enemies.length).toBeGreaterThanOrEqual(6);
  });

  it('given a hand, up to a full one to discard from, then every card name is drawn whole', () => {
    expect(sample('discard').hand.length).toBeGreaterThanOrEqual(7);
    const squash = (t: string) => t.replace(/[\s-]/g, '');
    for (const { name, state } of samples) {
      const v = view(state);
      const drawn = cardLines(renderTwoDeckSiegeBoard(v));
      expect(drawn.length, name).toBe(v.hand.length);
      v.hand.forEach((card, i) => {
        expect(squash(drawn[i]!.join('')), `${name}: ${card.name}`).toBe(squash(card.name));
        expect(drawn[i]!.join(' '), `${name}: ${card.name}`).not.toContain('…');
      });
    }
  });

  it('wraps a name to the width given, breaking a long word after its hyphen, or with one added, and never drops a letter', () => {
    expect(wrapToWidth('Counter-charge', 25, 150)).toEqual(['Counter-', 'charge']);
    expect(wrapToWidth('Call the Gryphon', 25, 150)).toEqual(['Call the', 'Gryphon']);
    expect(wrapToWidth('Muster', 25, 150)).toEqual(['Muster']);
    for (const [name, room] of [['Counter-charge', 90], ['Wolfeschlegelsteinhausen', 120], ["Knights' Oath", 100]] as const) {
      const lines = wrapToWidth(name, 25, room);
      for (const line of lines) expect(textWidth(line, 25), `${name}: ${line}`).toBeLessThanOrEqual(room);
      expect(lines.join('').replace(/[\s-]/g, '')).toBe(name.replace(/[\s-]/g, ''));
    }
  });

  it('given a position, then every wall and tower, the turn, the deck size and the question are named', () => {
    for (const { name, state } of samples) {
      const v = view(state);
      const all = texts(renderTwoDeckSiegeBoard(v)).join('\n');
      for (const c of v.castle) expect(all, `${name} ${c.id}`).toMatch(c.destroyed ? /BREACH|FALLEN/ : new RegExp(`${c.id} ${c.left}`));
      expect(all, name).toContain(`Turn ${v.turn}`);
      expect(all, name).toContain(`${v.enemyDeck.size} cards`);
      expect(promptText(v).length, name).toBeGreaterThan(0);
    }
    const q = view(sample('question'));
    expect(q.question).not.toBeNull();
    expect(promptText(q)).toBe(q.question!.text);
  });

  it('given the player\'s name, then it is drawn whole in the header', () => {
    const all = texts(renderTwoDeckSiegeBoard(view(sample('mid')), { players: ['Bartholomew Featherstonehaugh-Sm'] }));
    expect(all).toContain('Bartholomew Featherstonehaugh-Sm');
  });

  it('given a finished game, then the result and the score are shown', () => {
    const v = view(sample('over'));
    expect(v.outcome).not.toBeNull();
    expect(texts(renderTwoDeckSiegeBoard(v)).join(' ')).toContain(`Score ${v.score}`);
  });
});
