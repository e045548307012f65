// Given a lost Kingdoms Siege (a negative score), then every board in every language writes its
// negative numbers with the true minus sign (U+2212), as the result headline does: the total, the
// score lines, the result and the log; the shipped font draws the sign, and a hyphen inside a word
// or between numbers is left alone.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/engine/rng.js';
import { LOCALES } from '../../../src/i18n/index.js';
import siege from '../../../src/games/kingdoms-siege/index.js';
import type { KingdomsView } from '../../../src/games/kingdoms-base/view.js';
import { renderBoardSvg } from '../../../src/render/index.js';
import { fontCovers } from '../../../src/render/fonts.js';
import { signed, trueMinus } from '../../../src/render/kingdoms/text.js';
import { svgTexts } from '../textSize.js';

const MINUS = '\u2212';

/** The end of a seeded random game of Kingdoms Siege, which the player loses below zero. */
function lostGame(): KingdomsView {
  const seed = 'minus-0';
  const rng = Rng.fromSeed(seed);
  let state = siege.setup(seed, [{ kind: 'human' }], siege.defaultOptions);
  for (let ply = 0; ply < 600 && !siege.outcome(state); ply++) {
    const moves = siege.legalMoves(state, 0);
    const played = siege.play(state, 0, moves[rng.int(moves.length)]!);
    if (!played.ok) throw new Error(played.error.message);
    state = played.value.state;
  }
  return siege.view(state, 0) as KingdomsView;
}

describe('Kingdoms boards: negative numbers', () => {
  it('writes a minus before a number and leaves other hyphens alone', () => {
    expect(trueMinus('Score -3, (-12) and -7 VP')).toBe(`Score ${MINUS}3, (${MINUS}12) and ${MINUS}7 VP`);
    expect(trueMinus('-18 SP')).toBe(`${MINUS}18 SP`);
    expect(trueMinus('W-12, 1-2, Zwei-Stapel, 3 - 2')).toBe('W-12, 1-2, Zwei-Stapel, 3 - 2');
    expect([signed(7), signed(0), signed(-15)]).toEqual(['+7', '0', `${MINUS}15`]);
    expect(fontCovers(MINUS.codePointAt(0)!)).toBe(true);
  });

  it('given a siege lost below zero, then in every language no number on the board has a hyphen for its minus', () => {
    const view = lostGame();
    const total = view.score!.sides[0]!.total;
    expect(total).toBeLessThan(0);
    for (const locale of LOCALES) {
      for (const opts of [{}, { finished: { title: `${MINUS}${-total}`, detail: view.score!.result, winners: [] } }]) {
        const texts = svgTexts(renderBoardSvg('kingdoms-siege', view, { locale, ...opts }));
        const hyphened = texts.filter((t) => /(^|[^\p{L}\p{N}])-\d/u.test(t));
        expect(hyphened, locale).toEqual([]);
        expect(texts.some((t) => t.includes(`${MINUS}${-total} `)), `${locale}: the total ${total}`).toBe(true);
        for (const line of view.score!.sides[0]!.lines.filter((l) => l.vp < 0)) expect(texts, locale).toContain(`${MINUS}${-line.vp}`);
      }
    }
  });
});
