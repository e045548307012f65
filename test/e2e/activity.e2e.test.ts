// The board inside Discord (ACTIVITY=on; README, "Activity"), end to end through the fake Discord:
// a running game's board offers "Play on the board", whose press Discord answers by opening the
// Activity (LAUNCH_ACTIVITY, validated by the fake); the Activity signs its member in with a code
// from Discord's authorize (the fake's OAuth2), finds the game of the thread it was opened in,
// shows the player their seat and a bystander the watch view, and a move posted with the session
// goes through the game master: the thread gets its new board and its ping, as after a press.
// `npm run deploy-commands` registers the Entry Point command as Discord allows: globally, once.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeDiscord } from '../harness/fakeDiscord.js';
import { acceptedChallenge, latestBoard, press } from '../helpers/play.js';
import { buttonsOf, startScene, waitForBoard, type Scene } from '../helpers/scene.js';
import { PROJECT_ROOT, type Config } from '../../src/config/env.js';

const PUBLIC_URL = 'https://siege.example';

describe('the Activity', () => {
  let scene: Scene;
  let base: string;

  beforeAll(async () => {
    const extra: Partial<Config> = { httpPort: 0, publicUrl: PUBLIC_URL, activity: true };
    scene = await startScene(extra, {
      // The application's id is the fake's own, known once it runs: the sign-in's client id.
      aroundStart: async (fake, start) => {
        // The application has Activities enabled (Developer Portal → Activities), as ACTIVITY=on asks.
        Object.assign(fake.options, { activity: true });
        Object.assign(extra, { discordClientId: fake.applicationId, discordClientSecret: fake.oauth.clientSecret });
        return start();
      },
    });
    base = scene.app.httpUrl!;
  });
  afterAll(async () => {
    await scene?.stop();
  });

  /** Signs `userId` in as the Activity does: a code from Discord's authorize, exchanged by the bot. */
  async function signIn(userId: string): Promise<string> {
    const code = scene.fake.oauth.grant({ userId });
    const res = await fetch(`${base}/activity/token`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ code }) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access_token: string; session: string };
    expect(body.access_token).toMatch(/\S/);
    return body.session;
  }
  const asMember = (session: string) => ({ authorization: `Bearer ${session}`, accept: 'application/json' });
  type GamePart = { version: number; token: string; move: string; seat: number | null; acting: boolean; html: string };
  async function gameIn(threadId: string, session: string, path = ''): Promise<GamePart> {
    const res = await fetch(`${base}/activity/game?channel=${threadId}${path ? `&path=${encodeURIComponent(path)}` : ''}`, { headers: asMember(session) });
    expect(res.status).toBe(200);
    return (await res.json()) as GamePart;
  }

  it('given a game in its thread, its board opens the Activity, the player plays a move on the board, and the thread gets the new board with its ping', async () => {
    const { fake, alice, bob, carol } = scene;
    const { threadId } = await acceptedChallenge(scene, { game: 'siege-master', map: 'europe' });
    const board = latestBoard(fake, threadId);
    const open = buttonsOf(board).find((b) => b.label === 'Play on the board');
    expect(open?.custom_id).toMatch(/^s1:ac:\d+$/);
    const launched = await press(fake, board, () => fake.clickButton({ messageId: board.id, customId: open!.custom_id!, userId: carol.id }));
    expect(launched.callback?.type).toBe(12);

    // Alice (Red) must act: her seat, touchable, with the step's choices on the board.
    const aliceSession = await signIn(alice.id);
    const first = await gameIn(threadId, aliceSession);
    expect(first).toMatchObject({ seat: 0, acting: true, version: 0 });
    expect(first.html).toContain('you play Red');
    const cells = [...first.html.matchAll(/<a class="target[^"]*" href="[^"]*" data-choice="([^"]+)" data-path="([^"]+)"/g)];
    expect(cells.length).toBeGreaterThan(0);
    // A start cell, then a placement through it that completes the move.
    const step = await gameIn(threadId, aliceSession, cells[0]![2]!);
    const placement = /<a class="target completes" href="[^"]*" data-choice="[^"]+" data-path="([^"]+)" data-completes=""/.exec(step.html)?.[1];
    expect(placement).toBeDefined();

    // Bob watches for now; carol, not a player, always watches.
    const bobSession = await signIn(bob.id);
    expect(await gameIn(threadId, bobSession)).toMatchObject({ seat: 1, acting: false });
    const carolPart = await gameIn(threadId, await signIn(carol.id));
    expect(carolPart).toMatchObject({ seat: null, acting: false });
    expect(carolPart.html).toContain('you are watching this game');
    expect(carolPart.html).not.toContain('data-choice');

    // Bob cannot play Alice's move, and a bystander cannot play at all: nothing changes.
    const post = (session: string, body: Record<string, string>) =>
      fetch(`${base}${first.move}`, { method: 'POST', headers: { ...asMember(session), 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body).toString() });
    expect((await post(bobSession, { version: '0', path: placement! })).status).toBe(409);
    expect((await gameIn(threadId, aliceSession)).version).toBe(0);

    const played = await post(aliceSession, { version: '0', path: placement! });
    expect(played.status).toBe(200);
    const next = await waitForBoard(fake, threadId, 1);
    expect(next.content).toContain(`<@${bob.id}>`);
    expect(fake.notifiedUserIds(next)).toEqual([bob.id]);
    expect(buttonsOf(next).some((b) => b.label === 'Play on the board')).toBe(true);
    expect(await gameIn(threadId, bobSession)).toMatchObject({ seat: 1, acting: true, version: 1 });
    // The same move again, from a page left open: stale, refused, nothing changed.
    expect((await post(aliceSession, { version: '0', path: placement! })).status).toBe(409);
    expect(fake.violations).toEqual([]);
  });

  it('given a solo game, its player sees the board as their seat does, an image only their session may fetch', async () => {
    const { fake, guild, channel, alice, carol } = scene;
    const started = await fake.slashCommand({ guildId: guild.id, channelId: channel.id, userId: alice.id, name: 'siege', group: 'start', subcommand: 'two-deck-siege', options: {} });
    await started.done();
    const threadId = fake.threads(channel.id).at(-1)!.id;
    await waitForBoard(fake, threadId, 0);
    const session = await signIn(alice.id);
    const part = await gameIn(threadId, session);
    expect(part).toMatchObject({ seat: 0, acting: true });
    const board = /data-board="([^"]+)"/.exec(part.html)?.[1]?.replaceAll('&amp;', '&');
    expect(board).toMatch(/^\/g\/[\w-]+\/seat\.png\?move=\d+&v=\d+&lang=en-US$/);
    // The image tag itself asks for nothing: the page fetches the seat's image with its session.
    expect(part.html).toMatch(/<img src="" alt="/);
    const png = await fetch(`${base}${board}`, { headers: { authorization: `Bearer ${session}` } });
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect((await fetch(`${base}${board}`)).status).toBe(404);
    expect((await fetch(`${base}${board}`, { headers: { authorization: `Bearer ${await signIn(carol.id)}` } })).status).toBe(404);
  });

  it('given a server that turned its web pages off, its boards do not offer the Activity, which would show nothing there', async () => {
    const { fake, guild, channel, bob } = scene;
    const config = (web: string) => fake.slashCommand({ guildId: guild.id, channelId: channel.id, userId: guild.ownerId, name: 'siege', subcommand: 'config', options: { web } });
    await (await config('off')).done();
    const started = await fake.slashCommand({ guildId: guild.id, channelId: channel.id, userId: bob.id, name: 'siege', group: 'start', subcommand: 'two-deck-siege', options: {} });
    await started.done();
    const threadId = fake.threads(channel.id).at(-1)!.id;
    const board = await waitForBoard(fake, threadId, 0);
    expect(buttonsOf(board).some((b) => b.custom_id?.startsWith('s1:ac:'))).toBe(false);
    await (await config('on')).done();
  });

  it('given a channel with no game, the Activity says where to open it', async () => {
    const res = await fetch(`${base}/activity/game?channel=${scene.channel.id}`, { headers: asMember(await signIn(scene.alice.id)) });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: string }).error).toMatch(/Open the Activity from a game's thread/);
  });
});

