// Given whole seeded Siege Master games (every position, several seeds and options, every map) and
// the endings the rules know, then each board in every language draws every text whole inside its
// room (measured with the shipped font), no text under 2.5 % of the width, with player names, a
// result from the platform and the colour-blind palette too; and so do the placement previews.
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../src/i18n/index.js';
import game, { MAP_IDS, playMoves, positionFromAscii, type SiegeMasterState } from '../../src/games/siege-master/index.js';
import { renderBoardSvg, renderPreviewSvg, type RenderOptions } from '../../src/render/index.js';
import type { SiegeMasterView } from '../../src/render/siege-master/board.js';
import { Rng } from '../../src/engine/index.js';
import { LONG_NAMES } from './fixtures/allGames.js';
import { previewOf, previewSamples } from './fixtures/siegeMasterPreviews.js';
import { expectTextsFit } from './textFit.js';
import { expectReadableText, svgTexts } from './textSize.js';

const HUMANS = [{ kind: 'human' as const }, { kind: 'human' as const }];

/** A result as the platform words it in each language (a resignation). */
const RESIGNED: Record<Locale, NonNullable<RenderOptions['finished']>> = {
  'en-US': { title: 'Blue won', detail: 'Red resigned.', winners: [1] },
  de: { title: 'Blau hat gewonnen', detail: 'Rot hat aufgegeben.', winners: [1] },
  'es-ES': { title: 'Ha ganado Azul', detail: 'Rojo se ha rendido.', winners: [1] },
  fr: { title: 'Bleu a gagné', detail: 'Rouge a abandonné.', winners: [1] },
  'pt-BR': { title: 'Azul venceu', detail: 'Vermelho desistiu.', winners: [1] },
};

/** Every position of a seeded random game, the start and the end included. */
function wholeGame(seed: string, options: object): SiegeMasterState[] {
  const parsed = game.parseOptions(options as Record<string, unknown>);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const rng = Rng.fromSeed(`locales/${seed}`);
  const states = [game.setup(seed, HUMANS, parsed.value)];
  for (let ply = 0; ply < 400; ply++) {
    const s = states.at(-1)!;
    const seat = game.toAct(s)[0];
    if (seat === undefined) break;
    const moves = game.legalMoves(s, seat);
    // Blue swaps in one game of three, so boards after a swap are drawn too.
    const swap = moves.find((m) => m.type === 'swap');
    const move = swap && seed.endsWith('swap') ? swap : moves[rng.int(moves.length)]!;
    const played = game.play(s, seat, move);
    if (!played.ok) throw new Error(`${seed}: ${played.error.message}`);
    states.push(played.value.state);
  }
  return states;
}

const GAMES: [string, object][] = [
  ['north-america', { map: 'north-america' }],
  ['south-america-swap', { map: 'south-america', fortressCount: 25 }],
  ['europe-draft', { map: 'europe', fortresses: 'draft', fortressCount: 9 }],
  ['random', {}],
];

/** The endings the random games may miss: a draw, a player stuck, a player out of armies. */
function endings(): SiegeMasterState[] {
  const rows = Array.from({ length: 21 }, (_, i) => (i % 2 ? ' ' : '') + '# # # # # # # #');
  const armies = Array.from({ length: 38 }, (_, k) => ({ seat: k % 2, at: `${k % 2 ? 'E' : 'A'}${Math.floor(k / 2) + 1} E` }));
  return [
    playMoves(positionFromAscii({ rows: ['o # # # # # # # # o'] }), ['B1 E', 'F1 E']),
    playMoves(positionFromAscii({ rows: ['o # # # #', ' . . . . .', 'o # # o'] }), ['B1 E', 'swap']),
    playMoves(positionFromAscii({ rows, armies, lastCaptured: ['-'] }), ['A20 E', 'E20 E']),
  ];
}

const viewOf = (s: SiegeMasterState) => game.view(s) as SiegeMasterView;

function expectBoardFits(svg: string, label: string): void {
  expectTextsFit(svg, label);
  expectReadableText(svg, label);
}

describe('siege-master boards in every language', () => {
  for (const [name, options] of GAMES) {
    it(`given every position of the ${name} game, then every text fits its room in every language`, () => {
      const states = wholeGame(name, options);
      expect(game.outcome(states.at(-1)!), name).not.toBeNull();
      for (const locale of LOCALES) {
        states.forEach((s, i) => {
          const view = viewOf(s);
          const label = `${name} ${locale} position ${i}`;
          expectBoardFits(renderBoardSvg('siege-master', view, { locale }), label);
          // Names, a platform's result and the other palette on every fifth position.
          if (i % 5 === 0) {
            expectBoardFits(renderBoardSvg('siege-master', view, { locale, players: ['alice', 'bob'] }), `${label} names`);
            expectBoardFits(renderBoardSvg('siege-master', view, { locale, players: LONG_NAMES, palette: 'colourblind' }), `${label} long names`);
            expectBoardFits(renderBoardSvg('siege-master', view, { locale, finished: RESIGNED[locale], players: LONG_NAMES }), `${label} resigned`);
          }
        });
      }
    });
  }

  it('given every map at the start and each ending of the rules, then their titles and results fit in every language', () => {
    const starts = MAP_IDS.map((map) => game.setup(`locales-${map}`, HUMANS, { map, fortresses: 'random', fortressCount: 15 }));
    for (const locale of LOCALES) {
      for (const [i, s] of [...starts, ...endings()].entries()) {
        for (const palette of ['standard', 'colourblind'] as const) expectBoardFits(renderBoardSvg('siege-master', viewOf(s), { locale, palette }), `${locale} board ${i} ${palette}`);
      }
    }
  });

  it('given the boards in German and French, then they speak German and French', () => {
    const [start] = wholeGame('north-america', { map: 'north-america' });
    const de = svgTexts(renderBoardSvg('siege-master', viewOf(start!), { locale: 'de' }));
    expect(de).toContain('Siege Master · Nordamerika');
    expect(de).toContain('AM ZUG');
    expect(de.join('\n')).toMatch(/Rot ist am Zug/);
    const fr = svgTexts(renderBoardSvg('siege-master', viewOf(endings()[0]!), { locale: 'fr' }));
    // The status wraps over lines; French sets a no-break space before the semicolon.
    expect(fr.join(' ').replace(/\u00a0/g, ' ')).toContain("Égalité. Rouge ne peut plus placer d'armée ; égalité à 1 forteresse chacun.");
  });
});

describe('siege-master previews in every language', () => {
  it('given the preview samples and the start of a draft-free game, then the header fits in every language, with and without names', () => {
    const samples = [...previewSamples(), previewOf('north-america', wholeGame('north-america', { map: 'north-america' })[1]!)];
    for (const locale of LOCALES) {
      for (const s of samples) {
        for (const players of [undefined, ['alice', 'bob'], LONG_NAMES]) {
          const svg = renderPreviewSvg('siege-master', s.view, s.candidates, { locale, players });
          expectBoardFits(svg, `preview ${s.name} ${locale} ${players ? players[0] : 'no names'}`);
        }
      }
    }
  });
});
