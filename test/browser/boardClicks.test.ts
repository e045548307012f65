/// <reference lib="dom" />
// Playing on the board itself (local play, Chromium): every choice the board can place is a
// link over the board's image, with the choice's key (data-choice), a name, and a size a finger
// can hit on a phone. Siege Master against the easy AI to its end by clicking only on the board;
// a few moves by the keyboard alone (Tab to the board, the arrow keys, Enter). No console error,
// no failed request, nothing wider than the screen; screenshots of the touchable boards go to
// test/.out/board (docs/images holds the ones the README shows).
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siegeCommands } from '../../commands/index.js';
import { startApp, type RunningApp } from '../../src/app.js';
import { createLogger } from '../../src/config/logger.js';
import { createRenderPool } from '../../src/render/pool.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { fixedSeeds } from '../helpers/seeds.js';
import { testConfig } from '../helpers/scene.js';

const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const OUT = 'test/.out/board';
const TARGETS = 'svg.touch a[data-choice]';

let browser: Browser;
let database: TestDatabase;
let app: RunningApp;
const render = createRenderPool({ size: 1 });

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  database = await createTestDatabase();
  const config = { ...testConfig({ botToken: 'unused', apiUrl: 'http://127.0.0.1:1' } as never, database.url, { httpPort: 0 }), discordToken: null };
  app = await startApp(config, { commands: siegeCommands, log: createLogger('warn', () => {}), newSeed: fixedSeeds('board-clicks'), render });
  await app.ready;
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await database?.drop();
  await render.close();
});

