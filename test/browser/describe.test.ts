/// <reference lib="dom" />
// The web's Describe in a real browser (Debian's Chromium, driven by playwright-core): on a watch
// page and on local play's page, the toggle after the board opens, and the accessibility tree
// (what a screen reader is given) holds the description's table with its column and row headers;
// on a watch page it follows a move made elsewhere without a reload, staying open. No page logs an
// error, and at phone size nothing is wider than the screen (a wide table scrolls in its own box).
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from '../../src/app.js';
import { speaker } from '../../src/i18n/index.js';
import { createRenderPool } from '../../src/render/pool.js';
import { boardDescription } from '../../src/services/boardAlt.js';
import { choicePathOf } from '../../src/services/moveChoices.js';
import { LOCAL_PLAYER, type GameSnapshot } from '../../src/services/types.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { WEB } from '../../src/web/publisher.js';
import { serveSite, startQuietBot, type SiteUnderTest } from '../web/siteHarness.js';

const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

let browser: Browser;
let database: TestDatabase;
let app: RunningApp;
let watchSite: SiteUnderTest;
let localSite: SiteUnderTest;
const render = createRenderPool({ size: 1 });

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  database = await createTestDatabase();
  app = await startQuietBot(database, render, 'describe-browser');
  watchSite = await serveSite(app, { local: false });
  localSite = await serveSite(app, { local: true });
});
afterAll(async () => {
  await browser?.close();
  await watchSite?.stop();
  await localSite?.stop();
  await app?.stop();
  await render.close();
  await database?.drop();
});

/** A page that records every console error and every failed or refused request. */
async function watchedPage(size: { width: number; height: number }): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: size });
  const problems: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => { if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`); });
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`${r.status()}: ${r.url()}`); });
  return { page, problems };
}

/** Elements reaching past the screen's right edge (a table's box scrolls, so its insides may; a panned board too). */
async function widerThanScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = Array.from(document.querySelectorAll('body *')).filter((e) => {
      const inBox = e.closest('.table-scroll, .pan');
      return (!inBox || inBox === e) && e.getBoundingClientRect().right > width + 1;
    });
    return wide.slice(0, 5).map((e) => `${e.tagName.toLowerCase()}.${e.className}: ${(e.textContent ?? '').trim().slice(0, 40)}`);
  });
}

/** The table of part `id` of the game's position, as the describer gives it (in English). */
function tableOf(game: GameSnapshot, id: string, seat?: number) {
  const def = app.web.services.games.defOf(game);
  const said = boardDescription(speaker('en-US'), def, game, { index: game.moveCount, last: game.moveCount, view: def.view(game.state, seat) as object });
  const table = said?.position.parts.find((p) => p.id === id)?.table;
  if (!table) throw new Error(`${game.gameType} has no ${id} table`);
  return table;
}

/** Opens the toggle and checks that the accessibility tree holds the table's caption, column headers and row headers. */
async function expectTableRead(page: Page, table: ReturnType<typeof tableOf>): Promise<void> {
  await page.locator('details.describe > summary').click();
  await expect.poll(() => page.locator('details.describe').getAttribute('open')).not.toBeNull();
  const tree = await page.locator('details table').first().ariaSnapshot();
  expect(tree).toContain(`table "${table.caption}"`);
  for (const column of table.columns.filter(Boolean)) expect(tree).toContain(`columnheader "${column}"`);
  for (const row of table.rows) expect(tree).toContain(`rowheader "${row.header}"`);
}

const serverGame = async (gameType: string) => {
  const started = await app.web.services.games.startGame({ gameType, guildId: 'g1', channelId: 'c', seats: [{ kind: 'human', userId: 'u1' }, { kind: 'human', userId: 'u2' }] });
  if (!started.ok) throw new Error(started.error.message);
  return started.value;
};

describe('Describe in the browser', () => {
  it('a Siege Master watch page: the map table is read with its headers, follows a move made elsewhere while open, and fits a phone', async () => {
    const game = await serverGame('siege-master');
    const { page, problems } = await watchedPage(PHONE);
    await page.goto(`http://127.0.0.1:${watchSite.port}/g/${game.watchToken}?lang=en-US`);
    await expectTableRead(page, tableOf(game, 'map'));
    expect(await page.locator('details.describe h3', { hasText: 'Choices now' }).count()).toBe(1);
    expect(await widerThanScreen(page)).toEqual([]);

    // A move made elsewhere: the page shows it without a reload, the toggle still open, with the new position in it.
    const def = app.web.services.games.defOf(game);
    const seat = def.toAct(game.state)[0]!;
    const move = def.legalMoves(game.state, seat)[0];
    const played = await app.web.master.playMove({
      gameId: game.id,
      actor: { kind: 'user', userId: game.seats[seat]!.kind === 'human' ? (game.seats[seat] as { userId: string }).userId : '' },
      input: { path: choicePathOf(def, game.state, seat, move).map((c) => c.key) },
      expectedVersion: game.version,
      loaded: game,
      source: 'web',
      origin: { front: WEB },
    });
    if (!played.ok) throw new Error(played.error.message);
    await page.waitForFunction((v) => Number(document.getElementById('game')?.dataset.version) > v, game.version, { timeout: 60_000 });
    expect(await page.locator('details.describe').getAttribute('open')).not.toBeNull();
    const after = await app.web.services.games.load(game.id);
    expect(await page.locator('details.describe .describe-body').innerText()).toContain(', move 1.');
    const tree = await page.locator('details table').first().ariaSnapshot();
    expect(tree).toContain(`table "${tableOf(after!, 'map').caption}"`);
    expect(await widerThanScreen(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a Dice Realms watch page: the realms table (each die by each realm), at phone and desktop size', async () => {
    const game = await serverGame('dice-realms');
    const { page, problems } = await watchedPage(DESKTOP);
    await page.goto(`http://127.0.0.1:${watchSite.port}/g/${game.watchToken}?lang=en-US`);
    await expectTableRead(page, tableOf(game, 'realms'));
    expect(await widerThanScreen(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    expect(await widerThanScreen(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('local play\'s page: the toggle holds the table and the player\'s own choices, and stays open after a move', async () => {
    const started = await app.web.services.games.startGame({ gameType: 'two-deck-siege', guildId: null, channelId: 'local', seats: [{ kind: 'human', userId: LOCAL_PLAYER }], front: 'local' });
    if (!started.ok) throw new Error(started.error.message);
    const game = started.value;
    const { page, problems } = await watchedPage(PHONE);
    await page.goto(`http://127.0.0.1:${localSite.port}/play/${game.id}?lang=en-US`);
    await expectTableRead(page, tableOf(game, 'castle', 0));
    expect(await page.locator('details.describe h4', { hasText: 'Your choices' }).count()).toBe(1);
    expect(await widerThanScreen(page)).toEqual([]);
    // A step of the move: the page that follows opens with the toggle as it was left.
    await Promise.all([page.waitForLoadState('load'), page.locator('.your-move a.choice, .your-move button.choice.completes').first().click()]);
    await page.waitForSelector('details.describe[open]');
    expect(problems).toEqual([]);
    await page.close();
  });
});
