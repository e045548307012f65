/// <reference lib="dom" />
// The web front in a real browser (Debian's Chromium, driven by playwright-core): local play of
// Two Deck Siege and of Siege Master against the easy AI, to their end, by clicking; a watch
// page that shows a move made on Discord without a reload; stepping through a finished game with
// the keys and the stepper. No page logs an error, no request fails. Screenshots of each page at
// phone and desktop size go to test/.out/ (docs/images holds the ones the README shows).
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siegeCommands } from '../../commands/index.js';
import { startApp, type RunningApp } from '../../src/app.js';
import { createLogger } from '../../src/config/logger.js';
import { createRenderPool } from '../../src/render/pool.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { acceptedChallenge, chooser, playTurnWithComponents } from '../helpers/play.js';
import { resignByComponents } from '../helpers/languages.js';
import { fixedSeeds } from '../helpers/seeds.js';
import { startScene, testConfig, type Scene } from '../helpers/scene.js';

const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const OUT = 'test/.out/web';

let browser: Browser;
const render = createRenderPool({ size: 1 });

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
});
afterAll(async () => {
  await browser?.close();
  await render.close();
});

/** A page that records every console error and every failed or refused request (`locale`: the browser's language). */
async function watchedPage(size = DESKTOP, locale?: string): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: size, ...(locale ? { locale } : {}) });
  const problems: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => {
    // A request the page itself gave up on as it moved on (its event stream, a board still loading
    // when the AI's move reloaded the page) is no failure; an answer with an error status is.
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`${r.status()}: ${r.url()}`); });
  return { page, problems };
}

/**
 * Screenshots at phone and desktop size, once every image on the page has loaded and drawn; at
 * each size nothing may be wider than the screen (a long German word, a long button).
 */
