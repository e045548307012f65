/// <reference lib="dom" />
// A tournament's web page in a real browser (Debian's Chromium, driven by playwright-core): a Swiss
// of eleven members (a long name, a hostile one) over three rounds, shown while its last round is
// played and after it ends. At phone size (390×844) and desktop size (1280×800) nothing is wider
// than the screen (the standings table scrolls in its own box), no page logs an error and no
// request fails; the page open while the last game ends shows the end (the podium, the crosstable)
// without a reload; and without script the page is whole. Screenshots go to test/.out/tournament.
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TournamentView } from '../../src/tournaments/index.js';
import { waitForAsync } from '../helpers/play.js';
import { startScene, type Scene } from '../helpers/scene.js';
import { fixedSeeds } from '../helpers/seeds.js';

const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const OUT = 'test/.out/tournament';
const NAMES = ['Aurelia', 'Bartholomew Longname-Of-The-Northern-Marches', 'Cédric', '<b>hax</b> & co', 'Dagny', 'Eun-ji', 'Fionnuala', 'Gustavo', 'Hélène', 'Ingrid', 'Jun'];

let browser: Browser;
let scene: Scene;
let base: string;
let t: TournamentView;

/** A page that records every console error and every failed or refused request. */
async function watchedPage(size: { width: number; height: number }, javaScriptEnabled = true): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: size, javaScriptEnabled });
  const problems: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => { if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`); });
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`${r.status()}: ${r.url()}`); });
  return { page, problems };
}

/** Elements reaching past the screen's right edge (the standings table's box scrolls, so its insides may). */
async function widerThanScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = Array.from(document.querySelectorAll('body *')).filter((e) => {
      const inBox = e.closest('.table-scroll');
      return (!inBox || inBox === e) && e.getBoundingClientRect().right > width + 1;
    });
    return wide.slice(0, 5).map((e) => `${e.tagName.toLowerCase()}.${e.className}: ${(e.textContent ?? '').trim().slice(0, 40)}`);
  });
}

const db = () => scene.database.db;
const tournaments = () => scene.app.ctx!.tournaments;

/** The round's games, once all are started. */
async function gamesOf(round: number) {
  const boards = () => db().tournamentPairing.count({ where: { tournamentId: t.id, round, colour: 'white' } });
  await waitForAsync(async () => (await boards()) > 0 && (await db().tournamentPairing.count({ where: { tournamentId: t.id, round, colour: 'white', gameId: { not: null } } })) === (await boards()), 60_000, `round ${round}'s games`);
  const rows = await db().tournamentPairing.findMany({ where: { tournamentId: t.id, round, colour: 'white' }, orderBy: { board: 'asc' } });
  return Promise.all(rows.map(async (r) => ({ ...(await db().game.findUnique({ where: { id: r.gameId! } }))!, white: r.userId, black: r.opponentId! })));
}

/** Every game of the round but the first `keep` ends: one player resigns, the first-named on some boards, the other on the rest. */
async function playRound(round: number, keep = 0): Promise<void> {
  const games = await gamesOf(round);
  for (const [i, g] of games.entries()) {
    if (i < keep || g.status !== 'ACTIVE') continue;
    const loser = (i + round) % 3 === 0 ? g.white : g.black;
    expect((await scene.app.ctx!.master.resign(g.id, loser)).ok).toBe(true);
  }
}

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  scene = await startScene({ httpPort: 0 }, { seeds: fixedSeeds('tournament-browser') });
  base = scene.app.httpUrl!;
  const members = NAMES.map((name, i) => {
    const u = scene.fake.addUser({ username: `player${i}` });
    scene.fake.addMember(scene.guild.id, u.id, { nick: name });
    return u;
  });
  const created = await tournaments().create({ guildId: scene.guild.id, channelId: scene.channel.id, organiserId: scene.guild.ownerId, name: 'Autumn Open <i>2026</i>', gameType: 'dice-realms', format: 'swiss', rawOptions: { variant: 'fast' }, clockSeconds: null, rounds: 3 });
  if (!created.ok) throw new Error(created.error.message);
  t = created.value;
  for (const u of members) expect((await tournaments().join(t.id, u.id)).ok).toBe(true);
  expect((await tournaments().start(t.id, { userId: scene.guild.ownerId, mayOrganise: true })).ok).toBe(true);
  await playRound(1);
  await playRound(2);
  // The last round: all but one game end.
  await gamesOf(3);
  await playRound(3, 1);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await scene?.stop();
});

describe('a tournament page in Chromium', () => {
  it('while its last round is played: readable at phone and desktop size, then it shows the end without a reload', async () => {
    for (const [label, size] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      const { page, problems } = await watchedPage(size);
      await page.goto(`${base}/t/${t.webToken}?lang=en-US`);
      await expect.poll(() => page.locator('main#tournament').getAttribute('data-version')).not.toBeNull();
      expect(await page.locator('.t-status .now').textContent()).toMatch(/Round 3 of 3 is being played/);
      expect(await page.locator('table.standings tbody tr').count()).toBe(NAMES.length);
      expect(await page.locator('a.watch').count()).toBeGreaterThan(10);
      // A hostile name is text on the page.
      expect(await page.locator('table.standings').textContent()).toContain('<b>hax</b> & co');
      expect(await page.locator('table.standings b').count()).toBe(0);
      expect(await widerThanScreen(page)).toEqual([]);
      await page.screenshot({ path: `${OUT}/running-${label}.png`, fullPage: true });
      expect(problems).toEqual([]);
      await page.close();
    }

    // Open at phone size while the last game ends: the page turns to the end by itself.
    const { page, problems } = await watchedPage(PHONE);
    await page.goto(`${base}/t/${t.webToken}?lang=en-US`);
    // Whether the stream opens before the last result or after it, the page hears of it: its
    // `hello` says the version, which a page made earlier does not have.
    const before = await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await playRound(3);
    await expect.poll(() => page.locator('.t-status .now').textContent(), { timeout: 60_000 }).toMatch(/The tournament is over/);
    // No reload: what the page kept is still there.
    expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(before);
    await expect.poll(() => page.locator('figure.crosstable img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 30_000 }).toBeGreaterThan(500);
    expect(await page.locator('ol.podium li').count()).toBeGreaterThanOrEqual(1);
    expect(await widerThanScreen(page)).toEqual([]);
    await page.screenshot({ path: `${OUT}/finished-phone.png`, fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('once over: readable at desktop size, and whole without script', async () => {
    const { page, problems } = await watchedPage(DESKTOP);
    await page.goto(`${base}/t/${t.webToken}?lang=de`);
    expect(await page.locator('.t-status .now').textContent()).toMatch(/Das Turnier ist vorbei/);
    await expect.poll(() => page.locator('figure.crosstable img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(500);
    expect(await widerThanScreen(page)).toEqual([]);
    await page.screenshot({ path: `${OUT}/finished-desktop.png`, fullPage: true });
    expect(problems).toEqual([]);
    await page.close();

    const plain = await watchedPage(PHONE, false);
    await plain.page.goto(`${base}/t/${t.webToken}?lang=en-US`);
    expect(await plain.page.locator('table.standings tbody tr').count()).toBe(NAMES.length);
    expect(await plain.page.locator('ol.boards li').count()).toBeGreaterThan(15);
    expect(await widerThanScreen(plain.page)).toEqual([]);
    expect(plain.problems).toEqual([]);
    await plain.page.close();
  });
});
