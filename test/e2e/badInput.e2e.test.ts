// Hostile and odd input: every press and command gets a clear refusal, and nothing changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedChallenge, latestBoard, playTurnWithCommand } from '../helpers/play.js';
import { buttonsOf, startScene, waitForBoard, type Scene } from '../helpers/scene.js';

describe('bad input and lost resources', () => {
  let scene: Scene;
  let threadId: string;
  let gameId: number;
  beforeAll(async () => {
    scene = await startScene();
    ({ threadId } = await acceptedChallenge(scene, { game: 'dice-realms' }));
    gameId = (await scene.database.db.game.findFirst({ where: { threadId } }))!.id;
  });
  afterAll(async () => {
    await scene?.stop();
  });

  const snapshot = async () => {
    const g = (await scene.database.db.game.findUnique({ where: { id: gameId } }))!;
    return { version: g.version, state: g.state, moves: await scene.database.db.move.count({ where: { gameId } }) };
  };

  it('random, malformed and oversized customIds are refused privately and change nothing', async () => {
    const before = await snapshot();
    const board = latestBoard(scene.fake, threadId);
    let seed = 99;
    const rand = () => (seed = (seed * 1103515245 + 12345) >>> 0);
    const junk = [
      '', 'x', 's1', 's1:', 's1:mv', 's1:mv:abc:0:farms', `s1:mv:${gameId}:-1:farms`, `s1:mv:${gameId}:99999999999:farms`,
      `s1:mv:${gameId}:0:${'k'.repeat(40)}`, `s1:pg:${gameId}:0:-5`, `s1:rs:${gameId}`, `s1:rc:${gameId}:0:extra`, 's1:ca:0', 's1:cd:99999',
      's2:mv:1:0:farms', `s1:mv:${gameId}:0:🏰`, '\u0000\u202e', 'a'.repeat(500), `s1:mv:${gameId + 1000}:0:farms`,
      ...Array.from({ length: 12 }, () => Array.from({ length: rand() % 120 }, () => String.fromCharCode(32 + (rand() % 0x2fff))).join('')),
    ];
    for (const customId of junk) {
      const rec = await scene.fake.forgeComponent({ messageId: board.id, customId, userId: scene.alice.id });
      await rec.done({ timeoutMs: 15_000 });
      expect(rec.ephemeralText().length, `an answer to ${JSON.stringify(customId)}`).toBeGreaterThan(0);
      expect(rec.ephemeralText()).not.toMatch(/You played/);
    }
    // A menu the board never showed, with a choice it never offered: refused as a forgery.
    const select = await scene.fake.forgeComponent({ messageId: board.id, customId: `s1:mv:${gameId}:0`, values: ['no-such-choice'], userId: scene.alice.id });
    await select.done({ timeoutMs: 15_000 });
    expect(select.ephemeralText()).toMatch(/not one I recognise/);
    expect(await snapshot()).toEqual(before);
    expect(scene.logs.filter((l) => /unexpected error/.test(l))).toEqual([]);
  });

  it('given forged options of the wrong type, the answer names the option that was wrong and nothing changes', async () => {
    const before = await snapshot();
    const forged: { subcommand: string; group?: string; options: { type: number; name: string; value: unknown }[]; wrong: RegExp }[] = [
      { subcommand: 'board', options: [{ type: 3, name: 'game', value: 'abc' }], wrong: /`game`.*whole number/ },
      { subcommand: 'history', options: [{ type: 4, name: 'game', value: 'twelve' }], wrong: /`game`.*whole number/ },
      { subcommand: 'review', options: [{ type: 4, name: 'game', value: gameId }, { type: 4, name: 'move', value: 2.5 }], wrong: /`move`.*whole number/ },
      { subcommand: 'move', options: [{ type: 3, name: 'notation', value: 42 }], wrong: /`notation`.*text/ },
      { subcommand: 'move', options: [{ type: 3, name: 'notation', value: 'x'.repeat(300) }], wrong: /`notation`.*100 characters/ },
      { group: 'start', subcommand: 'dice-realms', options: [{ type: 6, name: 'opponent', value: 'not-a-user' }], wrong: /`opponent`.*member/ },
      { group: 'start', subcommand: 'dice-realms', options: [{ type: 3, name: 'ai', value: 'godlike' }], wrong: /`ai`.*one of/ },
      { subcommand: 'notify', options: [{ type: 3, name: 'dm', value: 'yes' }], wrong: /`dm`.*one of on, off/ },
      { subcommand: 'config', options: [{ type: 5, name: 'daily', value: 'yes' }], wrong: /`daily`.*True or False/ },
      { subcommand: 'vacation', options: [], wrong: /subcommand/ },
      { subcommand: 'board', options: [{ type: 4, name: 'colour', value: 3 }], wrong: /no option `colour`/ },
    ];
    for (const f of forged) {
      const rec = await scene.fake.forgeSlashCommand({ guildId: scene.guild.id, channelId: threadId, userId: scene.alice.id, name: 'siege', ...(f.group ? { group: f.group } : {}), subcommand: f.subcommand, options: f.options as never });
      await rec.done({ timeoutMs: 15_000 });
      const text = rec.ephemeralText();
      expect(text, `${f.subcommand} ${JSON.stringify(f.options)}`).toMatch(f.wrong);
      expect(text).not.toMatch(/Something went wrong/);
    }
    expect(await snapshot()).toEqual(before);
    expect(scene.logs.filter((l) => /unexpected error/.test(l))).toEqual([]);
  });

  it('autocomplete with 6,000 characters of odd Unicode answers with at most 25 valid choices', async () => {
    const odd = '🏰\u202e\u0301ẞ\uFFFDא'.repeat(1000).slice(0, 6000);
    const rec = await scene.fake.autocomplete({ guildId: scene.guild.id, channelId: threadId, userId: scene.alice.id, name: 'siege', subcommand: 'move', focused: 'notation', value: odd, options: { notation: odd } }).catch((e: Error) => e);
    if (rec instanceof Error) {
      expect(rec.message).toMatch(/length|long|6000|100/i); // Discord itself caps the typed text
      return;
    }
    await rec.response();
    expect((rec.choices ?? []).length).toBeLessThanOrEqual(25);
  });

  it('a game of another server, a game that does not exist, and an outsider pressing buttons are refused', async () => {
    const before = await snapshot();
    const other = scene.fake.addGuild({ name: 'Elsewhere' });
    const otherChannel = scene.fake.addChannel(other.id, { name: 'lobby' });
    scene.fake.addMember(other.id, scene.alice.id);
    scene.fake.registerCommands(scene.fake.commands(scene.guild.id).map((c) => ({ ...c })), other.id);
    const foreign = await scene.fake.slashCommand({ guildId: other.id, channelId: otherChannel.id, userId: scene.alice.id, name: 'siege', subcommand: 'move', options: { notation: 'gather keep', game: gameId } });
    await foreign.done();
    expect(foreign.ephemeralText()).toMatch(/no game #\d+ in this server/);
    const missing = await scene.fake.slashCommand({ guildId: scene.guild.id, channelId: scene.channel.id, userId: scene.alice.id, name: 'siege', subcommand: 'board', options: { game: 987654 } });
    await missing.done();
    expect(missing.ephemeralText()).toMatch(/no game #987654/);
    const board = latestBoard(scene.fake, threadId);
    const button = buttonsOf(board).find((b) => b.custom_id!.startsWith('s1:mv:'))!;
    const outsider = await scene.fake.clickButton({ messageId: board.id, customId: button.custom_id!, userId: scene.carol.id });
    await outsider.done({ timeoutMs: 15_000 });
    expect(outsider.ephemeralText()).toMatch(/not playing in this game/);
    expect(await snapshot()).toEqual(before);
  });

  it('when the game thread is deleted, the game carries on in its channel; a player who left does not break it', async () => {
    scene.fake.deleteChannel(threadId);
    const rec = await scene.fake.slashCommand({ guildId: scene.guild.id, channelId: scene.channel.id, userId: scene.alice.id, name: 'siege', subcommand: 'move', options: { notation: 'gather keep', game: gameId } });
    await rec.done({ timeoutMs: 15_000 });
    expect(rec.ephemeralText()).toMatch(/You played/);
    await waitForBoard(scene.fake, scene.channel.id, 1);
    expect((await scene.database.db.game.findUnique({ where: { id: gameId } }))!.threadId).toBeNull();
    scene.fake.removeMember(scene.guild.id, scene.bob.id);
    await playTurnWithCommand(scene.fake, scene.guild.id, scene.channel.id, scene.alice.id, (x) => x[0]!, ['train']);
    const games = await scene.fake.slashCommand({ guildId: scene.guild.id, channelId: scene.channel.id, userId: scene.alice.id, name: 'siege', subcommand: 'games' });
    await games.done();
    expect(JSON.stringify(games.replies[0]!.embeds)).toMatch(/Dice Realms/);
    await scene.fake.settle();
    expect(scene.fake.violations).toEqual([]);
  });
});
