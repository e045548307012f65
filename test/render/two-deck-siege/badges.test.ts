// Given seeded sieges where the enemy pours into the courtyard (alike units grouped under a count),
// then in every language no badge (a count, hearts, tiredness) covers any part of a unit's code:
// measured as the shipped font draws the code's glyphs, so that "Pi" never reads "Pı"; and every
// count is a text the phone-size check sees, at least 2.5 % of the width.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/engine/index.js';
import { LOCALES, t } from '../../../src/i18n/index.js';
import game, { DATA, type TwoDeckSiegeOptions, type TwoDeckSiegeState, type TwoDeckSiegeView } from '../../../src/games/two-deck-siege/index.js';
import { renderTwoDeckSiegeBoard } from '../../../src/render/two-deck-siege/index.js';
import { groupsMarked, overlaps, shapeBoxes, textInks } from '../overlap.js';
import { MIN_TEXT_SHARE, svgWidth, textSizes } from '../textSize.js';

const seats = [{ kind: 'human' as const }];

/** Every position of a seeded game in which the player mostly ends the turn, so that enemies crowd in. */
function crowdedPositions(seed: string, options: TwoDeckSiegeOptions): TwoDeckSiegeView[] {
  const r = Rng.fromSeed(`badges-${seed}`);
  let s: TwoDeckSiegeState = game.setup(seed, seats, options);
  const out: TwoDeckSiegeView[] = [];
  for (let i = 0; i < 3000 && game.toAct(s).length; i++) {
    const moves = game.legalMoves(s, 0);
    const ends = moves.filter((m) => m.type === 'end' || m.type === 'done');
    const busy = moves.filter((m) => m.type !== 'end' && m.type !== 'done');
    const move = ends.length && r.next() < 0.7 ? r.pick(ends) : busy.length ? r.pick(busy) : r.pick(moves);
    const played = game.play(s, 0, move);
    if (!played.ok) throw new Error(`seed ${seed}: ${played.error.message}`);
    s = played.value.state;
    out.push(game.view(s, 0) as TwoDeckSiegeView);
  }
  return out;
}

const GAMES: [string, TwoDeckSiegeOptions][] = [
  ['square', { castle: 'square', thickWalls: false, reinforcements: 2, autoChoose: true }],
  ['rectangle', { castle: 'rectangle', thickWalls: true, reinforcements: 2, autoChoose: true }],
];

const codesOf = (locale: (typeof LOCALES)[number]) =>
  new Set([...DATA.enemies, ...DATA.defenders, ...DATA.specials].map((u) => t(locale, `two-deck-siege:terms.units.${u.key}.code`)));

describe('Two Deck Siege badges', () => {
  for (const [name, options] of GAMES) {
    it(`given crowded courtyards (${name} castle), then in every language no badge covers a code, and every count is readable`, () => {
      const views = crowdedPositions(`${name}-crowd`, options);
      let counts = 0;
      for (const locale of LOCALES) {
        const codes = codesOf(locale);
        const seen = new Set<string>();
        for (const [i, v] of views.entries()) {
          const svg = renderTwoDeckSiegeBoard(v, { locale });
          if (seen.has(svg)) continue;
          seen.add(svg);
          const label = `${name} ${locale} position ${i}`;
          const inks = textInks(svg).filter((d) => codes.has(d.content));
          for (const b of groupsMarked(svg, 'data-badge')) {
            if (b.value === 'count') counts++;
            for (const shape of shapeBoxes(b.markup)) {
              const covered = inks.find((code) => overlaps(shape, code.ink));
              expect(covered, `${label}: a ${b.value} badge covers the code "${covered?.content}"`).toBeUndefined();
            }
          }
          // The counts are texts the phone-size check measures, and none is under its minimum.
          const min = svgWidth(svg) * MIN_TEXT_SHARE;
          const drawn = groupsMarked(svg, 'data-badge').filter((b) => b.value === 'count').length;
          const measured = textSizes(svg).found.filter((f) => /^×\d+$/.test(f.text));
          expect(measured.length, label).toBe(drawn);
          for (const f of measured) expect(f.size, `${label}: "${f.text}"`).toBeGreaterThanOrEqual(min);
        }
      }
      // The games crowd the courtyard: many counts were checked, in every language.
      expect(counts).toBeGreaterThan(50 * LOCALES.length);
    });
  }
});
