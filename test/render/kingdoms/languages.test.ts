// Given whole seeded games of both kingdom games (every position, several seeds and options), then
// each board, drawn in every language, holds every text whole in its measured box and none under
// 2.5 % of the width: German and French words wrap or take a step down, never a cut.
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/i18n/index.js';
import type { GameDefinition } from '../../../src/engine/contract.js';
import { Rng } from '../../../src/engine/rng.js';
import siege from '../../../src/games/kingdoms-siege/index.js';
import solo from '../../../src/games/kingdoms-solo/index.js';
import { renderBoardSvg } from '../../../src/render/index.js';
import { expectTextsFit } from '../textFit.js';
import { expectReadableText, svgTexts } from '../textSize.js';

/** Every position of a seeded random game, the finished one included. */
function positions(def: GameDefinition, seed: string, options: unknown): object[] {
  const rng = Rng.fromSeed(`board-languages/${seed}`);
  let state = def.setup(seed, [{ kind: 'human' }], options);
  const views = [def.view(state, 0)];
  for (let ply = 0; ply < 400 && !def.outcome(state); ply++) {
    const moves = def.legalMoves(state, 0);
    const played = def.play(state, 0, moves[rng.int(moves.length)]);
    if (!played.ok) throw new Error(played.error.message);
    state = played.value.state;
    views.push(def.view(state, 0));
  }
  return views;
}

const games: { def: GameDefinition; seed: string; options: unknown }[] = [
  { def: siege, seed: 'lang-1', options: { faction: 'verdant' } },
  { def: siege, seed: 'lang-2', options: { faction: 'duskveil' } },
  { def: siege, seed: 'lang-3', options: { faction: 'tidebound' } },
  { def: solo, seed: 'lang-1', options: { difficulty: 'standard' } },
  { def: solo, seed: 'lang-2', options: { difficulty: 'easier' } },
  { def: solo, seed: 'lang-3', options: { difficulty: 'harder' } },
];

describe('kingdom boards in every language', () => {
  for (const { def, seed, options } of games) {
    it(`given every position of ${def.id} ${seed}, then every text fits its box and is readable, in ${LOCALES.join(', ')}`, () => {
      const views = positions(def, seed, options);
      expect(views.length).toBeGreaterThan(10);
      for (const [i, view] of views.entries()) {
        for (const locale of LOCALES) {
          const svg = renderBoardSvg(def.id, view, { locale });
          const label = `${def.id} ${seed} position ${i} ${locale}`;
          expectTextsFit(svg, label);
          expectReadableText(svg, label);
        }
      }
    });
  }

  it('given a game the platform ended and a long member name, then the result and the name hold in every language', () => {
    const view = positions(siege, 'lang-4', { faction: 'stonewatch' })[30]!;
    for (const locale of LOCALES) {
      const svg = renderBoardSvg('kingdoms-siege', view, {
        locale,
        players: ['Ærwyn the Unbreakable Siegelord of the Northern Marches'],
        finished: { title: 'Game over: resigned', detail: 'The game ended when its only player resigned after a long and hard-fought siege of many rounds.', winners: [] },
      });
      expectTextsFit(svg, locale);
      expectReadableText(svg, locale);
    }
  });

  it('given a German board, then it speaks German: regions by their type, the action card and the log', () => {
    const view = positions(siege, 'lang-1', { faction: 'verdant' })[12]!;
    const texts = svgTexts(renderBoardSvg('kingdoms-siege', view, { locale: 'de' })).join('\n');
    for (const word of ['Wald', 'Ebene', 'Gebirge', 'Patrouille', 'Erkundung', 'Forschung', 'Nahrung', 'Erz', 'Belagerungsmodus']) expect(texts).toContain(word);
    expect(texts).not.toContain('Forest');
  });
});
