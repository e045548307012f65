// `/siege start <game>`: one subcommand per game with only its options, and the solo flow through
// the whole platform, with a small solo game that exists only for tests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSiegeCommand } from '../../commands/index.js';
import { addGameForTests, gameById, games } from '../../src/games/index.js';
import { COMMAND_SIZE_LIMIT, commandSize } from '../harness/interactionLimits.js';
import { replayGame } from '../../src/services/replay.js';
import { isFinished, latestBoard, press } from '../helpers/play.js';
import { boardsIn, boardVersion, buttonsOf, startScene, waitForBoard, type Scene } from '../helpers/scene.js';
import { practiceSiege } from '../helpers/soloGame.js';
import { expectSoloHeadline } from '../helpers/solo.js';

afterAll(addGameForTests(practiceSiege));

type CommandOption = { type: number; name: string; options?: CommandOption[] };

describe('/siege start, one subcommand per game', () => {
  let scene: Scene;
  beforeAll(async () => {
    scene = await startScene();
  });
  afterAll(async () => {
    await scene?.stop();
  });

  it('given the command definition, each game offers only its own options, generated from the registry', () => {
    const command = buildSiegeCommand().toJSON() as { options: CommandOption[] };
    const group = command.options.find((o) => o.name === 'start')!;
    expect(group.type).toBe(2);
    const optionsOf = (game: string) => group.options!.find((o) => o.name === game)!.options!.map((o) => o.name);
    expect(group.options!.map((o) => o.name)).toEqual([...Object.keys(games), 'practice-siege']);
    expect(optionsOf('siege-master')).toEqual(['opponent', 'ai', 'clock', 'map', 'fortresses', 'fortress-count']);
    expect(optionsOf('dice-realms')).toEqual(['opponent', 'ai', 'clock', 'variant', 'defence', 'defence-red', 'defence-blue']);
    expect(optionsOf('practice-siege')).toEqual(['clock', 'rounds']);
  });

  it("given every game's options in every language, the whole /siege command stays within Discord's size limit", () => {
    // Each localized field counts at its longest localization (Discord's rule).
    expect(commandSize(buildSiegeCommand().toJSON() as never)).toBeLessThanOrEqual(COMMAND_SIZE_LIMIT);
  });

  it('given a long choice list, autocomplete offers it as the player types: the clock, a map', async () => {
    const { fake, guild, channel, alice } = scene;
    const suggest = async (subcommand: string, focused: string, value: string) => {
      const ac = await fake.autocomplete({ guildId: guild.id, channelId: channel.id, userId: alice.id, name: 'siege', group: 'start', subcommand, focused, value, options: { [focused]: value } });
      await ac.response();
      return (ac.choices ?? []) as { name: string; value: string }[];
    };
    expect((await suggest('siege-master', 'clock', '')).map((c) => c.value)).toEqual(['1d', '2d', '3d', '7d', '14d', 'none']);
    expect(await suggest('siege-master', 'map', 'eur')).toEqual([{ name: 'Europe', value: 'europe' }]);
    expect((await suggest('kingdoms-siege', 'faction', '')).length).toBe(7);
  });

  it("given a map option on Dice Realms, Discord itself refuses it: it is not among that game's options", async () => {
    const { fake, guild, channel, alice, bob } = scene;
    await expect(
      fake.slashCommand({ guildId: guild.id, channelId: channel.id, userId: alice.id, name: 'siege', group: 'start', subcommand: 'dice-realms', options: { opponent: bob.id, map: 'europe' } }),
    ).rejects.toThrow(/map/);
  });

  it('given a challenge with a random map, the map is drawn at once, named in the challenge, and played', async () => {
    const { fake, guild, channel, alice, bob } = scene;
    const rec = await fake.slashCommand({ guildId: guild.id, channelId: channel.id, userId: alice.id, name: 'siege', group: 'start', subcommand: 'siege-master', options: { opponent: bob.id } });
    await rec.done();
    const challenge = rec.replies.find((m) => !m.ephemeral)!;
    const description = (challenge.embeds[0] as { description: string }).description;
    const named = /Options: map: ([^,]+), fortresses: random, fortress-count: 15/.exec(description);
    expect(named, description).toBeTruthy();
    const accept = buttonsOf(challenge).find((b) => b.label === 'Accept')!;
    await press(fake, challenge, () => fake.clickButton({ messageId: challenge.id, customId: accept.custom_id!, userId: bob.id }));
    const threadId = fake.threads(channel.id).at(-1)!.id;
    await waitForBoard(fake, threadId, 0);
    const game = (await scene.database.db.game.findFirst({ where: { threadId } }))!;
    const mapName = (gameById('siege-master')!.view(game.state) as { mapName: string }).mapName;
    expect(named![1]).toBe(mapName);
  });

  it('given a bad option value, the player is told which and nothing starts', async () => {
    const { fake, guild, channel, alice, bob } = scene;
    const before = await scene.database.db.challenge.count();
    const rec = await fake.slashCommand({ guildId: guild.id, channelId: channel.id, userId: alice.id, name: 'siege', group: 'start', subcommand: 'siege-master', options: { opponent: bob.id, 'fortress-count': '8' } });
    await rec.done();
    expect(rec.ephemeralText()).toMatch(/Siege Master: the number of fortresses must be an odd number from 5 to 25\. Nothing was started\./);
    expect(await scene.database.db.challenge.count()).toBe(before);
  });
});

