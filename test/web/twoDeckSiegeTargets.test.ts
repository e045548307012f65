// Two Deck Siege's touchable board beyond its opening (README, "Playing on the board"): along
// seeded games, a courtyard unit is chosen on its chip in the courtyard (the chip of its alike
// ones), and a spell on its caster's chip; every target is a choice of the step, drawn where the
// board draws that chip, and no chip target lies under a later target of the same step.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/rng.js';
import { gameById } from '../../src/games/index.js';
import { casterOf } from '../../src/games/two-deck-siege/orders.js';
import type { TwoDeckSiegeState } from '../../src/games/two-deck-siege/types.js';
import { speaker } from '../../src/i18n/index.js';
import { renderBoardSvg } from '../../src/render/index.js';
import { n } from '../../src/render/svg.js';
import { saidLevel } from '../../src/web/choices.js';
import { touchBoard, type BoardTarget } from '../../src/web/boardTargets.js';

const sp = speaker('en-US');
const def = gameById('two-deck-siege')!;

/** The chip's rect as the board draws it: a target's outline is that rect. */
function drawnAt(svg: string, t: BoardTarget): boolean {
  const corners = t.shapes[0]!.polygon;
  const [x, y] = corners[0]!;
  const [x2, y2] = corners[2]!;
  return svg.includes(`<rect x="${n(x)}" y="${n(y)}" width="${n(x2 - x)}" height="${n(y2 - y)}"`);
}

/** The positions of seeded games, every one of them. */
function* positions(seeds: string[]): Generator<TwoDeckSiegeState> {
  for (const seed of seeds) {
    let state = def.setup(seed, [{}] as never, def.defaultOptions as never) as TwoDeckSiegeState;
    const rng = Rng.fromSeed(`${seed}/moves`);
    for (let ply = 0; ply < 400; ply++) {
      yield state;
      const moves = def.legalMoves(state, 0) as unknown[];
      if (!moves.length || def.toAct(state).length === 0) break;
      const played = def.play(state, 0, moves[rng.int(moves.length)] as never);
      if (!played.ok) throw new Error(played.error.message);
      state = played.value.state as TwoDeckSiegeState;
    }
  }
}

describe("Two Deck Siege's board targets", () => {
  it('given positions of seeded games, then courtyard units and spells are chosen on their chips, drawn there', () => {
    let courtyardUnits = 0;
    let casters = 0;
    for (const state of positions(['tds-targets-1', 'tds-targets-2', 'tds-targets-3', 'tds-targets-4'])) {
      const view = def.view(state, 0) as object;
      const picture = { gameType: 'two-deck-siege', view, opts: { locale: sp.locale } };
      const first = saidLevel(sp, def, state, 0, []);
      const keys = first.options.map((o) => o.key);
      let svg: string | null = null;
      const drawing = () => (svg ??= renderBoardSvg('two-deck-siege', view, picture.opts));

      // A spell: its caster's chip, unless the caster's box is a later target of the step.
      const board = touchBoard(def, state, 0, [], first, picture);
      for (const caster of ['wizard', 'priest'] as const) {
        if (!keys.includes(caster)) continue;
        const target = board?.targets.find((t) => t.key === caster);
        const d = casterOf(state, caster)!;
        if (keys.indexOf(d.at) > keys.indexOf(caster)) {
          expect(target, `${caster} under its box`).toBeUndefined();
          continue;
        }
        if (!target) continue; // a courtyard caster whose chip shows an alike unit
        expect(drawnAt(drawing(), target), `${caster}'s chip`).toBe(true);
        casters++;
      }

      // The courtyard, then one of its units: each unit with a chip of its own kind is that chip.
      if (!keys.includes('courtyard')) continue;
      const level = saidLevel(sp, def, state, 0, ['courtyard']);
      const units = touchBoard(def, state, 0, ['courtyard'], level, picture);
      if (!units) continue;
      const options = new Set(level.options.map((o) => o.key));
      for (const t of units.targets) {
        expect(options.has(t.key)).toBe(true);
        expect(state.defenders.find((d) => d.id === t.key)?.at, `${t.key} is in the courtyard`).toBe('courtyard');
        expect(drawnAt(drawing(), t), `${t.key}'s chip`).toBe(true);
        courtyardUnits++;
      }
      // The chosen courtyard shows as chosen.
      expect(units.chosen.length).toBe(1);
    }
    expect(courtyardUnits, 'courtyard units chosen on the board').toBeGreaterThan(0);
    expect(casters, 'spells chosen on their casters').toBeGreaterThan(0);
  });
});
