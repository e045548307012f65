/// <reference lib="dom" />
// A Discord game played in Chromium (README, "Playing your Discord games in the browser"): the
// real bot against the fake Discord; a member opens the game's watch page, follows "Log in with
// Discord to play" through the fake's OAuth2 page and back, and plays a move by clicking on the
// board (a start cell, then a placement through it); the game's thread gets the new board. No
// console error, no failed request, nothing wider than a phone's screen; screenshots go to
// test/.out/webPlay. Then a game played there by both its members, each in a browser of their
// own: each page offers its seat's choices on its turn only, and nothing while the other plays; a
// form posted from another site's page in the member's browser is refused. And the player's board
// played by the keyboard alone: Tab to a target, Enter.
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
  // A browser of its own (its own cookies), where another site's page can be opened too.
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
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

/** `user`'s own browser (cookies of its own), logged in with Discord on the watch page at `url`. */
async function loggedInPage(user: { id: string; username: string }, url: string): Promise<{ page: Page; problems: string[] }> {
  const watched = await watchedPage();
  await watched.page.goto(url);
  scene.fake.oauth.browserUser = user.id;
  await Promise.all([watched.page.waitForURL(url), watched.page.locator('a.login-link').click()]);
  await expect(watched.page.locator('form.login .who').textContent()).resolves.toBe(`Logged in as ${user.username}`);
  return watched;
}

/** What a page offers to play: the board's targets, the list's choices, the move form. */
async function controls(page: Page): Promise<{ targets: number; choices: number; moveForms: number }> {
  return page.evaluate(() => ({
    targets: document.querySelectorAll('svg.touch a[data-choice]').length,
    choices: document.querySelectorAll('.your-move .choice').length,
    moveForms: document.querySelectorAll('form[action$="/move"]').length,
  }));
}

/**
 * The mover makes one whole move by clicking on the board: at each step the first target a click
 * reaches at a point of its own (a placement's hexes may lie under another's), as a finger would.
 */
async function moveByClicks(page: Page): Promise<void> {
  for (let step = 0; step < 4; step++) {
    await page.locator(TARGETS).first().waitFor();
    const spot = await page.evaluate((selector) => {
      for (const a of Array.from(document.querySelectorAll(selector))) {
        a.scrollIntoView({ block: 'center', inline: 'center' });
        const box = (a.querySelector('.hit') ?? a).getBoundingClientRect();
        for (let i = 1; i < 8; i++) {
          for (let j = 1; j < 8; j++) {
            const x = box.left + (box.width * i) / 8;
            const y = box.top + (box.height * j) / 8;
            if (document.elementFromPoint(x, y)?.closest('a') === a) return { x, y, completes: a.hasAttribute('data-completes') };
          }
        }
      }
      return null;
    }, TARGETS);
    expect(spot, 'a target a click can reach').not.toBeNull();
    await Promise.all([page.waitForEvent('load'), page.mouse.click(spot!.x, spot!.y)]);
    if (spot!.completes) return;
  }
  throw new Error('no step of the move completed it');
}

/** Tabs from the top of the page to the board's first target and plays it with Enter. */
async function moveStepByKeys(page: Page): Promise<void> {
  await page.locator('body').focus();
  for (let press = 0; press < 80; press++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => !!document.activeElement?.closest('svg.touch'))) break;
  }
  const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-choice') ?? null);
  expect(focused, 'Tab reaches the board').toBe(await page.locator(TARGETS).first().getAttribute('data-choice'));
  await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
}

