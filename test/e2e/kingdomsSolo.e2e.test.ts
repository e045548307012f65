// Kingdoms Solo Variant through Discord: a whole solo game against the rule-driven AI kingdom,
// every decision made with the board's menus and buttons, with a war, the AI's white flag and an
// alliance (the seed is chosen so that the game has them), to the score.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameById } from '../../src/games/index.js';
import { replayGame } from '../../src/services/replay.js';
import { boardsIn, startScene, type Scene } from '../helpers/scene.js';
import { playSoloGameToEnd, preferring, startSoloGame, writeThreadTranscript } from '../helpers/solo.js';

describe('Kingdoms Solo Variant through Discord', () => {
  let scene: Scene;
  beforeAll(async () => {
    scene = await startScene({}, { seeds: () => 'ks-5' });
  });
  afterAll(async () => {
    await scene?.stop();
  });

  it('a whole game with components, with a war and an alliance offer, to both scores', async () => {
    const { fake, alice } = scene;
    const { thread, seed } = await startSoloGame(scene, 'kingdoms-solo');
    expect(thread.name).toBe('Kingdoms Solo Variant: alice (solo)');
    const pick = preferring([/^Form an alliance/, /^Quest/, /^Patrol/, /^Expand/], 7);
    const run = await playSoloGameToEnd(scene, thread.id, alice.id, pick, 200, seed);
    await writeThreadTranscript(scene, thread.id, 'kingdoms-solo');
    const game = (await scene.database.db.game.findUnique({ where: { id: run.gameId } }))!;
    expect(game.status).toBe('FINISHED');
    const outcome = game.outcome as { scores: number[] };
    expect(JSON.stringify(run.board.embeds[0])).toContain(`Score: **${outcome.scores.join(' to ')}**`);

    // The AI's reasoning is told on the boards, and the war, its white flag and the alliance happened.
    const def = gameById('kingdoms-solo')!;
    const moves = await scene.database.db.move.findMany({ where: { gameId: game.id }, orderBy: { seq: 'asc' } });
    const types = new Set<string>();
    let state = def.setup(game.seed, [{ kind: 'human' }], game.options as never);
    for (const m of moves) {
      const played = def.play(state, m.seat, m.move);
      if (!played.ok) throw new Error(played.error.message);
      for (const e of played.value.events) types.add(e.type);
      state = played.value.state;
    }
    for (const type of ['war', 'white-flag']) expect(types, `event ${type}`).toContain(type);
    const told = boardsIn(fake, thread.id).map((m) => JSON.stringify(m.embeds[0])).join('\n');
    expect(told).toMatch(/AI (patrols|quests|expands|builds|researches|collects)/);
    expect(moves.some((m) => /alliance/.test(m.notation))).toBe(true);
    expect(replayGame(def, game.seed, game.seats as never, game.options, moves)).toEqual(game.state);
    await fake.settle();
    expect(fake.violations).toEqual([]);
  }, 240_000);
});
