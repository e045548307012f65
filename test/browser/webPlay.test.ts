/// <reference lib="dom" />
// A Discord game played in Chromium (README, "Playing your Discord games in the browser"): the
// real bot against the fake Discord; a member opens the game's watch page, follows "Log in with
// Discord to play" through the fake's OAuth2 page and back, and plays a move by clicking on the
// board (a start cell, then a placement through it); the game's thread gets the new board. No
// console error, no failed request, nothing wider than a phone's screen; screenshots go to
// test/.out/webPlay.
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config/env.js';
import { acceptedChallenge } from '../helpers/play.js';
import { startScene, waitForBoard, type Scene } from '../helpers/scene.js';

const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PHONE = { width: 390, height: 844 };
const OUT = 'test/.out/webPlay';
const TARGETS = 'svg.touch a[data-choice]';

let browser: Browser;
let scene: Scene;

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  const extra: Partial<Config> = { httpPort: 0 };
  scene = await startScene(extra, {
    aroundStart: async (fake, start) => {
      Object.assign(extra, { discordClientId: fake.applicationId, discordClientSecret: fake.oauth.clientSecret });
      return start();
    },
  });
  scene.fake.oauth.redirectUris = [`${scene.app.httpUrl}/login/callback`];
});
afterAll(async () => {
  await browser?.close();
  await scene?.stop();
});

/** A page that records every console error and every failed or refused request. */
async function watchedPage(): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: PHONE });
  const problems: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => { if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`); });
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`${r.status()}: ${r.url()}`); });
  return { page, problems };
}

/** Nothing is wider than the screen, but for the board that pans within its own box. */
async function fitsTheScreen(page: Page, label: string): Promise<void> {
  const wide = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return Array.from(document.querySelectorAll('body *'))
      .filter((e) => !e.closest('.pan') || e.classList.contains('pan'))
      .filter((e) => e.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}.${e.getAttribute('class')}`);
  });
  expect(wide, label).toEqual([]);
}

describe('a Discord game in the browser', () => {
  it('a member logs in with Discord on the watch page and plays a move by clicking on the board; the thread gets the new board', async () => {
    const { fake, alice, bob } = scene;
    const { threadId } = await acceptedChallenge(scene, { game: 'siege-master', map: 'europe' });
    const game = (await scene.database.db.game.findFirst({ where: { threadId } }))!;
    const { page, problems } = await watchedPage();
    await page.goto(`${scene.app.httpUrl}/g/${game.watchToken}`);
    expect(await page.locator(TARGETS).count()).toBe(0);

    fake.oauth.browserUser = alice.id;
    await Promise.all([page.waitForURL(`${scene.app.httpUrl}/g/${game.watchToken}`), page.getByRole('link', { name: 'Log in with Discord to play' }).click()]);
    await expect(page.locator('form.login .who').textContent()).resolves.toBe('Logged in as alice');
    await expect(page.locator('.your-seat').textContent()).resolves.toBe('You play Red.');
    await page.waitForSelector(TARGETS);
    await fitsTheScreen(page, 'logged in, first step');
    await page.screenshot({ path: `${OUT}/phone-logged-in.png`, fullPage: true });

    // A start cell, then a placement through it: both clicked on the board itself.
    await Promise.all([page.waitForEvent('load'), page.locator(TARGETS).first().click()]);
    const placement = page.locator(`${TARGETS}[data-completes]`).first();
    await placement.waitFor();
    await Promise.all([page.waitForURL(`${scene.app.httpUrl}/g/${game.watchToken}`), page.waitForEvent('load'), placement.click()]);
    await page.waitForSelector('.your-move');
    await expect(page.locator('.your-move').textContent()).resolves.toContain('Not your turn');

    const next = await waitForBoard(fake, threadId, 1);
    expect(fake.notifiedUserIds(next)).toEqual([bob.id]);
    expect((await scene.database.db.game.findUniqueOrThrow({ where: { id: game.id } })).version).toBe(1);
    await fitsTheScreen(page, 'after the move');
    await page.screenshot({ path: `${OUT}/phone-after-move.png`, fullPage: true });

    // Logging out leaves the page watch-only.
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Log out' }).click()]);
    await page.getByRole('link', { name: 'Log in with Discord to play' }).waitFor();
    expect(await page.locator(TARGETS).count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});
