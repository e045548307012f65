// An arena of three on Two Deck Siege through Discord: its sign-up joined with its button, its
// organiser starting it, one message with a button per deal (pinging its players once), each deal
// dealt in a private thread of its player's, the same deal for everyone (the seed the bot derives
// from its secret, never posted), nobody else able to look at a deal while the arena runs, the
// standings edited after every deal, and at the arena's end the deal still being played stopped,
// the unplayed ones scoring nothing, the final standings ranked by score with the podium, and the
// result in /siege stats and /siege history. The channel is written, as its members read it, to
// test/.out/tournament-arena-transcript.md. Time moves through the bot's clock, never by sleeping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameById } from '../../src/games/index.js';
import { recordScore } from '../../src/services/records/stats.js';
import type { FakeMessage } from '../harness/types.js';
import { DAY, testClock } from '../helpers/clock.js';
import { writeTranscript } from '../helpers/languages.js';
import { chooser, playTurnWithComponents, press } from '../helpers/play.js';
import { buttonsOf, startScene, waitForBoard, waitForFinalBoard, type Scene } from '../helpers/scene.js';
import { fixedSeeds } from '../helpers/seeds.js';

type Embed = { title?: string; description?: string; footer?: { text?: string } };
const embedOf = (m: FakeMessage) => (m.embeds[0] ?? {}) as Embed;

