/// <reference lib="dom" />
// The Activity in Chromium (README, "Activity"): a page standing in for Discord's client, at
// https://discord.com (served by the test), frames /activity with the query Discord gives an
// Activity, and answers the Embedded App SDK's postMessage protocol as the client does (read from
// the SDK's own source, node_modules/@discord/embedded-app-sdk/output/Discord.mjs): the handshake,
// the READY dispatch, AUTHORIZE with a code from the fake Discord's OAuth2, AUTHENTICATE with the
// token the bot exchanged it for. The member then plays a move by clicking on the board inside the
// frame, and the game's Discord thread gets the new board; the other player's answer shows in the
// frame by itself (the watch page's event stream). No console error, no failed request.
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Frame, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config/env.js';
import { acceptedChallenge } from '../helpers/play.js';
import { startScene, waitForBoard, type Scene } from '../helpers/scene.js';

// Chromium's Local Network Access checks stop a public page (the stand-in for discord.com) from
// framing this loopback server; Discord's real client frames a public https address instead.
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessForNavigations'];
const DISCORD = 'https://discord.com';
const OUT = 'test/.out/activity';

/**
 * The parent side of the SDK's protocol: opcodes 0 HANDSHAKE, 1 FRAME, 2 CLOSE; a command is a
 * FRAME { cmd, args, nonce } answered by a FRAME { cmd, evt: null, nonce, data }; READY is a FRAME
 * { cmd: 'DISPATCH', evt: 'READY', data } sent after the handshake. Every message is kept in
 * `window.sdkLog` for the test to read; `grantCode` is the test's, exposed to this page.
 */
const CLIENT_PAGE = (src: string, user: { id: string; username: string }, appId: string) => `<!doctype html>
<html><head><title>Discord</title></head><body style="margin:0">
<iframe id="activity" src="${src}" style="width:100vw;height:100vh;border:0;display:block" allow="autoplay"></iframe>
<script>
  window.sdkLog = [];
  const frame = document.getElementById('activity');
  const user = ${JSON.stringify({ ...user, discriminator: '0', public_flags: 0, global_name: null })};
  const send = (payload) => frame.contentWindow.postMessage([1, payload], '*');
  window.addEventListener('message', async (e) => {
    if (e.source !== frame.contentWindow || !Array.isArray(e.data)) return;
    const [op, data] = e.data;
    window.sdkLog.push({ op, data, origin: e.origin });
    if (op === 0) {
      send({ cmd: 'DISPATCH', evt: 'READY', nonce: null, data: { v: 1, config: { cdn_host: 'cdn.discordapp.com', api_endpoint: '//discord.com/api', environment: 'production' }, user } });
    } else if (op === 1 && data.cmd === 'AUTHORIZE') {
      const code = await window.grantCode(data.args);
      send({ cmd: 'AUTHORIZE', evt: null, nonce: data.nonce, data: { code } });
    } else if (op === 1 && data.cmd === 'AUTHENTICATE') {
      send({ cmd: 'AUTHENTICATE', evt: null, nonce: data.nonce, data: { access_token: data.args.access_token, user, scopes: ['identify'], expires: new Date(Date.now() + 604800000).toISOString(), application: { id: ${JSON.stringify(appId)}, name: 'Siege', description: '' } } });
    } else if (op === 1) {
      send({ cmd: data.cmd, evt: 'ERROR', nonce: data.nonce, data: { code: 1000, message: 'not answered by the test client: ' + data.cmd } });
    }
  });
</script></body></html>`;

