// Kingdoms Siege Mode through Discord: a whole solo game, every decision made with the board's
// menus and buttons, to its score; the Enemy acts inside the player's moves and tells its story.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameById } from '../../src/games/index.js';
import { replayGame } from '../../src/services/replay.js';
import { playSoloGameToEnd, preferring, startSoloGame, writeThreadTranscript, expectSoloHeadline } from '../helpers/solo.js';
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
    // The game's one board is updated in place move after move: what it told, edit by edit.
    const told: string[] = [];
    fake.waitForMessage((m) => {
      if (m.channelId === thread.id && !m.ephemeral) told.push(JSON.stringify(m.embeds[0] ?? null));
      return false;
    }, 230_000).catch(() => {});
    const run = await playSoloGameToEnd(scene, thread.id, alice.id, pick, 200, seed);
    await writeThreadTranscript(scene, thread.id, 'kingdoms-siege');
    const game = (await scene.database.db.game.findUnique({ where: { id: run.gameId } }))!;
    expect(game.status).toBe('FINISHED');
    const outcome = game.outcome as { scores: number[]; reason: string };
    expectSoloHeadline(run.board, game.outcome as never);
    // A solo game's turn never passes: one board, updated in place, then the final board.
    expect(boardsIn(fake, thread.id)).toHaveLength(2);
    // The Enemy's turns are told on the board: its roll and its action.
    expect(told.join('\n')).toMatch(/The Enemy rolls \d/);
    // Every move was made with the components, but those the rules forced (the only legal move, played for the player).
    const moves = await scene.database.db.move.findMany({ where: { gameId: game.id }, orderBy: { seq: 'asc' } });
    const forced = moves.filter((m) => m.eventTexts.some((t) => /the only legal move, played for you/.test(t)));
    expect(moves.length - forced.length).toBe(run.moves);
    const def = gameById('kingdoms-siege')!;
    let state = def.setup(game.seed, [{ kind: 'human' }], game.options as never);
    for (const m of moves) {
      if (forced.includes(m)) expect(def.legalMoves(state, m.seat), `move ${m.seq}, ${m.notation}`).toHaveLength(1);
      const played = def.play(state, m.seat, m.move);
      if (!played.ok) throw new Error(played.error.message);
      state = played.value.state;
    }
    expect(replayGame(def, game.seed, game.seats as never, game.options, moves)).toEqual(game.state);
    await fake.settle();
    expect(fake.violations).toEqual([]);
  }, 240_000);
});