describe('a Discord game played in the browser by both its members', () => {
  it('each logged in, each sees only their own seat\'s controls, on their turn only; the moves appear in the thread; a form from another site is refused', async () => {
    const { fake, alice, bob } = scene;
    const { threadId } = await acceptedChallenge(scene, { game: 'siege-master', map: 'europe' });
    const game = (await scene.database.db.game.findFirst({ where: { threadId } }))!;
    const url = `${scene.app.httpUrl}/g/${game.watchToken}`;
    const red = await loggedInPage(alice, url);
    const blue = await loggedInPage(bob, url);
    await expect(red.page.locator('.your-seat').textContent()).resolves.toBe('You play Red.');
    await expect(blue.page.locator('.your-seat').textContent()).resolves.toBe('You play Blue.');

    const players = [
      { user: alice, page: red.page },
      { user: bob, page: blue.page },
    ];
    for (let move = 0; move < 4; move++) {
      const mover = players[move % 2]!;
      const waiter = players[(move + 1) % 2]!;
      // The mover's page has come to their turn by itself (it follows the game's events).
      await mover.page.waitForSelector(TARGETS);
      const mine = await controls(mover.page);
      expect(mine.targets).toBeGreaterThan(0);
      expect(mine.targets).toBe(mine.choices);
      // The other member's page offers nothing to play, on the board or beside it.
      await waiter.page.waitForSelector('.your-move');
      await expect(waiter.page.locator('.your-move').textContent()).resolves.toContain('Not your turn');
      expect(await controls(waiter.page)).toEqual({ targets: 0, choices: 0, moveForms: 0 });

      await moveByClicks(mover.page);
      const board = await waitForBoard(fake, threadId, move + 1);
      expect(fake.notifiedUserIds(board)).toEqual([waiter.user.id]);
      expect((await scene.database.db.game.findUniqueOrThrow({ where: { id: game.id } })).version).toBe(move + 1);
      // The mover's own page now waits: nothing of the other seat's turn shows there.
      await mover.page.waitForSelector('.your-move');
      await expect(mover.page.locator('.your-move').textContent()).resolves.toContain('Not your turn');
      expect(await controls(mover.page)).toEqual({ targets: 0, choices: 0, moveForms: 0 });
    }

    // Another site's page, opened in Alice's browser on her turn, posts the move form with her
    // token copied from her page: her cookie does not go along, or goes with another origin, and
    // the move is refused; nothing changes.
    await red.page.waitForSelector(TARGETS);
    const csrf = await red.page.locator('input[name="csrf"]').first().getAttribute('value');
    const path = await red.page.locator(`${TARGETS}`).first().getAttribute('data-path');
    expect(csrf).toMatch(/\S/);
    const version = (await scene.database.db.game.findUniqueOrThrow({ where: { id: game.id } })).version;
    const evil = await red.page.context().newPage();
    await evil.route('http://evil.example/', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><form id="f" method="post" action="${url}/move"><input name="version" value="${version}"><input name="path" value="${path}"><input name="csrf" value="${csrf}"></form><script>document.getElementById('f').submit()</script>`,
      }),
    );
    const answer = evil.waitForResponse((r) => r.url() === `${url}/move`);
    await evil.goto('http://evil.example/');
    expect([401, 403]).toContain((await answer).status());
    await evil.close();
    expect((await scene.database.db.game.findUniqueOrThrow({ where: { id: game.id } })).version).toBe(version);

    await fake.settle();
    expect(fake.violations).toEqual([]);
    expect(red.problems).toEqual([]);
    expect(blue.problems).toEqual([]);
    await red.page.close();
    await blue.page.close();
  });
});

describe('the player\'s board on the watch page, by the keyboard alone', () => {
  it('Tab reaches the board\'s first target and Enter plays it, to a whole move', async () => {
    const { fake, bob } = scene;
    const { threadId } = await acceptedChallenge(scene, { game: 'siege-master', map: 'europe' });
    const game = (await scene.database.db.game.findFirst({ where: { threadId } }))!;
    const url = `${scene.app.httpUrl}/g/${game.watchToken}`;
    const { page, problems } = await loggedInPage(scene.alice, url);
    await page.waitForSelector(TARGETS);
    // A start cell, then a placement through it: each reached by Tab and played with Enter.
    for (let step = 0; step < 4; step++) {
      const completes = (await page.locator(TARGETS).first().getAttribute('data-completes')) !== null;
      await moveStepByKeys(page);
      if (completes) break;
    }
    const board = await waitForBoard(fake, threadId, 1);
    expect(fake.notifiedUserIds(board)).toEqual([bob.id]);
    await page.waitForSelector('.your-move');
    await expect(page.locator('.your-move').textContent()).resolves.toContain('Not your turn');
    expect(problems).toEqual([]);
    await page.close();
  });
});