describe('npm run deploy-commands with ACTIVITY=on', () => {
  let fake: FakeDiscord;
  beforeAll(async () => {
    fake = await FakeDiscord.start({ activity: true });
  });
  afterAll(async () => {
    await fake?.stop();
  });

  /** Runs the deploy script as `npm run deploy-commands` does, against the fake; its output and exit code. */
  function deploy(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/deploy-commands.ts'], {
        cwd: PROJECT_ROOT,
        env: { PATH: process.env.PATH ?? '', DISCORD_TOKEN: 'a-test-token-of-twenty-chars', DISCORD_API_URL: fake.apiUrl, ACTIVITY: 'on', PUBLIC_URL, DISCORD_CLIENT_ID: fake.applicationId, DISCORD_CLIENT_SECRET: fake.oauth.clientSecret, ...env },
      });
      let output = '';
      child.stdout.on('data', (d: Buffer) => { output += d.toString(); });
      child.stderr.on('data', (d: Buffer) => { output += d.toString(); });
      child.on('close', (code) => resolve({ code, output }));
    });
  }
  const entryPoints = () => fake.commands().filter((c) => c.type === 4);

  it('given Discord\'s default "Launch" command, a server deploy puts /siege in the server and changes "Launch" into Siege\'s, globally, never a second one', async () => {
    const guild = fake.addGuild({ name: 'Keep' });
    fake.registerCommands([{ type: 4, name: 'launch', description: 'Launch', handler: 2 }]);
    const [launch] = entryPoints();
    const done = await deploy({ DISCORD_GUILD_ID: guild.id });
    expect(done.output).toContain('Deployed the Activity\'s Entry Point command globally.');
    expect(done.code).toBe(0);
    expect(fake.commands(guild.id).map((c) => c.name)).toEqual(['siege']);
    expect(entryPoints()).toEqual([expect.objectContaining({ id: launch!.id, name: 'launch', handler: 2, description: 'Play Siege on the board, right here in Discord' })]);
    expect(fake.violations).toEqual([]);
  }, 60_000);

  it('a global deploy writes /siege and the Entry Point command together, which Discord requires of an app that has one', async () => {
    const done = await deploy({});
    expect(done.code).toBe(0);
    expect(fake.commands().map((c) => `${c.type}:${c.name}`).sort()).toEqual(['1:siege', '4:launch']);
    expect(entryPoints()).toHaveLength(1);
    expect(fake.violations).toEqual([]);
  }, 60_000);
});