describe('an arena of Two Deck Siege through Discord', () => {
  const clock = testClock();
  let scene: Scene;
  const pick = chooser(11);

  beforeAll(async () => {
    scene = await startScene({}, { now: clock.now, seeds: fixedSeeds('arena-e2e') });
    // A fixed secret, so that the deals are the same in every run (the bot makes a random one on first use).
    await scene.database.db.dailySecret.create({ data: { id: 1, secret: 'arena-e2e-secret' } });
  });
  afterAll(async () => {
    await scene?.stop();
  });

  const db = () => scene.database.db;
  async function siege(userId: string, subcommand: string, options: Record<string, string | number> = {}, group?: string) {
    const rec = await scene.fake.slashCommand({ guildId: scene.guild.id, channelId: scene.channel.id, userId, name: 'siege', ...(group ? { group } : {}), subcommand, options });
    await rec.done({ timeoutMs: 30_000 });
    return rec;
  }

  /** Presses a deal's button; returns the private thread it was dealt in and its game. */
  async function playDeal(arena: FakeMessage, userId: string, deal: number) {
    const button = buttonsOf(arena).find((b) => b.label === `Deal ${deal}`)!;
    const rec = await press(scene.fake, arena, () => scene.fake.clickButton({ messageId: arena.id, customId: button.custom_id!, userId }));
    expect(rec.ephemeralText()).toMatch(new RegExp(`^Your deal ${deal} of \\*\\*Deck Cup\\*\\* is ready in <#\\d+>\\. Finish it before the arena ends <t:\\d+:R>\\.$`));
    const threadId = /<#(\d+)>/.exec(rec.ephemeralText())![1]!;
    await waitForBoard(scene.fake, threadId, 0, 20_000);
    return { thread: scene.fake.channel(threadId)!, game: (await db().game.findFirst({ where: { threadId } }))! };
  }

  /** A few turns by the board's buttons, then random legal moves through the master to the game's end. */
  async function playOut(threadId: string, userId: string, gameId: number): Promise<void> {
    for (let n = 0; n < 3; n++) await playTurnWithComponents(scene.fake, threadId, userId, pick);
    const master = scene.app.ctx!.master;
    const def = gameById('two-deck-siege')!;
    for (let guard = 0; guard < 3000; guard++) {
      const game = (await scene.app.ctx!.services.games.load(gameId))!;
      if (game.status !== 'ACTIVE') break;
      const played = await master.playMove({ gameId, actor: { kind: 'user', userId }, input: { move: pick(def.legalMoves(game.state, 0)) }, expectedVersion: game.version, source: 'button' });
      if (!played.ok) throw new Error(`game ${gameId}: ${played.error.message}`);
    }
    await waitForFinalBoard(scene.fake, threadId, 30_000);
  }

  it('three members play the same deals in private threads, ranked by score, and nothing of a deal shows before the end', async () => {
    const { fake, channel, alice, bob, carol, guild } = scene;
    const created = await siege(guild.ownerId, 'create', { name: 'Deck Cup', game: 'two-deck-siege', rounds: 2, 'round-days': 2 }, 'tournament');
    const signup = created.replies.find((m) => !m.ephemeral)!;
    expect(JSON.stringify(signup.embeds[0])).toMatch(/arena \(everyone plays the same deals\); 2 deals/);
    expect(JSON.stringify(signup.embeds[0])).toMatch(/The arena lasts 2 days from the close of its sign-up/);
    const join = buttonsOf(signup).find((b) => b.custom_id!.startsWith('s1:tj:'))!;
    for (const u of [alice, bob, carol]) await press(fake, signup, () => fake.clickButton({ messageId: signup.id, customId: join.custom_id!, userId: u.id }));
    // A solo game takes no Swiss, and a two-player game no arena.
    expect((await siege(guild.ownerId, 'create', { name: 'No', game: 'two-deck-siege', format: 'swiss' }, 'tournament')).ephemeralText()).toMatch(/solo game's tournament is an arena/);
    expect((await siege(guild.ownerId, 'create', { name: 'No', game: 'siege-master', format: 'arena' }, 'tournament')).ephemeralText()).toMatch(/An arena is played in a solo game/);
    expect((await siege(guild.ownerId, 'start', {}, 'tournament')).ephemeralText()).toMatch(/Deck Cup/);

    // One message opens the arena, pinging its players once, with a button per deal.
    const arena = await fake.waitForMessage((m) => m.channelId === channel.id && embedOf(m).title === 'Deck Cup · Arena of Two Deck Siege', 30_000);
    expect([...arena.mentionedUserIds].sort()).toEqual([alice.id, bob.id, carol.id].sort());
    expect(buttonsOf(arena).map((b) => b.label)).toEqual(['Deal 1', 'Deal 2']);
    expect(embedOf(arena).description).toMatch(/Each of you plays the same 2 deals of Two Deck Siege, each once, in a private thread/);

    const a1 = await playDeal(arena, alice.id, 1);
    expect(a1.thread.type).toBe(12);
    expect(a1.thread.name).toBe('Deck Cup · D1 · alice');
    const again = await press(fake, arena, () => fake.clickButton({ messageId: arena.id, customId: buttonsOf(arena)[0]!.custom_id!, userId: alice.id }));
    expect(again.ephemeralText()).toMatch(/You have begun deal 1 already/);
    const b1 = await playDeal(arena, bob.id, 1);
    const b2 = await playDeal(arena, bob.id, 2);
    // The same deal for both, another for deal 2.
    expect(b1.game.seed).toBe(a1.game.seed);
    expect(JSON.stringify(b1.game.state)).toBe(JSON.stringify(a1.game.state));
    expect(b2.game.seed).not.toBe(a1.game.seed);

    // While the arena runs, nobody else may look at a deal: not its board, its moves, its positions.
    for (const subcommand of ['board', 'history', 'review']) {
      const rec = await siege(carol.id, subcommand, { game: a1.game.id });
      expect(rec.ephemeralText(), subcommand).toMatch(/deal of an arena tournament: nobody but its player sees/);
      expect(rec.replies.every((m) => m.ephemeral && m.attachments.length === 0 && m.embeds.length === 0)).toBe(true);
    }

    await playOut(a1.thread.id, alice.id, a1.game.id);
    await clock.advance(30 * 60_000, scene.database.url);
    await playOut(b1.thread.id, bob.id, b1.game.id);
    // Nothing of a deal was posted where others read: the channel holds no board, and no message names the seed.
    await scene.app.ctx!.publisher.idle();
    await fake.settle();
    const public_ = fake.messages(channel.id);
    expect(public_.every((m) => m.attachments.length === 0)).toBe(true);
    expect(JSON.stringify(public_)).not.toContain(a1.game.seed);
    const standingsId = (await db().tournament.findFirst())!.standingsMessageId!;
    expect(embedOf(fake.message(standingsId)!).title).toBe('Deck Cup · Arena standings');

    // The arena's end: Bob's deal 2 is stopped and scores nothing, Carol's deals were never begun.
    await clock.advance(2 * DAY + 60_000, scene.database.url);
    const final = await fake.waitForMessage((m) => m.channelId === channel.id && /Deck Cup\*\* is over!/.test(m.content), 30_000);
    expect(JSON.stringify((await waitForFinalBoard(fake, b2.thread.id, 30_000)).embeds[0])).toMatch(/arena ended before/);
    await scene.app.ctx!.publisher.idle();
    await fake.settle();
    const def = gameById('two-deck-siege')!;
    const scoreOf = async (gameId: number) => recordScore(def, (await db().game.findUnique({ where: { id: gameId } }))!.outcome as never);
    const scores = new Map([[alice.id, (await scoreOf(a1.game.id)) ?? 0], [bob.id, (await scoreOf(b1.game.id)) ?? 0], [carol.id, 0]]);
    const table = embedOf(fake.message(standingsId)!);
    expect(table.title).toBe('Deck Cup · Final standings');
    const shown = [...(table.description ?? '').matchAll(/^(\d+)\. <@(\d+)> · \*\*(-?[\d.,]+) points?\*\*/gm)].map((m) => [m[2], Number(m[3])]);
    // Ranked by score (Alice and Bob played the same deal; Carol scored nothing): each row's score is its game's.
    expect(shown).toHaveLength(3);
    for (const [id, score] of shown) expect(score).toBe(scores.get(id as string));
    expect(shown.map(([, s]) => s as number)).toEqual([...shown.map(([, s]) => s as number)].sort((x, y) => y - x));
    expect(table.description).toMatch(new RegExp(`<@${carol.id}> · \\*\\*0 points\\*\\* · 0/2 deals · – \\| –`));
    // Bob's deal 2, stopped by the end, scores nothing (✗).
    expect(table.description).toMatch(new RegExp(`<@${bob.id}> · \\*\\*-?[\\d.,]+ points?\\*\\* · 1/2 deals · \\d+ min · -?[\\d.,]+ \\| ✗`));
    expect(final.content).toContain(`/${guild.id}/${channel.id}/${standingsId}`);
    expect(buttonsOf(fake.message(arena.id)!)).toEqual([]);
    // Over: the deal is everyone's to look at now, and the result is in /siege stats and /siege history.
    expect((await siege(carol.id, 'history', { game: a1.game.id })).ephemeralText()).not.toMatch(/arena tournament/);
    const winner = shown[0]![0] as string;
    expect((await siege(winner, 'stats')).text()).toMatch(/Played \*\*1\*\* · won \*\*1\*\* · on the podium \*\*1\*\*/);
    expect((await siege(winner, 'history')).text()).toMatch(/🥇 \*\*Deck Cup\*\* · Two Deck Siege · arena \(everyone plays the same deals\) · place 1 of 3/);
    expect(fake.violations).toEqual([]);
    await writeTranscript(scene, [channel.id], 'tournament-arena');
  }, 400_000);
});
