// Given kingdom boards in every language, then what the player is asked reads as a sentence: it
// ends with its full stop (or its own question or exclamation mark), as the log's lines below it
// do; the Solo Variant's turn in German ends "…, sonst sammelt sie."; and so does the reason of a
// result the platform gives.
import { describe, expect, it } from 'vitest';
import type { GameDefinition } from '../../../src/engine/contract.js';
import { Rng } from '../../../src/engine/rng.js';
import { LOCALES } from '../../../src/i18n/index.js';
import siege from '../../../src/games/kingdoms-siege/index.js';
import solo from '../../../src/games/kingdoms-solo/index.js';
import { renderBoardSvg } from '../../../src/render/index.js';

/** The views of a seeded random game while it runs. */
function running(def: GameDefinition, seed: string): object[] {
  const rng = Rng.fromSeed(`asked/${seed}`);
  let state = def.setup(seed, [{ kind: 'human' }], def.defaultOptions);
  const views: object[] = [];
  for (let ply = 0; ply < 400 && !def.outcome(state); ply++) {
    views.push(def.view(state, 0));
    const moves = def.legalMoves(state, 0);
    const played = def.play(state, 0, moves[rng.int(moves.length)]!);
    if (!played.ok) throw new Error(played.error.message);
    state = played.value.state;
  }
  return views;
}

/** The lines of the panel that says what the player is asked (the yellow one), joined. */
function askedPanel(svg: string): string {
  const at = svg.indexOf('fill="#fff6cc"');
  expect(at, 'the board has a question panel').toBeGreaterThan(0);
  const lines: string[] = [];
  for (const m of svg.slice(at).matchAll(/<text\b([^>]*)>([^<]*)<\/text>/g)) {
    if (m[1]!.includes('font-weight="400"')) break; // the log begins
    lines.push(m[2]!);
  }
  return lines.join(' ');
}

describe('Kingdoms boards: the question panel', () => {
  for (const def of [siege, solo]) {
    it(`given every running position of ${def.id}, then in every language the question ends as a sentence`, () => {
      const views = running(def, 'sentence');
      expect(views.length).toBeGreaterThan(20);
      for (const locale of LOCALES) {
        const seen = new Set<string>();
        for (const [i, view] of views.entries()) {
          const asked = askedPanel(renderBoardSvg(def.id, view, { locale }));
          if (seen.has(asked)) continue;
          seen.add(asked);
          expect(asked, `${def.id} ${locale} position ${i}`).toMatch(/[.!?]$/);
        }
      }
    });
  }

  it('given the Solo Variant\'s turn in German, then the AI\'s rule ends with a full stop', () => {
    const turn = running(solo, 'sentence').find((v) => /die KI folgt/.test(askedPanel(renderBoardSvg('kingdoms-solo', v, { locale: 'de' }))))!;
    expect(turn).toBeDefined();
    expect(askedPanel(renderBoardSvg('kingdoms-solo', turn, { locale: 'de' }))).toMatch(/sonst sammelt sie\.$/);
  });

  it('given a result the platform gives, then its reason is drawn as a sentence', () => {
    const view = running(solo, 'sentence')[10]!;
    const finished = { title: 'Spiel vorbei', detail: 'Friederike hat aufgegeben', winners: [] };
    const svg = renderBoardSvg('kingdoms-solo', view, { locale: 'de', finished });
    expect([...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((m) => m[1])).toContain('Friederike hat aufgegeben.');
  });
});