/** A page that records every console error and every failed or refused request. */
async function watchedPage(size: { width: number; height: number }, context: { locale?: string; javaScriptEnabled?: boolean } = {}): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: size, ...context });
  const problems: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => { if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`); });
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`${r.status()}: ${r.url()}`); });
  return { page, problems };
}

/** A new local game of `title` from the home page; `options`: its selects by name. */
async function newGame(page: Page, title: string, options: Record<string, string> = {}): Promise<void> {
  await page.goto(app.httpUrl!);
  const form = page.locator('form.new-game').filter({ has: page.locator('h3', { hasText: new RegExp(`^${title}$`) }) });
  for (const [name, value] of Object.entries(options)) await form.locator(`select[name="${name}"]`).selectOption(value);
  await Promise.all([page.waitForEvent('load'), form.getByRole('button').click()]);
}

/** The player's turn has come (or the game is over): the AI's moves come by themselves. */
async function myTurn(page: Page): Promise<'turn' | 'over'> {
  await page.waitForSelector('.status .result, .your-move h2', { timeout: 120_000 });
  return (await page.locator('.status .result').count()) ? 'over' : 'turn';
}

/** Every target on the board: a choice key, a name, at least 24 CSS px across on this screen. */
async function checkTargets(page: Page): Promise<void> {
  const targets = await page.locator(TARGETS).evaluateAll((all) =>
    all.map((a) => {
      const hit = a.querySelector('.hit')!.getBoundingClientRect();
      return { choice: a.getAttribute('data-choice'), name: a.getAttribute('aria-label'), size: Math.min(hit.width, hit.height) };
    }),
  );
  expect(targets.length).toBeGreaterThan(0);
  for (const t of targets) {
    expect(t.choice).toMatch(/\S/);
    expect(t.name).toMatch(/\S/);
    expect(t.size, `${t.choice} on the screen`).toBeGreaterThanOrEqual(24);
  }
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

/** Clicks a target on the board and waits for the page it leads to. */
async function clickOnBoard(page: Page, index = 0): Promise<void> {
  const target = page.locator(TARGETS).nth(index);
  await Promise.all([page.waitForEvent('load'), target.click()]);
}

/** Tabs to the board's first target, goes to the next with an arrow key, and plays it with Enter. */
async function keyOnBoard(page: Page): Promise<void> {
  await page.locator('body').focus();
  for (let press = 0; press < 60; press++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => !!document.activeElement?.closest('svg.touch'))) break;
  }
  const count = await page.locator(TARGETS).count();
  const first = await page.evaluate(() => document.activeElement?.getAttribute('data-choice'));
  expect(first, 'Tab reaches the board').toBe(await page.locator(TARGETS).first().getAttribute('data-choice'));
  if (count > 1) {
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-choice'))).toBe(await page.locator(TARGETS).nth(1).getAttribute('data-choice'));
  }
  await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
}

/** Screenshots of the board at phone and desktop size, each checked to fit, once the image is drawn. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete && img.naturalWidth > 0), undefined, { timeout: 30_000 });
  for (const [label, size] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    await page.setViewportSize(size);
    await checkTargets(page);
    await fitsTheScreen(page, `${name} at ${label} size`);
    await page.screenshot({ path: `${OUT}/${name}-${label}.png` });
  }
}

/** The game's version, on the page. */
const versionOf = async (page: Page) => Number(await page.locator('#game').getAttribute('data-version'));

/**
 * Makes `moves` moves by the board (`by`: a click, or the keys): each step's choice on the board,
 * the first one, or (where a step has none there: done, a count) the list's first button. Only
 * moves whose last step was on the board count.
 */
async function movesOnBoard(page: Page, moves: number, by: 'click' | 'keys', shootAs?: string): Promise<void> {
  let made = 0;
  let shot = !shootAs;
  for (let step = 0; made < moves; step++) {
    expect(step, 'the moves are made').toBeLessThan(40 * moves);
    if ((await myTurn(page)) === 'over') throw new Error(`the game ended after ${made} moves on the board: ${await page.locator('.status').innerText()} / ${await page.locator('.moves').innerText()}`);
    const before = await versionOf(page);
    const onBoard = (await page.locator(TARGETS).count()) > 0;
    if (onBoard) {
      if (!shot) {
        const size = page.viewportSize()!;
        await shoot(page, shootAs!);
        await page.setViewportSize(size);
        shot = true;
      }
      await checkTargets(page);
      const completes = (await page.locator(TARGETS).first().getAttribute('data-completes')) !== null;
      if (by === 'click') await clickOnBoard(page);
      else await keyOnBoard(page);
      if (completes) {
        await myTurn(page);
        expect(await versionOf(page)).toBeGreaterThan(before);
        made++;
      }
    } else {
      const button = page.locator('.your-move .choice').first();
      await Promise.all([page.waitForEvent('load'), button.click()]);
    }
  }
}

describe('the touchable board', () => {
  it('Siege Master against the easy AI, to its end, by clicking only on the board', async () => {
    const { page, problems } = await watchedPage(PHONE);
    await newGame(page, 'Siege Master', { ai: 'easy', 'opt.map': 'north-america' });
    await shoot(page, 'siege-master-start');
    let shotStep = false;
    for (let click = 0; ; click++) {
      expect(click, 'the game ends').toBeLessThan(300);
      if ((await myTurn(page)) === 'over') break;
      await checkTargets(page);
      const list = await page.locator('.your-move .choice').count();
      expect(await page.locator(TARGETS).count(), 'every choice is on the board').toBe(list);
      if (!shotStep && (await page.locator(`${TARGETS}[data-completes]`).count())) {
        await shoot(page, 'siege-master-direction');
        await page.setViewportSize(PHONE);
        shotStep = true;
      }
      await clickOnBoard(page);
    }
    expect(await page.locator('.status .result').isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('Dice Realms: three moves by clicking on the board, three by the keyboard', async () => {
    const { page, problems } = await watchedPage(PHONE);
    await newGame(page, 'Dice Realms', { ai: 'easy' });
    await shoot(page, 'dice-realms');
    await page.setViewportSize(PHONE);
    await movesOnBoard(page, 3, 'click');
    await page.setViewportSize(DESKTOP);
    await movesOnBoard(page, 3, 'keys');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('Two Deck Siege: three moves by clicking on the board, three by the keyboard', async () => {
    const { page, problems } = await watchedPage(PHONE);
    await newGame(page, 'Two Deck Siege');
    await shoot(page, 'two-deck-siege');
    await page.setViewportSize(PHONE);
    await movesOnBoard(page, 3, 'click');
    await page.setViewportSize(DESKTOP);
    await movesOnBoard(page, 3, 'keys');
    await shoot(page, 'two-deck-siege-later');
    expect(problems).toEqual([]);
    await page.close();
  });

  for (const [title, name] of [
    ['Kingdoms Siege Mode', 'kingdoms-siege'],
    ['Kingdoms Solo Variant', 'kingdoms-solo'],
  ] as const) {
    it(`${title}: three moves by clicking on the board, three by the keyboard`, async () => {
      const { page, problems } = await watchedPage(PHONE);
      await newGame(page, title);
      await movesOnBoard(page, 3, 'click', name);
      // A siege of one round may end before six moves: the keys play a game of their own.
      await page.setViewportSize(DESKTOP);
      await newGame(page, title);
      await movesOnBoard(page, 3, 'keys');
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  it('Siege Master by the keyboard alone', async () => {
    const { page, problems } = await watchedPage(DESKTOP);
    await newGame(page, 'Siege Master', { ai: 'easy', 'opt.map': 'europe' });
    const version = async () => Number(await page.locator('#game').getAttribute('data-version'));
    for (let move = 0; move < 3; move++) {
      expect(await myTurn(page)).toBe('turn');
      const before = await version();
      await keyOnBoard(page);
      if (await page.locator(`${TARGETS}[data-completes]`).count()) await keyOnBoard(page);
      await myTurn(page);
      expect(await version()).toBeGreaterThan(before);
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it('without script: a move chosen on the board is asked once more, then played', async () => {
    const { page, problems } = await watchedPage(DESKTOP, { javaScriptEnabled: false });
    await newGame(page, 'Siege Master', { ai: 'easy', 'opt.map': 'africa' });
    const before = await versionOf(page);
    await clickOnBoard(page);
    const move = page.locator(`${TARGETS}[data-completes]`).first();
    const path = await move.getAttribute('data-path');
    await Promise.all([page.waitForEvent('load'), move.click()]);
    const confirm = page.locator('.your-move button.completes');
    expect(await confirm.getAttribute('value')).toBe(path);
    await Promise.all([page.waitForEvent('load'), confirm.click()]);
    expect(await versionOf(page)).toBeGreaterThan(before);
    expect(await page.locator('.moves li').count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("in German: the board's choices are named and titled in German", async () => {
    const { page, problems } = await watchedPage(PHONE, { locale: 'de-DE' });
    await newGame(page, 'Würfelreiche', { ai: 'easy' });
    const first = page.locator(TARGETS).first();
    const name = await first.getAttribute('aria-label');
    expect(name).toBe(await page.locator('.your-move .choice').first().innerText());
    expect(await first.locator('title').textContent()).toBe(name);
    expect(name).toMatch(/^Höfe \(.+ sammeln: /);
    await shoot(page, 'dice-realms-de');
    expect(problems).toEqual([]);
    await page.close();
  });
});