describe('the Activity inside a stand-in for Discord\'s client', () => {
  let scene: Scene;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    const extra: Partial<Config> = { httpPort: 0, publicUrl: 'https://siege.example', activity: true };
    scene = await startScene(extra, {
      aroundStart: async (fake, start) => {
        // The application has Activities enabled (Developer Portal → Activities), as ACTIVITY=on asks.
        Object.assign(fake.options, { activity: true });
        Object.assign(extra, { discordClientId: fake.applicationId, discordClientSecret: fake.oauth.clientSecret });
        return start();
      },
    });
    base = scene.app.httpUrl!;
    mkdirSync(OUT, { recursive: true });
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  });
  afterAll(async () => {
    await browser?.close();
    await scene?.stop();
  });

  async function clientPage(threadId: string, userId: string, viewport = { width: 1100, height: 800 }, platform = 'desktop'): Promise<{ page: Page; problems: string[]; authorized: unknown[] }> {
    const page = await browser.newPage({ viewport });
    const problems: string[] = [];
    const authorized: unknown[] = [];
    page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('requestfailed', (r) => { if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`); });
    page.on('response', (r) => { if (r.status() >= 400) problems.push(`${r.status()}: ${r.url()}`); });
    await page.exposeFunction('grantCode', (args: unknown) => {
      authorized.push(args);
      return scene.fake.oauth.grant({ userId });
    });
    const query = new URLSearchParams({ frame_id: 'frame-1', instance_id: 'i-1', platform, guild_id: scene.guild.id, channel_id: threadId });
    const user = { id: userId, username: 'member' };
    await page.route(`${DISCORD}/**`, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: CLIENT_PAGE(`${base}/activity?${query.toString()}`, user, scene.fake.applicationId) }));
    await page.goto(`${DISCORD}/channels/${scene.guild.id}/${threadId}`);
    return { page, problems, authorized };
  }

  const activityFrame = async (page: Page): Promise<Frame> => {
    await page.waitForFunction(() => document.querySelector('iframe')?.contentWindow !== null);
    for (;;) {
      const frame = page.frames().find((f) => f.url().includes('/activity?'));
      if (frame) return frame;
      await page.waitForEvent('framenavigated');
    }
  };

  let gameThread = '';

  it('given a member of the thread, the SDK signs them in and a move clicked on the board reaches the game\'s thread', async () => {
    const { fake, alice } = scene;
    const { threadId } = await acceptedChallenge(scene, { game: 'siege-master', map: 'europe' });
    gameThread = threadId;
    const { page, problems, authorized } = await clientPage(threadId, alice.id);
    const frame = await activityFrame(page);

    // Signed in: alice plays Red, and the board's start cells are hers to click.
    await frame.waitForSelector('svg.touch a[data-choice]', { timeout: 60_000 });
    expect(await frame.textContent('.activity-who')).toMatch(/you play Red/);
    // Her board is her seat's image, fetched with her session and shown from memory.
    await frame.waitForFunction(() => { const img = document.querySelector<HTMLImageElement>('#game .board img'); return !!img && img.src.startsWith('blob:') && img.complete && img.naturalWidth > 0; });
    const log = (await page.evaluate(() => (window as unknown as { sdkLog: { op: number; data: Record<string, unknown>; origin: string }[] }).sdkLog));
    expect(log[0]).toMatchObject({ op: 0, data: { v: 1, encoding: 'json', client_id: fake.applicationId, frame_id: 'frame-1' }, origin: new URL(base).origin });
    expect(authorized).toEqual([expect.objectContaining({ client_id: fake.applicationId, response_type: 'code', scope: ['identify'], prompt: 'none' })]);
    const authenticate = log.find((m) => m.op === 1 && m.data.cmd === 'AUTHENTICATE');
    const token = (authenticate?.data.args as { access_token: string }).access_token;
    expect(fake.oauth.tokens.get(token)?.userId).toBe(alice.id);

    await page.screenshot({ path: `${OUT}/activity-start.png` });
    // A start cell, then a placement through it: the move is played.
    await frame.locator('svg.touch a[data-choice]').first().click();
    await frame.waitForSelector('svg.touch a[data-completes]');
    await page.screenshot({ path: `${OUT}/activity-placement.png` });
    await frame.locator('svg.touch a[data-completes]').first().click();
    const board = await waitForBoard(fake, threadId, 1, 30_000);
    expect(fake.notifiedUserIds(board)).toEqual([scene.bob.id]);
    // The frame shows the game as it now stands: Blue to move, nothing left for alice to click.
    await frame.waitForFunction(() => document.querySelector('#game')?.getAttribute('data-version') === '1');
    expect(await frame.locator('svg.touch a').count()).toBe(0);
    expect(await frame.locator('.activity-status').isHidden()).toBe(true);
    await page.screenshot({ path: `${OUT}/activity-played.png` });

    // Bob answers from elsewhere (his own sign-in, his first offered move): alice's frame follows
    // on the watch page's event stream, and the board is hers to click again.
    const signedIn = await fetch(`${base}/activity/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: fake.oauth.grant({ userId: scene.bob.id }) }) });
    const bob = { authorization: `Bearer ${((await signedIn.json()) as { session: string }).session}`, accept: 'application/json' };
    let path = '';
    for (;;) {
      const part = (await (await fetch(`${base}/activity/game?channel=${threadId}&path=${encodeURIComponent(path)}`, { headers: bob })).json()) as { html: string; move: string };
      const next = /data-path="([^"]+)"( data-completes="")?/.exec(part.html)!;
      path = next[1]!;
      if (!next[2]) continue;
      const played = await fetch(`${base}${part.move}`, { method: 'POST', headers: { ...bob, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ version: '1', path }).toString() });
      expect(played.status).toBe(200);
      break;
    }
    await frame.waitForFunction(() => document.querySelector('#game')?.getAttribute('data-version') === '2');
    await frame.waitForSelector('svg.touch a[data-choice]');
    expect(problems).toEqual([]);
    expect(fake.violations).toEqual([]);
    await page.close();
  });

  it('given a bystander on a phone, the frame shows the game to watch, live, and nothing is wider than the screen', async () => {
    const { page, problems } = await clientPage(gameThread, scene.carol.id, { width: 390, height: 844 }, 'mobile');
    const frame = await activityFrame(page);
    await frame.waitForSelector('#game .activity-who', { timeout: 60_000 });
    expect(await frame.textContent('.activity-who')).toMatch(/you are watching this game/);
    expect(await frame.locator('svg.touch a, .your-move').count()).toBe(0);
    await frame.waitForFunction(() => { const img = document.querySelector<HTMLImageElement>('#game .board img'); return !!img && img.complete && img.naturalWidth > 0; });
    const widths = await frame.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
    expect(widths.page).toBeLessThanOrEqual(widths.screen);
    await page.screenshot({ path: `${OUT}/activity-watching-phone.png` });
    expect(problems).toEqual([]);
    await page.close();
  });
});
