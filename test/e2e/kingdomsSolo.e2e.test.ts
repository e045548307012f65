// Kingdoms Solo Variant through Discord: a whole solo game against the rule-driven AI kingdom,
// every decision made with the board's menus and buttons, with a war, the AI's white flag and an
// alliance (the seed is chosen so that the game has them), to the score.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameById } from '../../src/games/index.js';
import { replayGame } from '../../src/services/replay.js';
import { boardsIn, startScene, type Scene } from '../helpers/scene.js';
import { playSoloGameToEnd, preferring, startSoloGame, writeThreadTranscript, expectSoloHeadline } from '../helpers/solo.js';

describe('Kingdoms Solo Variant through Discord', () => {
  let scene: Scene;
  beforeAll(async () => {
    // Chosen (with the board's components as this test presses them) for a war, a white flag and an alliance.
    scene = await startScene({}, { seeds: () => 'ks-68' });
  });
  afterAll(async () => {
    await scene?.stop();
  });

  it('a whole game with components, with a war and an alliance offer, to both scores', async () => {
    const { fake, alice } = scene;
    const { thread, seed } = await startSoloGame(scene, 'kingdoms-solo');
    expect(thread.name).toBe('Kingdoms Solo Variant: alice (solo)');
    const pick = preferring([/^Form an alliance/, /^Quest/, /^Patrol/, /^Expand/], 7);
    // The game's one board is updated in place move after move: what it told, edit by edit.
    const told: string[] = [];
    fake.waitForMessage((m) => {
      if (m.channelId === thread.id && !m.ephemeral) told.push(JSON.stringify(m.embeds[0] ?? null));
      return false;
    }, 230_000).catch(() => {});
    const run = await playSoloGameToEnd(scene, thread.id, alice.id, pick, 200, seed);
    await writeThreadTranscript(scene, thread.id, 'kingdoms-solo');
    const game = (await scene.database.db.game.findUnique({ where: { id: run.gameId } }))!;
    expect(game.status).toBe('FINISHED');
    const outcome = game.outcome as { scores: number[] };
    expectSoloHeadline(run.board, game.outcome as never);

    // The AI's reasoning is told on the boards, and the war, its white flag and the alliance happened.
    const def = gameById('kingdoms-solo')!;
    const moves = await scene.database.db.move.findMany({ where: { gameId: game.id }, orderBy: { seq: 'asc' } });
    const types = new Set<string>();
    // Every move was made with the components, but those the rules forced (the only legal move, played for the player).
    const forced = moves.filter((m) => m.eventTexts.some((t) => /the only legal move, played for you/.test(t)));
    expect(moves.length - forced.length).toBe(run.moves);
    let state = def.setup(game.seed, [{ kind: 'human' }], game.options as never);
    for (const m of moves) {
      if (forced.includes(m)) expect(def.legalMoves(state, m.seat), `move ${m.seq}, ${m.notation}`).toHaveLength(1);
      const played = def.play(state, m.seat, m.move);
      if (!played.ok) throw new Error(played.error.message);
      for (const e of played.value.events) types.add(e.type);
      state = played.value.state;
    }
    for (const type of ['war', 'white-flag']) expect(types, `event ${type}`).toContain(type);
    // A solo game's turn never passes: one board, updated in place, then the final board.
    expect(boardsIn(fake, thread.id)).toHaveLength(2);
    expect(told.join('\n')).toMatch(/AI (patrols|quests|expands|builds|researches|collects)/);
    expect(moves.some((m) => /alliance/.test(m.notation))).toBe(true);
    expect(replayGame(def, game.seed, game.seats as never, game.options, moves)).toEqual(game.state);
    await fake.settle();
    expect(fake.violations).toEqual([]);
  }, 240_000);
});
