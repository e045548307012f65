// Playing on the board itself (README, "Playing on the board"): the time from the click that
// completes a move on the board to the new board shown in the page, its image loaded. Chromium
// drives the pages as a member does; the bot runs as its own process, as `npm start` runs it:
//   - local play (no Discord token): Siege Master against the easy AI, the player's moves;
//   - a Discord game played from the browser (README, "Playing your Discord games in the
//     browser"): both members logged in with Discord through the fake's OAuth2 pages, each
//     playing their seat from the game's watch page in turn.
// A move is a start cell, then a placement through it: only the placement's click is timed (the
// first one only opens the next step). The time runs from just before the click is sent to the
// page that follows having loaded, every image in it drawn (Chromium's load event, then a check).
//   npx tsx bench/boardClicks.ts [--moves 20]
import { chromium, type Browser, type Page } from 'playwright-core';
import { spawnBot } from '../test/helpers/botProcess.js';
import { startBotScene, userToAct } from './botScene.js';
import { argValue, benchDatabase, benchPostgres, freePort, isMain, sleep, spread, type Log, type Spread } from './common.js';
import { mergeResults } from './results.js';

const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PHONE = { width: 390, height: 844 };
const TARGETS = 'svg.touch a[data-choice]';

export type BoardClicksResult = {
  /** Local play: click → the new board shown. */
  localMs: Spread;
  /** A Discord game from the browser: click → the new board shown. */
  discordMs: Spread;
  /** Requests the pages saw fail or refused, console errors: none expected. */
  problems: string[];
};

/** A page at phone size that records console errors and failed or refused requests. */
async function watchedPage(browser: Browser, problems: string[]): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => { if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`); });
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`${r.status()}: ${r.url()}`); });
  return page;
}

/** Every image of the page loaded and drawn. */
const imagesDrawn = (page: Page) =>
  page.waitForFunction(() => Array.from(document.images).every((img) => img.complete && img.naturalWidth > 0), undefined, { timeout: 30_000 });

/**
 * The first target with a point of its own on the screen, where a click reaches it and no other
 * (a Siege Master placement's hexes may lie under another's), scrolled into view.
 */
async function uncoveredSpot(page: Page): Promise<{ x: number; y: number; completes: boolean }> {
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
  if (!spot) throw new Error('no target on the board can be clicked');
  return spot;
}

/**
 * Clicks the board's first target that a click can reach; when that click completes a move, returns how long the new
 * board took to show (else null: a step that only leads to the next one).
 */
async function clickOnBoard(page: Page): Promise<number | null> {
  await page.locator(TARGETS).first().waitFor({ timeout: 60_000 });
  const spot = await uncoveredSpot(page);
  const t0 = performance.now();
  await Promise.all([page.waitForEvent('load', { timeout: 60_000 }), page.mouse.click(spot.x, spot.y)]);
  await imagesDrawn(page);
  const ms = performance.now() - t0;
  return spot.completes ? ms : null;
}

/** Local play's home page answers (before the bot is ready it says "starting", 503). */
async function untilServing(url: string, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await fetch(url).then((r) => r.ok, () => false);
    if (ok) return;
    await sleep(250);
  }
  throw new Error(`local play at ${url} did not open`);
}

/** Local play: Siege Master against the easy AI, a new game whenever one ends. */
async function localClicks(browser: Browser, moves: number, problems: string[], log: Log): Promise<number[]> {
  const database = await benchDatabase();
  const port = await freePort();
  const bot = spawnBot({ DATABASE_URL: database.url, LOG_LEVEL: 'warn', HTTP_PORT: String(port) });
  const url = `http://127.0.0.1:${port}`;
  const page = await watchedPage(browser, problems);
  const times: number[] = [];
  try {
    await untilServing(url);
    const newGame = async () => {
      await page.goto(url);
      const form = page.locator('form.new-game').filter({ has: page.locator('h3', { hasText: /^Siege Master$/ }) });
      await form.locator('select[name="ai"]').selectOption('easy');
      await form.locator('select[name="opt.map"]').selectOption('europe');
      await Promise.all([page.waitForEvent('load'), form.getByRole('button').click()]);
    };
    await newGame();
    for (let click = 0; times.length < moves; click++) {
      if (click > moves * 10) throw new Error(`local play: ${times.length} moves after ${click} clicks`);
      // The player's turn (the AI's moves come by themselves), or the game's end: then another.
      await page.waitForSelector('.status .result, .your-move h2', { timeout: 120_000 });
      if (await page.locator('.status .result').count()) {
        await newGame();
        continue;
      }
      const before = Number(await page.locator('#game').getAttribute('data-version'));
      const ms = await clickOnBoard(page);
      if (ms === null) continue;
      const after = Number(await page.locator('#game').getAttribute('data-version'));
      if (!(after > before)) throw new Error(`local play: the click did not move (version ${before} → ${after})`);
      times.push(ms);
    }
    log(`local play: ${times.length} moves, click → board ${JSON.stringify(spread(times))}`);
    return times;
  } finally {
    await page.context().close();
    bot.child.kill('SIGTERM');
    await Promise.race([bot.exited(), sleep(20_000)]);
    if (bot.child.exitCode === null) bot.child.kill('SIGKILL');
    await database.drop();
  }
}

