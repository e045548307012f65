// Members whose names are traps (a masked link, @everyone, @here, a role mention, a member
// mention, a heading) play through every kind of public message the bot posts: a challenge, its
// acceptance, boards, thread names, a takeback request, a vacation notice, a reminder, a timeout
// notice, a result, a solo game, a daily's result line and leaderboard, the records leaderboard
// and a stats embed. Every version of every public message (as posted and as edited) pings
// nobody but the player it is for, and shows no link, mention or heading that a name made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSiegeCommand } from '../../commands/index.js';
import { addGameForTests } from '../../src/games/index.js';
import type { FakeMessage, FakeRole, FakeUser } from '../harness/fakeDiscord.js';
import { HOUR, testClock } from '../helpers/clock.js';

const MINUTE = 60_000;
import { chooser, latestBoard, press, playTurnWithComponents, waitFor } from '../helpers/play.js';
import { buttonsOf, startScene, waitForBoard, waitForFinalBoard, type Scene } from '../helpers/scene.js';
import { practiceSiege } from '../helpers/soloGame.js';
import { playSoloGameToEnd, preferring } from '../helpers/solo.js';

afterAll(addGameForTests(practiceSiege));

type Seen = { id: string; channelId: string; content: string; embeds: { title?: string; description?: string; fields?: { name: string; value: string }[] }[]; notified: string[]; everyone: boolean; here: boolean; roles: string[] };