async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete && img.naturalWidth > 0), undefined, { timeout: 30_000 });
  for (const [label, size] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${OUT}/${name}-${label}.png` });
    const overflow = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      // A dense board is drawn wider than a phone's screen and pans within its own box (.pan).
      const wide = Array.from(document.querySelectorAll('body *')).filter((e) => (!e.closest('.pan') || e.classList.contains('pan')) && e.getBoundingClientRect().right > width + 1);
      return wide.slice(0, 5).map((e) => `${e.tagName.toLowerCase()}.${e.className}: ${(e.textContent ?? '').trim().slice(0, 40)}`);
    });
    expect(overflow, `${name} at ${label} size`).toEqual([]);
  }
}

describe('local play in the browser', () => {
  let database: TestDatabase;
  let app: RunningApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = { ...testConfig({ botToken: 'unused', apiUrl: 'http://127.0.0.1:1' } as never, database.url, { httpPort: 0 }), discordToken: null };
    app = await startApp(config, { commands: siegeCommands, log: createLogger('warn', () => {}), newSeed: fixedSeeds('browser'), render });
    await app.ready;
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  /** Plays the game on the page to its end: the first choice at every step, a card's end turn first. */
  async function playToTheEnd(page: Page, prefer: RegExp | null, maxClicks: number): Promise<void> {
    for (let click = 0; click < maxClicks; click++) {
      await page.waitForSelector('.your-move', { timeout: 60_000 });
      if (await page.locator('.status .result').count()) return;
      if (await page.locator('.your-move .thinking').count()) {
        // The AI moves by itself; the page follows without a reload by the player.
        await page.waitForSelector('.your-move h2, .status .result', { timeout: 60_000 });
        continue;
      }
      const done = page.locator('.your-move button.choice.completes');
      const steps = page.locator('.your-move a.choice');
      const preferred = prefer ? done.filter({ hasText: prefer }) : null;
      const target = preferred && (await preferred.count()) ? preferred.first() : (await done.count()) ? done.first() : steps.first();
      await Promise.all([page.waitForLoadState('load'), target.click()]);
    }
    throw new Error('the game did not end');
  }

  it('a Two Deck Siege game, by clicking, to its end', async () => {
    const { page, problems } = await watchedPage(DESKTOP);
    await page.goto(app.httpUrl!);
    await shoot(page, 'local-home');
    await page.locator('form.new-game').filter({ hasText: 'Two Deck Siege' }).getByRole('button').click();
    await page.waitForSelector('.your-move h2');
    await shoot(page, 'local-play');
    await playToTheEnd(page, /End turn/, 400);
    expect(await page.locator('.status .result').innerText()).toMatch(/You (won|lost)/);
    await shoot(page, 'local-finished');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('in German: the home page, a Two Deck Siege game a few moves in, and the language picker', async () => {
    const { page, problems } = await watchedPage(PHONE, 'de-DE');
    await page.goto(app.httpUrl!);
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    expect(await page.locator('h1').innerText()).toBe('Lokal spielen');
    await shoot(page, 'local-home-de');
    await page.locator('form.new-game').filter({ hasText: 'Zwei-Stapel-Belagerung' }).getByRole('button', { name: 'Solospiel starten' }).click();
    await page.waitForSelector('.your-move h2');
    for (let click = 0; click < 4; click++) {
      const step = page.locator('.your-move a.choice, .your-move button.choice.completes').first();
      await Promise.all([page.waitForLoadState('load'), step.click()]);
      await page.waitForSelector('.your-move h2');
    }
    expect(await page.locator('.status .turn').innerText()).toBe('Du bist am Zug');
    await shoot(page, 'local-play-de');

    // Another language, picked on the page, stays picked on the pages after it.
    await page.setViewportSize(PHONE);
    await page.locator('details.lang summary').click();
    await page.screenshot({ path: `${OUT}/language-menu-de-phone.png` });
    await Promise.all([page.waitForURL(/[?&]lang=fr/), page.locator('details.lang a[hreflang="fr"]').click()]);
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    expect(await page.locator('.status .turn').innerText()).toBe('À vous de jouer');
    await Promise.all([page.waitForLoadState('load'), page.locator('a.home').click()]);
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    expect(await page.locator('h1').innerText()).toBe('Jeu en local');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a Siege Master game against the easy AI, by clicking, to its end', async () => {
    const { page, problems } = await watchedPage(PHONE);
    await page.goto(app.httpUrl!);
    const form = page.locator('form.new-game').filter({ hasText: 'Siege Master' });
    await form.locator('select[name="ai"]').selectOption('easy');
    await form.locator('select[name="opt.map"]').selectOption('europe');
    await form.getByRole('button').click();
    await page.waitForSelector('.your-move h2');
    await playToTheEnd(page, null, 400);
    expect(await page.locator('.status .result').isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('the watch page in the browser', () => {
  let scene: Scene;

  beforeAll(async () => {
    scene = await startScene({ httpPort: 0, publicUrl: 'https://siege.example' }, { render });
  });
  afterAll(async () => {
    await scene?.stop();
  });

  it('shows a move made on Discord without a reload, and steps through the game with the keys', async () => {
    const { threadId } = await acceptedChallenge(scene, { game: 'siege-master', map: 'africa' });
    const game = (await scene.database.db.game.findFirst({ where: { threadId } }))!;
    const { page, problems } = await watchedPage(DESKTOP);
    await page.goto(`${scene.app.httpUrl}/g/${game.watchToken}`);
    await page.evaluate(() => { (window as unknown as { stays: boolean }).stays = true; });
    await page.waitForFunction(() => document.querySelector('#game')?.getAttribute('data-version') === '0');
    const listening = scene.app.web.publisher.listening;
    expect(listening).toBeGreaterThan(0);
    const pick = chooser(11);
    await playTurnWithComponents(scene.fake, threadId, game.toActUserIds[0]!, pick);
    await page.waitForFunction(() => document.querySelector('#game')?.getAttribute('data-version') === '1', undefined, { timeout: 10_000 });
    expect(await page.evaluate(() => (window as unknown as { stays?: boolean }).stays)).toBe(true);
    expect(await page.locator('.moves li').count()).toBe(1);
    await shoot(page, 'watch');

    for (let n = 0; n < 3; n++) {
      const board = await scene.database.db.game.findUnique({ where: { id: game.id } });
      await playTurnWithComponents(scene.fake, threadId, board!.toActUserIds[0]!, pick);
    }
    await page.waitForFunction(() => document.querySelector('#game')?.getAttribute('data-last') === '4', undefined, { timeout: 10_000 });
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => document.querySelector('#game')?.getAttribute('data-move') === '3');
    expect(page.url()).toMatch(/\?move=3$/);
    await page.keyboard.press('Home');
    await page.waitForFunction(() => document.querySelector('#game')?.getAttribute('data-move') === '0');
    await page.locator('a.step[aria-label="Next move"]').click();
    await page.waitForFunction(() => document.querySelector('#game')?.getAttribute('data-move') === '1');
    expect(await page.locator('.stepper .where').innerText()).toBe('Move 1 of 4');
    await page.keyboard.press('End');
    await page.waitForFunction(() => document.querySelector('#game')?.getAttribute('data-move') === '4');
    expect(page.url()).not.toContain('?move=');
    await page.goto(`${scene.app.httpUrl}/g/${game.watchToken}?move=2`);
    expect(await page.locator('.stepper .where').innerText()).toBe('Move 2 of 4');
    await shoot(page, 'watch-review');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows a resignation on Discord as the result without a reload, then steps through the finished game and offers its replay', async () => {
    const { threadId } = await acceptedChallenge(scene, { game: 'siege-master', map: 'africa' });
    const game = (await scene.database.db.game.findFirst({ where: { threadId } }))!;
    const pick = chooser(23);
    for (let n = 0; n < 3; n++) {
      const now = await scene.database.db.game.findUnique({ where: { id: game.id } });
      await playTurnWithComponents(scene.fake, threadId, now!.toActUserIds[0]!, pick);
    }
    const { page, problems } = await watchedPage(DESKTOP);
    await page.goto(`${scene.app.httpUrl}/g/${game.watchToken}`);
    await page.waitForFunction(() => document.querySelector('#game')?.getAttribute('data-last') === '3');
    expect(await page.locator('.status .result').count()).toBe(0);
    const now = await scene.database.db.game.findUnique({ where: { id: game.id } });
    await resignByComponents(scene, threadId, now!.toActUserIds[0]!);
    // The result arrives on the open page: a resignation is a new version, not a move.
    await page.locator('.status .result').waitFor({ timeout: 10_000 });
    expect(await page.locator('.status .result').innerText()).toMatch(/resign/i);
    expect(await page.locator('.clock').count()).toBe(0);
    await page.locator('.replay a').waitFor();

    await page.keyboard.press('Home');
    await page.waitForFunction(() => document.querySelector('#game')?.getAttribute('data-move') === '0');
    expect(await page.locator('.stepper .where').innerText()).toBe('Move 0 of 3');
    for (const move of ['1', '2', '3']) {
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction((m) => document.querySelector('#game')?.getAttribute('data-move') === m, move);
    }
    expect(await page.locator('.stepper .where').innerText()).toBe('Move 3');
    await page.locator('a.step[aria-label="Previous move"]').click();
    await page.waitForFunction(() => document.querySelector('#game')?.getAttribute('data-move') === '2');
    expect(page.url()).toMatch(/\?move=2$/);
    // Beyond the last move there is nowhere to go: the stepper's ends are not links.
    await page.locator('a.step[aria-label="Current position"]').click();
    await page.waitForFunction(() => document.querySelector('#game')?.getAttribute('data-move') === '3');
    expect(await page.locator('a.step[aria-label="Next move"]').count()).toBe(0);
    expect(await page.locator('.status .result').innerText()).toMatch(/resign/i);
    await shoot(page, 'watch-finished');
    // The replay link serves the animated file.
    const replay = await page.locator('.replay a').getAttribute('href');
    const answer = await page.request.get(new URL(replay!, page.url()).toString());
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^image\//);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('in German: the page, its stepper, its moves and its clock, live and stepped through', async () => {
    const { threadId } = await acceptedChallenge(scene, { game: 'siege-master', map: 'europe' });
    const game = (await scene.database.db.game.findFirst({ where: { threadId } }))!;
    const pick = chooser(5);
    for (let n = 0; n < 3; n++) {
      const now = await scene.database.db.game.findUnique({ where: { id: game.id } });
      await playTurnWithComponents(scene.fake, threadId, now!.toActUserIds[0]!, pick);
    }
    const { page, problems } = await watchedPage(PHONE, 'de-DE');
    await page.goto(`${scene.app.httpUrl}/g/${game.watchToken}`);
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    expect(await page.locator('.stepper .where').innerText()).toBe('Zug 3');
    expect(await page.locator('.status .turn').innerText()).toMatch(/^(Rot|Blau) \(.+\) ist am Zug$/);
    // The clock, as the reader's browser says it in German: a date, and how far off it is.
    expect(await page.locator('.clock').innerText()).toMatch(/^Zug bis .+ \(in (3 Tagen|\d+ Stunden)\)$/);
    expect(await page.locator('.moves li').first().innerText()).toMatch(/^1\. (Rot|Blau) \(.+\): (Rot|Blau) hat eine Armee auf /);
    await shoot(page, 'watch-de');
    await page.locator('a.step[aria-label="Vorheriger Zug"]').click();
    await page.waitForFunction(() => document.querySelector('#game')?.getAttribute('data-move') === '2');
    expect(await page.locator('.stepper .where').innerText()).toBe('Zug 2 von 3');
    expect(await page.locator('.review-note').innerText()).toContain('Du siehst dir den Stand nach Zug 2 an.');
    await shoot(page, 'watch-review-de');
    expect(problems).toEqual([]);
    await page.close();
  });
});
