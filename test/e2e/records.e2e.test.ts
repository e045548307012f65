// Records through Discord: a rated game between two members, then their stats, the leaderboard,
// the move history, the private review and the replay on the result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameById } from '../../src/games/index.js';
import { renderBoardPng } from '../../src/render/index.js';
import { createRenderPool, type RenderPool } from '../../src/render/pool.js';
import { replayStates } from '../../src/services/replay.js';
import { animationFramePng, animationInfo } from '../../src/render/animate.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { acceptedChallenge, chooser, isFinished, latestBoard, playTurnWithComponents, press, waitFor } from '../helpers/play.js';
import { buttonsOf, startScene, type Scene } from '../helpers/scene.js';
import type { InteractionRecord } from '../harness/interactions.js';
import type { FakeMessage } from '../harness/types.js';

describe('records through Discord', () => {
  let scene: Scene;
  let threadId: string;
  let gameId: number;
  // The bot's render pool, counting the replays it is asked to draw and holding the first until released.
  const pool = createRenderPool({ size: 1 });
  const renders = { count: 0, release: () => {} };
  beforeAll(async () => {
    const gate = new Promise<void>((r) => (renders.release = r));
    const counting: RenderPool = {
      ...pool,
      replay: async (request) => {
        renders.count++;
        await gate;
        return pool.replay(request);
      },
    };
    scene = await startScene({}, { render: counting });
  });
  afterAll(async () => {
    await scene?.stop();
    await pool.close();
  });

  const command = async (userId: string, subcommand: string, options: Record<string, string | number> = {}, channelId = scene.channel.id) => {
    const rec = await scene.fake.slashCommand({ guildId: scene.guild.id, channelId, userId, name: 'siege', subcommand, options });
    await rec.done({ timeoutMs: 30_000 });
    return rec;
  };

  it('two members play a rated game to its end', async () => {
    const { fake, alice, bob } = scene;
    ({ threadId } = await acceptedChallenge(scene, { game: 'siege-master', map: 'hex' }));
    const pick = chooser(21);
    let board = latestBoard(fake, threadId);
    for (let turn = 0; !isFinished(board); turn++) {
      expect(turn).toBeLessThan(80);
      const game = (await scene.database.db.game.findFirst({ where: { threadId } }))!;
      board = await playTurnWithComponents(fake, threadId, game.toActUserIds[0]!, pick);
    }
    const game = (await scene.database.db.game.findFirst({ where: { threadId } }))!;
    gameId = game.id;
    expect(game.status).toBe('FINISHED');
    const changes = await scene.database.db.ratingChange.findMany({ where: { gameId } });
    expect(changes.map((c) => c.userId).sort()).toEqual([alice.id, bob.id].sort());
  });

  it('the result offers a Replay button; the first press draws the replay once for every press waiting on it, later presses reuse it', async () => {
    const result = latestBoard(scene.fake, threadId);
    // No animation is drawn at a game's end: only the board image is on the result.
    expect(result.attachments.map((a) => a.contentType)).toEqual(['image/png']);
    const button = buttonsOf(result).find((b) => b.label === 'Replay')!;
    expect(button).toBeTruthy();
    const click = (userId: string) => scene.fake.clickButton({ messageId: result.id, customId: button.custom_id!, userId });
    // Both players press while the replay is being drawn (the drawing is held until both presses are in).
    const [a, b] = [await click(scene.alice.id), await click(scene.bob.id)];
    await Promise.all([a.response(), b.response()]);
    renders.release();
    await Promise.all([a.done({ timeoutMs: 60_000 }), b.done({ timeoutMs: 60_000 })]);
    // A bystander presses later: the kept file, nothing drawn again.
    const c = await click(scene.carol.id);
    await c.done({ timeoutMs: 30_000 });
    expect(renders.count).toBe(1);
    expect(await scene.database.db.gameReplay.count({ where: { gameId } })).toBe(1);
    const files = [a, b, c].map((rec) => {
      const reply = rec.replies.find((m) => m.ephemeral && m.attachments.length)!;
      expect(reply, rec.ephemeralText()).toBeTruthy();
      expect(reply.content).toContain(`Replay of game #${gameId}`);
      return reply.attachments[0]!;
    });
    const moves = await scene.database.db.move.count({ where: { gameId } });
    const anim = files[0]!;
    expect(anim.filename).toMatch(new RegExp(`^replay-game-${gameId}\\.(webp|gif)$`));
    expect(anim.data.length).toBeLessThanOrEqual(4 * 1024 * 1024);
    for (const f of files.slice(1)) expect(Buffer.compare(f.data, anim.data)).toBe(0);
    const info = await animationInfo(anim.data);
    expect(info.frames).toBe(Math.min(moves + 1, 90));
    mkdirSync('test/.out/records', { recursive: true });
    writeFileSync(`test/.out/records/e2e-${anim.filename}`, anim.data);
    writeFileSync('test/.out/records/e2e-replay-first.png', await animationFramePng(anim.data, 0));
    writeFileSync('test/.out/records/e2e-replay-last.png', await animationFramePng(anim.data, info.frames - 1));
  });

  it('/siege stats shows the rating (provisional), the results, the streak and a jump link to the game', async () => {
    const { alice, bob, guild } = scene;
    const changes = await scene.database.db.ratingChange.findMany({ where: { gameId } });
    const winner = changes.find((c) => c.score === 1)!.userId;
    const rec = await command(alice.id, 'stats');
    const text = rec.text();
    expect(text).toContain('Siege Master');
    expect(text).toMatch(/Rating \*\*\d+\?\*\* \(1 rated game\)/);
    expect(text).toMatch(winner === alice.id ? /vs members: 1 W · 0 L · 0 D/ : /vs members: 0 W · 1 L · 0 D/);
    expect(text).toMatch(/Streak: 1 (win|loss)/);
    expect(text).toContain(`](https://discord.com/channels/${guild.id}/${threadId}/`);
    expect(text).toContain(`<@${bob.id}>`);
    const forBob = await command(alice.id, 'stats', { member: bob.id, game: 'siege-master' });
    expect(forBob.text()).toMatch(winner === bob.id ? /1 W · 0 L/ : /0 W · 1 L/);
    const nobody = await command(alice.id, 'stats', { member: scene.carol.id });
    expect(nobody.text()).toMatch(/no finished games/);
  });

  it('/siege leaderboard lists both players by rating for everyone, and tells the caller privately where they stand', async () => {
    const { alice, bob, carol } = scene;
    const changes = await scene.database.db.ratingChange.findMany({ where: { gameId } });
    const winner = changes.find((c) => c.score === 1)!.userId;
    const loser = winner === alice.id ? bob.id : alice.id;
    const privately = (r: InteractionRecord) => waitFor(() => r.replies.some((m) => m.ephemeral), 15_000, 'the private standing');
    const rec = await command(alice.id, 'leaderboard', { game: 'siege-master' });
    await privately(rec);
    // The public board speaks to everyone: it marks nobody.
    const shown = rec.replies.filter((m) => !m.ephemeral).map((m) => JSON.stringify(m.embeds)).join('\n');
    expect(shown.indexOf(`1. <@${winner}>`)).toBeGreaterThanOrEqual(0);
    expect(shown.indexOf(`2. <@${loser}>`)).toBeGreaterThan(shown.indexOf(`1. <@${winner}>`));
    expect(shown).not.toMatch(/you/i);
    expect(shown).toMatch(/\d+\? \(1 rated game\)/);
    // The caller's own place, to the caller alone.
    expect(rec.ephemeralText()).toMatch(new RegExp(`^You are number ${alice.id === winner ? 1 : 2} on the Siege Master leaderboard: \\*\\*\\d+\\? \\(1 rated game\\)\\*\\*\\.$`));
    const outsider = await command(carol.id, 'leaderboard', { game: 'siege-master' });
    await privately(outsider);
    expect(outsider.ephemeralText()).toBe('You are not on this board yet: finish a game of Siege Master against a member.');
    expect(outsider.replies.filter((m) => !m.ephemeral).map((m) => JSON.stringify(m.embeds)).join('')).not.toMatch(/not on this board/);
  });

  it('/siege history lists every move with who made it and when, paged with buttons', async () => {
    const { fake, carol } = scene;
    const moves = await scene.database.db.move.findMany({ where: { gameId }, orderBy: { seq: 'asc' } });
    const rec = await command(carol.id, 'history', { game: gameId });
    let message = rec.replies.find((m) => m.ephemeral)!;
    const pages = Math.ceil(moves.length / 20);
    expect(JSON.stringify(message.embeds[0])).toContain(`Page ${pages} of ${pages}`);
    const seen = new Set<string>();
    for (let page = pages; ; page--) {
      const text = rec.text();
      for (const line of text.split('\n')) if (/^\d+\. /.test(line)) seen.add(line.split('.')[0]!);
      expect(text).toMatch(/<t:\d+:f>/);
      const earlier = buttonsOf(message).find((b) => b.label === '◀ Earlier');
      if (!earlier || earlier.disabled) break;
      await press(fake, message, () => fake.clickButton({ messageId: message.id, customId: earlier.custom_id!, userId: carol.id }));
      message = fake.message(message.id)!;
      expect(JSON.stringify(message.embeds[0])).toContain(`Page ${page - 1} of ${pages}`);
    }
    expect(seen.size).toBe(moves.length);
    const first = fake.message(message.id)!;
    expect(JSON.stringify(first.embeds[0])).toContain(`1. Red (<@${scene.alice.id}>): **${moves[0]!.notation}**`);
  });

  it('/siege review steps through positions that equal the replayed states, ⏮ ◀ ▶ ⏭ with a move counter', async () => {
    const { fake, carol } = scene;
    const game = (await scene.database.db.game.findUnique({ where: { id: gameId } }))!;
    const def = gameById('siege-master')!;
    const moves = await scene.database.db.move.findMany({ where: { gameId }, orderBy: { seq: 'asc' } });
    const states = replayStates(def, game.seed, game.seats as never, game.options, moves);
    expect(states.at(-1)).toEqual(game.state);
    const rec = await command(carol.id, 'review', { game: gameId });
    let message = rec.replies.find((m) => m.ephemeral)!;
    const n = moves.length;
    const expectAt = async (m: FakeMessage, index: number) => {
      expect(m.content).toBe(`Move ${index} of ${n}`);
      const png = await renderBoardPng('siege-master', def.view(states[index]) as object);
      expect(m.attachments).toHaveLength(1);
      expect(m.attachments[0]!.data.equals(png)).toBe(true);
    };
    await expectAt(message, n);
    const click = async (label: string) => {
      const b = buttonsOf(message).find((x) => x.label === label)!;
      expect(b.disabled ?? false).toBe(false);
      await press(fake, message, () => fake.clickButton({ messageId: message.id, customId: b.custom_id!, userId: carol.id }));
      message = fake.message(message.id)!;
    };
    expect(buttonsOf(message).find((b) => b.label === '▶')!.disabled).toBe(true);
    await click('⏮');
    await expectAt(message, 0);
    expect(JSON.stringify(message.embeds[0])).toContain('The start of the game.');
    await click('▶');
    await expectAt(message, 1);
    expect(JSON.stringify(message.embeds[0])).toContain(moves[0]!.notation);
    await click('▶');
    await click('◀');
    await expectAt(message, 1);
    await click('⏭');
    await expectAt(message, n);
  });

  it('a running game can be reviewed by anyone in the server, up to now, as on its watch page', async () => {
    const { fake, alice, bob, carol } = scene;
    const running = await acceptedChallenge(scene, { game: 'siege-master', map: 'europe' });
    await playTurnWithComponents(fake, running.threadId, alice.id, chooser(3));
    const game = (await scene.database.db.game.findFirst({ where: { threadId: running.threadId } }))!;
    const byCarol = await command(carol.id, 'review', { game: game.id, move: 0 });
    expect(byCarol.replies.find((m) => m.ephemeral)!.content).toBe('Move 0 of 1');
    const byBob = await command(bob.id, 'review', { game: game.id });
    expect(byBob.replies.find((m) => m.ephemeral)!.content).toBe('Move 1 of 1');
    await scene.fake.settle();
    expect(scene.fake.violations).toEqual([]);
  });
});