/** A masked link to anywhere but a Discord message (the bot links its own boards so). */
const MASKED_LINK = /(?<!\\)\[[^\]\n]*\]\(\s*<?\s*https?:\/\/(?!discord\.com\/channels\/)/i;
const HEADING = /^[ \t]*(#{1,3}|-#)\s/m;
const BARE_TRAP_LINK = /https?:\/\/t\.ly/i;

describe('hostile names and texts in public messages', () => {
  let scene: Scene;
  const clock = testClock();
  let role: FakeRole;
  let watcher: FakeUser;
  let red: FakeUser;
  let blue: FakeUser;
  let solo: FakeUser;
  const seen: Seen[] = [];
  const threadNames = new Map<string, string>();

  beforeAll(async () => {
    scene = await startScene({}, { now: clock.now });
    const { fake, guild } = scene;
    fake.registerCommands([buildSiegeCommand().toJSON()], guild.id);
    role = fake.addRole(guild.id, { name: 'mods' });
    watcher = fake.addUser({ username: 'watcher' });
    fake.addMember(guild.id, watcher.id, { roles: [role.id] });
    red = fake.addUser({ username: 'red', globalName: '[nitro](https://t.ly/x) @everyone' });
    fake.addMember(guild.id, red.id);
    blue = fake.addUser({ username: 'blue', globalName: 'blue' });
    fake.addMember(guild.id, blue.id, { nick: `# @here <@&${role.id}> [free](https://t.ly/y)` });
    solo = fake.addUser({ username: 'solo' });
    fake.addMember(guild.id, solo.id, { nick: `-# <@${scene.carol.id}> **x** ||y|| \`z\` https://t.ly/z` });
    // Every public message as posted and as each edit left it (the fake keeps only the latest).
    void fake.waitForMessage((m) => {
      if (!m.ephemeral && m.guildId === guild.id && m.authorId === fake.botUser.id) seen.push(snapshot(m));
      for (const thread of fake.threads(scene.channel.id)) threadNames.set(thread.id, thread.name ?? "");
      return false;
    }, 3_600_000).catch(() => {});
  });
  afterAll(async () => {
    await scene?.stop();
  });

  function snapshot(m: FakeMessage): Seen {
    return {
      id: m.id,
      channelId: m.channelId,
      content: m.content,
      embeds: JSON.parse(JSON.stringify(m.embeds)),
      notified: scene.fake.notifiedUserIds(m),
      everyone: m.mentionedEveryone,
      here: m.mentionedHere,
      roles: [...m.mentionedRoleIds],
    };
  }

  const command = async (userId: string, subcommand: string, options: Record<string, string | number> = {}, group?: string, channelId = scene.channel.id) => {
    const rec = await scene.fake.slashCommand({ guildId: scene.guild.id, channelId, userId, name: 'siege', subcommand, ...(group ? { group } : {}), options });
    await rec.done({ timeoutMs: 20_000 });
    return rec;
  };
  const advance = (ms: number) => clock.advance(ms, scene.database.url);

  it('given members named as traps, then every public message pings only the player it is for and shows no link, mention or heading from a name', async () => {
    const { fake, channel } = scene;
    const pick = chooser(11);

    // A challenge, accepted: the first board in a thread named after the players.
    const asked = await command(red.id, 'siege-master', { opponent: blue.id, clock: '1d', map: 'hex', 'fortress-count': '5' }, 'start');
    const offer = asked.replies.find((m) => !m.ephemeral)!;
    const accept = buttonsOf(offer).find((b) => b.label === 'Accept')!;
    await press(fake, offer, () => fake.clickButton({ messageId: offer.id, customId: accept.custom_id!, userId: blue.id }));
    const thread = fake.threads(channel.id).at(-1)!;
    await waitForBoard(fake, thread.id, 0);

    // A move, and its takeback asked and declined.
    const toAct = (board: FakeMessage) => [red, blue].find((u) => board.content.startsWith(`<@${u.id}>, your move`))!;
    const mover = toAct(latestBoard(fake, thread.id));
    const afterMove = await playTurnWithComponents(fake, thread.id, mover.id, pick);
    const takeback = buttonsOf(afterMove).find((b) => b.label === 'Take back?')!;
    await press(fake, afterMove, () => fake.clickButton({ messageId: afterMove.id, customId: takeback.custom_id!, userId: mover.id }));
    const request = await fake.waitForMessage((m) => m.channelId === thread.id && /asks to take back/.test(m.content));
    const other = mover === red ? blue : red;
    const decline = buttonsOf(request).find((b) => b.label === 'Decline')!;
    await press(fake, request, () => fake.clickButton({ messageId: request.id, customId: decline.custom_id!, userId: other.id }));

    // A vacation, told to the opponent, and back.
    await command(red.id, 'start', { days: 1 }, 'vacation');
    await fake.waitForMessage((m) => m.channelId === thread.id && /is on vacation/.test(m.content));
    await command(red.id, 'end', {}, 'vacation');
    await fake.waitForMessage((m) => m.channelId === thread.id && /back from vacation/.test(m.content));

    // Half the clock gone: a reminder; then the clock runs out, the opponent claims: the result.
    await advance(12 * HOUR + MINUTE);
    await fake.waitForMessage((m) => m.channelId === thread.id && /half your time is gone/.test(m.content), 20_000);
    await advance(12 * HOUR + MINUTE);
    const timedOut = await fake.waitForMessage((m) => m.channelId === thread.id && /ran out of time/.test(m.content), 20_000);
    const late = toAct(latestBoard(fake, thread.id));
    const claim = buttonsOf(timedOut).find((b) => b.label === 'Claim win')!;
    await press(fake, timedOut, () => fake.clickButton({ messageId: timedOut.id, customId: claim.custom_id!, userId: (late === red ? blue : red).id }));
    await waitForFinalBoard(fake, thread.id);

    // A solo game, and a daily played to its end: its result line and the day's leaderboard.
    const started = await command(solo.id, 'practice-siege', {}, 'start');
    expect(started.ephemeralText()).toMatch(/started/);
    const daily = await command(solo.id, 'play', { game: 'practice-siege' }, 'daily');
    const dailyThread = /<#(\d+)>/.exec(daily.ephemeralText())![1]!;
    await waitForBoard(fake, dailyThread, 0, 20_000);
    await playSoloGameToEnd(scene, dailyThread, solo.id, preferring([/^Raid/, /^Accept/]), 30, 'practice-daily');
    await fake.waitForMessage((m) => m.channelId === channel.id && / daily: /.test(m.content), 20_000);
    await waitFor(() => seen.some((s) => s.embeds.some((e) => /^Daily siege · /.test(e.title ?? '') && /Practice/.test(e.title ?? ''))), 20_000, 'the daily leaderboard');

    // Records, in public.
    await command(red.id, 'leaderboard', { game: 'siege-master' });
    await command(watcher.id, 'stats', { member: blue.id });
    await command(solo.id, 'stats', {});
    await fake.settle();
    expect(fake.violations).toEqual([]);

    // What a public message may ping: whoever it says must act, or is told something of their own game.
    const players = new Set([red.id, blue.id, solo.id]);
    const meant = (s: Seen): string[] => {
      const ids = (re: RegExp) => [...s.content.matchAll(re)].map((m) => m[1]!);
      if (/your move/.test(s.content)) return ids(/<@(\d+)>, (?:your move|it is your move)/g);
      if (/challenges you to/.test(s.content)) return ids(/^<@(\d+)>, <@\d+> challenges you/g);
      if (/ran out of time/.test(s.content)) return [red.id, blue.id];
      if (/asks to take back/.test(s.content)) return ids(/<@(\d+)>, accept or decline/g);
      if (/vacation/.test(s.content)) return ids(/^<@(\d+)>/g);
      return [];
    };
    const kinds = new Set<string>();
    const problems: string[] = [];
    const check = (ok: boolean, what: string, s: Seen) => {
      if (!ok) problems.push(`${what} in message ${s.id} (${kindOf(s)}): ${JSON.stringify(s.content.slice(0, 160))} ${JSON.stringify(s.embeds).slice(0, 400)}`);
    };
    for (const s of seen) {
      check(!s.everyone && !s.here, '@everyone or @here pinged', s);
      check(s.roles.length === 0, 'a role pinged', s);
      check(s.notified.every((id) => meant(s).includes(id) && players.has(id)), `pinged ${s.notified.join(', ')} (meant: ${meant(s).join(', ')})`, s);
      const markdown = [s.content, ...s.embeds.flatMap((e) => [e.title ?? '', e.description ?? '', ...(e.fields ?? []).flatMap((f) => [f.name, f.value])])];
      for (const text of markdown) {
        check(!MASKED_LINK.test(text), 'a masked link', s);
        check(!HEADING.test(text), 'a heading', s);
        check(!BARE_TRAP_LINK.test(text), "a name's link", s);
        check(!/@(everyone|here)/.test(text), 'a mass mention', s);
        check(!new RegExp(`<@&${role.id}>|<@!?${scene.carol.id}>`).test(text), "a name's mention", s);
      }
      kinds.add(kindOf(s));
    }
    expect([...new Set(problems)]).toEqual([]);
    // Every kind of public message was seen.
    expect([...kinds].sort()).toEqual([
      'accepted', 'board', 'challenge', 'daily leaderboard', 'daily result', 'deferred', 'records leaderboard', 'reminder', 'result', 'stats', 'takeback', 'timeout', 'vacation',
    ]);
    for (const [id, name] of threadNames) {
      expect(name, `thread ${id}`).not.toMatch(/[\n\r]/);
      expect(name.length, `thread ${id}`).toBeLessThanOrEqual(100);
    }
    expect([...threadNames.values()].some((n) => n.includes('nitro'))).toBe(true);
  }, 240_000);
});

function kindOf(s: Seen): string {
  const embed = s.embeds[0];
  const footer = JSON.stringify(embed ?? {});
  // A public command's answer, deferred: "thinking…" until it is edited.
  if (!s.content && !embed) return 'deferred';
  if (/challenges you to/.test(s.content)) return 'challenge';
  if (/accepted .*challenge/.test(s.content)) return 'accepted';
  if (/half your time|only .* left/.test(s.content)) return 'reminder';
  if (/ran out of time/.test(s.content) && !embed) return 'timeout';
  if (/asks to take back|declined: /.test(s.content)) return 'takeback';
  if (/vacation/.test(s.content)) return 'vacation';
  if (/ daily: /.test(s.content)) return 'daily result';
  if (/^Daily siege · /.test(embed?.title ?? '')) return 'daily leaderboard';
  if (/: leaderboard$/.test(embed?.title ?? '')) return 'records leaderboard';
  if (/^Records of /.test(embed?.title ?? '')) return 'stats';
  if (/Game over/.test(s.content)) return 'result';
  if (/"text":"Move \d+/.test(footer) || s.content.startsWith('↪')) return 'board';
  return `other: ${s.content.slice(0, 60)}`;
}
