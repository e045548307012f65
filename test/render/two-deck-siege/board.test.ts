// Given Two Deck Siege positions (the opening, a mid-game siege, a finished game, a question of
// the attacker's turn), then the board renders to a PNG that names what a player needs, with no
// text under 2.5 % of the width.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/engine/index.js';
import game, { type TwoDeckSiegeState, type TwoDeckSiegeView } from '../../../src/games/two-deck-siege/index.js';
import { promptText, renderTwoDeckSiegeBoard } from '../../../src/render/two-deck-siege/index.js';
import { BOARD_SCALE, svgToPng } from '../../../src/render/index.js';
import { pngSize } from '../../../src/render/rasterize.js';
import { expectReadableText } from '../textSize.js';

const seats = [{ kind: 'human' as const }];

function playUntil(seed: string, stop: (s: TwoDeckSiegeState) => boolean, castle: 'square' | 'rectangle' = 'square'): TwoDeckSiegeState {
  let s = game.setup(seed, seats, { ...game.defaultOptions, castle, thickWalls: castle === 'rectangle' });
  const r = Rng.fromSeed(`render-${seed}`);
  for (let i = 0; i < 3000 && !stop(s); i++) {
    const moves = game.legalMoves(s, 0);
    if (moves.length === 0) break;
    const nonEnd = moves.filter((m) => m.type !== 'end' && m.type !== 'done');
    const res = game.play(s, 0, nonEnd.length && r.next() < 0.8 ? r.pick(nonEnd) : r.pick(moves));
    if (!res.ok) throw new Error(res.error.message);
    s = res.value.state;
  }
  return s;
}

const texts = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!);

describe('renderTwoDeckSiegeBoard', () => {
  const samples: [string, TwoDeckSiegeState][] = [
    ['opening', game.setup('open', seats, game.defaultOptions)],
    ['mid', playUntil('mid', (s) => s.turn >= 5 && s.enemies.length >= 4 && s.phase === 'orders')],
    ['question', playUntil('ask', (s) => s.phase === 'attacker')],
    ['rectangle', playUntil('rect', (s) => s.turn >= 4 && s.phase === 'orders', 'rectangle')],
    ['over', playUntil('over', (s) => s.phase === 'over')],
  ];

  it('given each position, then a PNG 1000 units wide (at BOARD_SCALE) under 400 KB', async () => {
    for (const [name, s] of samples) {
      const png = await svgToPng(renderTwoDeckSiegeBoard(game.view(s, 0) as TwoDeckSiegeView));
      expect(pngSize(png).width, name).toBe(Math.ceil(1000 * BOARD_SCALE));
      expect(png.length, name).toBeLessThan(400 * 1024);
    }
  });

  it('given any position, then no text is smaller than 2.5 % of the width (25 px)', () => {
    for (const [name, s] of samples) {
      expectReadableText(renderTwoDeckSiegeBoard(game.view(s, 0) as TwoDeckSiegeView), name);
    }
  });

  it('given a position, then every wall and tower, the turn, the deck size and the question are named', () => {
    for (const [name, s] of samples) {
      const v = game.view(s, 0) as TwoDeckSiegeView;
      const all = texts(renderTwoDeckSiegeBoard(v)).join('\n');
      for (const c of v.castle) expect(all, `${name} ${c.id}`).toMatch(c.destroyed ? /BREACH|FALLEN/ : new RegExp(`${c.id} ${c.left}`));
      expect(all, name).toContain(`Turn ${v.turn}`);
      expect(all, name).toContain(`${v.enemyDeck.size} cards`);
      expect(promptText(v).length, name).toBeGreaterThan(0);
    }
    const q = game.view(samples[2]![1], 0) as TwoDeckSiegeView;
    expect(q.question).not.toBeNull();
    expect(promptText(q)).toBe(q.question!.text);
  });

  it('given a finished game, then the result and the score are shown', () => {
    const v = game.view(samples[4]![1], 0) as TwoDeckSiegeView;
    expect(v.outcome).not.toBeNull();
    expect(texts(renderTwoDeckSiegeBoard(v)).join(' ')).toContain(`Score ${v.score}`);
  });
});
