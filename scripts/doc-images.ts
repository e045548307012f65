// Draws the README's board pictures (docs/images/) as the bot posts them: the renderers' SVG drawn
// by the canvas painter at BOARD_SCALE and encoded by sharp, from the sample positions the render
// tests use. Run by hand after a change to a board: `npx tsx scripts/doc-images.ts`.
// (docs/images/*-before.png and *-old-renderer.png are kept as they were, for comparison.)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../src/config/env.js';
import { resultTitle } from '../src/discord/views/board.js';
import { gameById } from '../src/games/index.js';
import { renderBoardPng, renderPreviewPng, type RenderOptions } from '../src/render/index.js';
import type { GameSnapshot } from '../src/services/types.js';
import { allGameSamples, SEATS, type GameSample } from '../test/render/fixtures/allGames.js';
import { previewSamples } from '../test/render/fixtures/siegeMasterPreviews.js';

const OUT = path.join(PROJECT_ROOT, 'docs', 'images');
const names = (game: string) => (SEATS[game] === 2 ? ['alice', 'bob'] : ['alice']);

/** The `finished` option the bot gives a board whose game ended by its rules. */
function finishedOf(sample: GameSample): RenderOptions['finished'] {
  const def = gameById(sample.game)!;
  const seats = names(sample.game).map((_, k) => ({ kind: 'human' as const, userId: String(100 + k) }));
  const view = sample.view as { outcome?: unknown };
  const outcome = (view.outcome ?? null) as GameSnapshot['outcome'];
  const game = { seats, outcome, status: 'FINISHED' } as unknown as GameSnapshot;
  return { title: resultTitle(def, game).replace(/ \(<@\d+>\)/g, ''), detail: outcome?.reason ?? '', winners: outcome?.winners ?? [] };
}

const samples = await allGameSamples();
const sample = (game: string, name: string) => samples.find((s) => s.game === game && s.name === name)!;
const boards: [string, GameSample, RenderOptions][] = [
  ['siege-master-midgame', sample('siege-master', 'europe-mid'), {}],
  ['siege-master-finished', sample('siege-master', 'europe-over'), {}],
  ['siege-master-colourblind', sample('siege-master', 'europe-mid'), { palette: 'colourblind' }],
  ['siege-master-resigned', sample('siege-master', 'europe-mid'), { finished: { title: 'Blue won', detail: 'Red resigned.', winners: [1] } }],
  // Players with long names, one with a standing defence policy, as a live board shows them.
  ['dice-realms-midgame', sample('dice-realms', 'midgame'), { players: ['Alexandra the Great', 'AI (normal)'], seatNotes: ['defence: strongest', 'defence: ask'] }],
  ['kingdoms-siege-finished', sample('kingdoms-siege', 'over'), {}],
  ['kingdoms-solo-finished', sample('kingdoms-solo', 'over'), {}],
  ['two-deck-siege-midgame', sample('two-deck-siege', 'mid'), {}],
  ['two-deck-siege-finished', sample('two-deck-siege', 'over'), {}],
];
mkdirSync(OUT, { recursive: true });
for (const [file, s, opts] of boards) {
  const finished = s.stage === 'over' && !opts.finished ? finishedOf(s) : opts.finished;
  const png = await renderBoardPng(s.game, s.view, { players: names(s.game), ...opts, ...(finished ? { finished } : {}) });
  writeFileSync(path.join(OUT, `${file}.png`), png);
  console.log(`docs/images/${file}.png ${Math.round(png.length / 1024)} KB`);
}
const preview = previewSamples().find((p) => p.name === 'mid') ?? previewSamples()[0]!;
writeFileSync(path.join(OUT, 'siege-master-placement-preview.png'), await renderPreviewPng('siege-master', preview.view, preview.candidates, { players: ['alice', 'bob'] }));
console.log('docs/images/siege-master-placement-preview.png');
