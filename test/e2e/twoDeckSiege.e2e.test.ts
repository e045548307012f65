// Two Deck Siege through Discord: a whole solo game against the enemy deck, every decision made
// with the board's menus and buttons, to its score; and the attacker's "player's choice" asked
// mid-turn on the board and answered there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameById } from '../../src/games/index.js';
import { replayGame } from '../../src/services/replay.js';
import { latestBoard } from '../helpers/play.js';
import { boardsIn, startScene, type Scene } from '../helpers/scene.js';
import { moveWithComponents, playSoloGameToEnd, preferring, startSoloGame, writeThreadTranscript, expectSoloHeadline } from '../helpers/solo.js';

describe('Two Deck Siege through Discord', () => {
  let scene: Scene;
  beforeAll(async () => {
    scene = await startScene({}, { seeds: () => 'tds-e2e' });
  });
  afterAll(async () => {
    await scene?.stop();
  });

  it('a whole game with components, to its end and score; the deck order never shows', async () => {
    const { fake, alice } = scene;
    const { thread, board, seed } = await startSoloGame(scene, 'two-deck-siege', { 'auto-choose': 'on' });
    expect(thread.name).toBe('Two Deck Siege: alice (solo)');
    expect(board.attachments[0]?.contentType).toBe('image/png');
    const run = await playSoloGameToEnd(scene, thread.id, alice.id, preferring([], 11), 150, seed);
    await writeThreadTranscript(scene, thread.id, 'two-deck-siege');
    const game = (await scene.database.db.game.findUnique({ where: { id: run.gameId } }))!;
    expect(game.status).toBe('FINISHED');
    const outcome = game.outcome as { scores: number[] };
    expectSoloHeadline(run.board, game.outcome as never);
    const told = boardsIn(fake, thread.id).map((m) => JSON.stringify(m.embeds[0])).join('\n');
    expect(told).toMatch(/draw|draws/i);
    const def = gameById('two-deck-siege')!;
    const moves = await scene.database.db.move.findMany({ where: { gameId: game.id }, orderBy: { seq: 'asc' } });
    expect(replayGame(def, game.seed, game.seats as never, game.options, moves)).toEqual(game.state);
    await fake.settle();
    expect(fake.violations).toEqual([]);
  }, 240_000);

  it("the attacker's turn stops for the player's choice, asked on the board, and goes on once answered", async () => {
    const { fake, alice } = scene;
    const { thread } = await startSoloGame(scene, 'two-deck-siege', { 'auto-choose': 'off' });
    const def = gameById('two-deck-siege')!;
    const endTurn = preferring([/^End turn/, /^Discard/]);
    // End turns until the attacker asks something (where a new enemy stands, say).
    for (let turn = 0; turn < 6; turn++) {
      await moveWithComponents(scene, thread.id, alice.id, endTurn);
      const game = (await scene.database.db.game.findFirst({ where: { threadId: thread.id } }))!;
      const prompt = (def.view(game.state, 0) as { prompt?: string }).prompt;
      const moves = def.legalMoves(game.state, 0).map((m) => def.formatMove(game.state, 0, m));
      if (!moves.some((m) => /^(end turn|discard)/.test(m))) {
        const board = latestBoard(fake, thread.id);
        // The board says what is asked, and names the player (the solo game is never handed
        // over, so the board is updated in place and pings no one: the player is there).
        expect(prompt).toBeTruthy();
        expect(JSON.stringify(board.components)).toMatch(/custom_id/);
        const before = game.version;
        await moveWithComponents(scene, thread.id, alice.id, preferring([]));
        const after = (await scene.database.db.game.findUnique({ where: { id: game.id } }))!;
        expect(after.version).toBe(before + 1);
        expect(board.content).toContain(`<@${alice.id}>, your move`);
        expect(board.mentionedUserIds).toEqual([]);
        return;
      }
    }
    throw new Error('the attacker never asked for a choice in six turns');
  }, 120_000);
});
