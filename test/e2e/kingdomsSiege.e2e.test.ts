// Kingdoms Siege Mode through Discord: a whole solo game, every decision made with the board's
// menus and buttons, to its score; the Enemy acts inside the player's moves and tells its story.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameById } from '../../src/games/index.js';
import { replayGame } from '../../src/services/replay.js';
import { playSoloGameToEnd, preferring, startSoloGame, writeThreadTranscript } from '../helpers/solo.js';
import { boardsIn, startScene, type Scene } from '../helpers/scene.js';

describe('Kingdoms Siege Mode through Discord', () => {
  let scene: Scene;
  beforeAll(async () => {
    scene = await startScene({}, { seeds: () => 'kingdoms-siege-e2e' });
  });
  afterAll(async () => {
    await scene?.stop();
  });

  it('a whole game with components, to its score, with the Enemy acting inside the moves', async () => {
    const { fake, alice } = scene;
    const { thread, board, seed } = await startSoloGame(scene, 'kingdoms-siege', { faction: 'verdant' });
    expect(thread.name).toBe('Kingdoms Siege Mode: alice (solo)');
    expect(board.attachments[0]?.contentType).toBe('image/png');
    // Expand and quest when offered (towards a shorter game), otherwise a seeded choice.
    const pick = preferring([/^Quest/, /^Patrol/, /^Expand/, /^Collect/], 7);
    const run = await playSoloGameToEnd(scene, thread.id, alice.id, pick, 200, seed);
    await writeThreadTranscript(scene, thread.id, 'kingdoms-siege');
    const game = (await scene.database.db.game.findUnique({ where: { id: run.gameId } }))!;
    expect(game.status).toBe('FINISHED');
    const outcome = game.outcome as { scores: number[]; reason: string };
    expect(JSON.stringify(run.board.embeds[0])).toContain(`Score: **${outcome.scores[0]}**`);
    // The Enemy's turns are told on the boards: its roll and its action.
    const told = boardsIn(fake, thread.id).map((m) => JSON.stringify(m.embeds[0])).join('\n');
    expect(told).toMatch(/The Enemy rolls \d/);
    const moves = await scene.database.db.move.findMany({ where: { gameId: game.id }, orderBy: { seq: 'asc' } });
    expect(moves.length).toBe(run.moves);
    expect(replayGame(gameById('kingdoms-siege')!, game.seed, game.seats as never, game.options, moves)).toEqual(game.state);
    await fake.settle();
    expect(fake.violations).toEqual([]);
  }, 240_000);
});