describe('a solo game through the whole platform', () => {
  let scene: Scene;
  beforeAll(async () => {
    scene = await startScene({}, { seeds: () => 'solo-a' });
  });
  afterAll(async () => {
    await scene?.stop();
  });

  it('starts at once in its own thread, only its player acts, a mid-turn choice is asked like any decision, and the result shows the score', async () => {
    const { fake, guild, channel, alice, bob } = scene;
    const rec = await fake.slashCommand({ guildId: guild.id, channelId: channel.id, userId: alice.id, name: 'siege', group: 'start', subcommand: 'practice-siege', options: {} });
    await rec.done();
    expect(rec.ephemeralText()).toMatch(/Game #\d+ of Practice Siege started in <#\d+>/);
    const thread = fake.threads(channel.id).at(-1)!;
    expect(thread.name).toBe('Practice Siege: alice (solo)');
    let board = await waitForBoard(fake, thread.id, 0);
    // Alice started it herself: the board says it is her move but does not ping her.
    expect(board.mentionedUserIds).toEqual([]);
    expect(board.content).toMatch(new RegExp(`^<@${alice.id}>, your move\\.`));
    const game = (await scene.database.db.game.findFirst({ where: { threadId: thread.id } }))!;
    expect(game.clockSeconds).toBeNull();
    expect(game.deadlineAt).toBeNull();
    expect(board.content).not.toMatch(/Move by/);
    expect(JSON.stringify(board.embeds[0])).not.toMatch(/Move by/);

    // Someone else pressing the solo player's button is refused privately; nothing changes.
    const raid = buttonsOf(board).find((b) => b.label?.startsWith('raid'))!;
    const refused = await press(fake, board, () => fake.clickButton({ messageId: board.id, customId: raid.custom_id!, userId: bob.id }));
    expect(refused.ephemeralText()).toBe(`You are not playing in this game. Waiting for Defender (<@${alice.id}>).`);
    expect((await scene.database.db.game.findUnique({ where: { id: game.id } }))!.version).toBe(0);

    // /siege games lists it.
    const list = await fake.slashCommand({ guildId: guild.id, channelId: channel.id, userId: alice.id, name: 'siege', subcommand: 'games', options: {} });
    await list.done();
    expect(JSON.stringify(list.replies.map((m) => [m.content, m.embeds]))).toMatch(new RegExp(`#${game.id} Practice Siege \\(solo\\)`));

    // Play with buttons: raid whenever possible; a parley (the raider's even roll) must be answered.
    // A solo game's player never hands it over: its one board is updated in place (the press is
    // deferred, nothing is said privately) until the game ends and the final board is posted.
    const first = board;
    let parleys = 0;
    for (let step = 0; !isFinished(board); step++) {
      expect(step, `game seed ${game.seed}`).toBeLessThan(20);
      const buttons = buttonsOf(board).filter((b) => b.custom_id!.startsWith('s1:mv:'));
      const pick = buttons.find((b) => b.label?.startsWith('refuse')) ?? buttons.find((b) => b.label?.startsWith('raid'))!;
      if (pick.label?.startsWith('refuse')) parleys++;
      const version = boardVersion(board)!;
      const r = await press(fake, board, () => fake.clickButton({ messageId: board.id, customId: pick.custom_id!, userId: alice.id }));
      expect(r.ephemeralText()).toBe('');
      board = await waitForBoard(fake, thread.id, version + 1);
      if (!isFinished(board)) {
        expect(r.callback?.type).toBe(6);
        expect(board.id).toBe(first.id);
        expect(board.mentionedUserIds).toEqual([]);
        expect((board.embeds[0] as { description?: string }).description).toContain(pick.label!.split(' ')[0]!);
      }
    }
    expect(parleys, 'the fixed seed gives at least one parley').toBeGreaterThan(0);
    // The last move retires the game's board (in the press's own answer) and the final board follows, pinging nobody.
    expect(board.id).not.toBe(first.id);
    expect(board.mentionedUserIds).toEqual([]);
    // A solo result offers its replay on request, nothing else.
    expect(buttonsOf(board).map((b) => b.label)).toEqual(['Replay', 'Describe']);
    expect(fake.message(first.id)!.components).toEqual([]);
    expect(fake.message(first.id)!.content).toMatch(/^↪ /);
    expect(boardsIn(fake, thread.id).map((m) => m.id)).toEqual([first.id, board.id]);
    const finished = (await scene.database.db.game.findUnique({ where: { id: game.id } }))!;
    expectSoloHeadline(latestBoard(fake, thread.id), finished.outcome as never);
    const moves = await scene.database.db.move.findMany({ where: { gameId: game.id }, orderBy: { seq: 'asc' } });
    expect(replayGame(practiceSiege, finished.seed, finished.seats as never, finished.options, moves)).toEqual(finished.state);
    await fake.settle();
    expect(fake.violations).toEqual([]);
  });

  it("counts solo games in the server's active-game limit", async () => {
    const { fake, guild, channel, carol } = scene;
    await scene.app.ctx!.services.settings.updateGuild(guild.id, { maxGames: 1 });
    const start = async () => {
      const rec = await fake.slashCommand({ guildId: guild.id, channelId: channel.id, userId: carol.id, name: 'siege', group: 'start', subcommand: 'practice-siege', options: {} });
      await rec.done();
      return rec.ephemeralText();
    };
    expect(await start()).toMatch(/started/);
    expect(await start()).toMatch(/already plays 1 active game\(s\) here, the most this server allows \(1\)/);
  });
});