/** A Discord game between two members, each logged in on the watch page, each playing their seat there. */
async function discordClicks(browser: Browser, moves: number, problems: string[], log: Log): Promise<number[]> {
  const scene = await startBotScene('siege-master', 'process', (fake) => ({ DISCORD_CLIENT_ID: fake.applicationId, DISCORD_CLIENT_SECRET: fake.oauth.clientSecret }));
  const pages = new Map<string, Page>();
  const times: number[] = [];
  try {
    const { game, snapshot } = await scene.newGame('clicks/1', 0);
    const watch = `${scene.httpUrl}/g/${snapshot.watchToken}`;
    scene.fake.oauth.redirectUris = [`${scene.httpUrl}/login/callback`];
    for (const userId of game.userIds) {
      const page = await watchedPage(browser, problems);
      await page.goto(watch);
      scene.fake.oauth.browserUser = userId;
      await Promise.all([page.waitForURL(watch), page.locator('a.login-link').click()]);
      await page.locator('.your-seat').waitFor();
      pages.set(userId, page);
    }
    for (let click = 0; times.length < moves; click++) {
      if (click > moves * 10) throw new Error(`Discord game: ${times.length} moves after ${click} clicks`);
      const now = (await scene.load(game.id))!;
      if (now.status !== 'ACTIVE') break;
      const mover = userToAct(scene.def, now);
      if (!mover) throw new Error('nobody is to act');
      const page = pages.get(mover.userId)!;
      // The mover's page as it stands (the other member's move came to it while it waited).
      if (!(await page.locator(TARGETS).count())) {
        await page.goto(watch);
        await imagesDrawn(page);
      }
      const ms = await clickOnBoard(page);
      if (ms === null) continue;
      const after = (await scene.load(game.id))!.version;
      if (!(after > now.version)) throw new Error(`Discord game: the click did not move (version ${now.version} → ${after})`);
      times.push(ms);
    }
    await scene.fake.settle();
    if (scene.fake.violations.length) problems.push(...scene.fake.violations.map((v) => `Discord: ${v.kind} ${v.message}`));
    log(`Discord game: ${times.length} moves, click → board ${JSON.stringify(spread(times))}`);
    return times;
  } finally {
    for (const page of pages.values()) await page.context().close();
    await scene.stop();
  }
}

export async function benchBoardClicks(opts: { moves?: number; log?: Log } = {}): Promise<BoardClicksResult> {
  const log = opts.log ?? (() => {});
  const moves = opts.moves ?? 20;
  await benchPostgres(log);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  const problems: string[] = [];
  try {
    const local = await localClicks(browser, moves, problems, log);
    const discord = await discordClicks(browser, moves, problems, log);
    if (problems.length) log(`problems: ${problems.slice(0, 10).join('; ')}`);
    return { localMs: spread(local), discordMs: spread(discord), problems };
  } finally {
    await browser.close();
  }
}

/** The flat keys of bench/results.json. */
export function boardClicksKeys(r: BoardClicksResult): Record<string, number | null> {
  return {
    'web.click_to_board_p50_ms.local': r.localMs.p50,
    'web.click_to_board_p99_ms.local': r.localMs.p99,
    'web.click_to_board_moves.local': r.localMs.n,
    'web.click_to_board_p50_ms.discord': r.discordMs.p50,
    'web.click_to_board_p99_ms.discord': r.discordMs.p99,
    'web.click_to_board_moves.discord': r.discordMs.n,
    'web.click_to_board_problems': r.problems.length,
  };
}

if (isMain(import.meta.url)) {
  const args = process.argv.slice(2);
  const r = await benchBoardClicks({ moves: argValue(args, '--moves') ? Number(argValue(args, '--moves')) : undefined, log: (l) => console.log(l) });
  console.log(JSON.stringify(r, null, 2));
  mergeResults(boardClicksKeys(r), { replace: /^web\.click_to_board_/ });
  process.exit(0);
}
