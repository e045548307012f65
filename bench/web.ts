// The web front: time to the first byte of a game's watch page and of its board image, and how
// soon 200 people watching one game see a move made on Discord. The bot runs as its own process
// (as `npm start` runs it) against the fake Discord; moves are made by pressing the board's
// menus and buttons, as members make them. Each watcher is what the page's script does: an event
// stream open on /g/<token>/events, and at each new version the page's changing part (it comes
// with the event; else fetched from /live), then the board image it names. Watchers come from distinct addresses (X-Forwarded-For,
// believed from loopback as from a reverse proxy on the same machine), as real ones would.
//   npx tsx bench/web.ts [--quick] [--watchers 200] [--moves 20] [--bot in-process]
import { readFileSync } from 'node:fs';
import { argValue, benchPostgres, isMain, round, sleep, spread, type Log, type Spread } from './common.js';
import { isFinished, pressOneMove, shownAt, startBotScene, type BotMode, type BotScene } from './botScene.js';
import { mergeResults } from './results.js';

export type WebResult = {
  /** Time to the first byte of the watch page (HTML), the game unchanged between requests. */
  pageTtfbMs: Spread;
  /** Time to the first byte of the board image of a new version, its first request (drawn then). */
  boardTtfbColdMs: Spread;
  /** The same image asked again (kept). */
  boardTtfbWarmMs: Spread;
  watchers: number;
  moves: number;
  /** From the move's commit (Move.createdAt) to its event reaching a watcher. */
  eventAfterCommitMs: Spread;
  /** From the Discord board being posted to a watcher having the new board image (negative: earlier). */
  boardShownAfterDiscordMs: Spread;
  /** Watchers that missed an update (no event, or no new board within 10 s). */
  missed: number;
  /** The bot process's resident memory with every watcher connected, MB (null in-process). */
  botRssMb: number | null;
};

const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

async function timedGet(url: string, ip: string): Promise<{ ttfb: number; body: Buffer; status: number }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { 'x-forwarded-for': ip } });
  const ttfb = performance.now() - t0;
  const body = Buffer.from(await res.arrayBuffer());
  return { ttfb, body, status: res.status };
}

/** One watcher: the event stream, and at each version the page's live part and its board. */
type Seen = { event: number; board: number | null; live: number | null };
type Watcher = { seen: Map<number, Seen>; close(): void };

function watch(base: string, token: string, ip: string, onMiss: () => void): Promise<Watcher> {
  const seen = new Map<number, Seen>();
  const abort = new AbortController();
  return new Promise((resolve, reject) => {
    void (async () => {
      const res = await fetch(`${base}/g/${token}/events`, { headers: { 'x-forwarded-for': ip, accept: 'text/event-stream' }, signal: abort.signal });
      if (res.status !== 200 || !res.body) return reject(new Error(`event stream answered ${res.status}`));
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buffered = '';
      let opened = false;
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        buffered += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffered.indexOf('\n\n')) >= 0) {
          const block = buffered.slice(0, cut);
          buffered = buffered.slice(cut + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event === 'hello' && !opened) {
            opened = true;
            resolve({ seen, close: () => abort.abort() });
          }
          if (event !== 'version' || !data) continue;
          const news = JSON.parse(data) as { version: number; live?: string };
          const version = news.version;
          const at = { event: Date.now(), board: null as number | null, live: null as number | null };
          seen.set(version, at);
          // As watch.js does: the changing part, then the board image it names.
          void (async () => {
            // The event brings the page's new part along, unless it is too long: then it is asked for.
            const part = news.live ?? (await timedGet(`${base}/g/${token}/live`, ip)).body.toString('utf8');
            at.live = Date.now();
            const src = /src="([^"]*board\.png[^"]*)"/.exec(part)?.[1]?.replaceAll('&amp;', '&');
            if (!src) return onMiss();
            const board = await timedGet(new URL(src, base).toString(), ip);
            if (board.status === 200) at.board = Date.now();
            else onMiss();
          })().catch(onMiss);
        }
      }
    })().catch((e) => (abort.signal.aborted ? undefined : reject(e)));
  });
}

function rssMb(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

/** When the game's latest move was committed (the database's clock, this machine's). */
async function moveTime(scene: BotScene, gameId: number): Promise<number> {
  const row = await scene.database.db.move.findFirst({ where: { gameId, kind: 'move' }, orderBy: { seq: 'desc' }, select: { createdAt: true } });
  if (!row) throw new Error(`game ${gameId} has no move`);
  return row.createdAt.getTime();
}

export async function benchWeb(opts: { quick?: boolean; watchers?: number; moves?: number; bot?: BotMode; botEnv?: Record<string, string>; log?: Log } = {}): Promise<WebResult> {
  const log = opts.log ?? (() => {});
  const nWatchers = opts.watchers ?? (opts.quick ? 50 : 200);
  const nMoves = opts.moves ?? (opts.quick ? 5 : 20);
  await benchPostgres(log);
  const scene = await startBotScene('siege-master', opts.bot ?? 'process', opts.botEnv);
  const watchers: Watcher[] = [];
  try {
    const made = await scene.newGame('web/1', 6);
    const { game, snapshot } = made;
    let board = made.board;
    const token = snapshot.watchToken;
    if (!token) throw new Error('the game has no watch token');
    const base = scene.httpUrl;

    // Time to the first byte, alone: the page, then each new version's board, first and again.
    const page: number[] = [];
    for (let k = 0; k < 30; k++) {
      const r = await timedGet(`${base}/g/${token}`, address(1));
      if (r.status !== 200) throw new Error(`the watch page answered ${r.status}`);
      page.push(r.ttfb);
    }
    const cold: number[] = [];
    const warm: number[] = [];
    for (let k = 0; k < (opts.quick ? 3 : 10); k++) {
      board = (await pressOneMove(scene.fake, game.channelId, board, game.rng)).posted;
      const live = await timedGet(`${base}/g/${token}/live`, address(2));
      const src = /src="([^"]*board\.png[^"]*)"/.exec(live.body.toString('utf8'))![1]!.replaceAll('&amp;', '&');
      cold.push((await timedGet(new URL(src, base).toString(), address(3))).ttfb);
      warm.push((await timedGet(new URL(src, base).toString(), address(4))).ttfb);
    }
    log(`web: page ttfb p50 ${round(spread(page).p50)} ms, board cold p50 ${spread(cold).p50} ms`);

    // Watchers, each from its own address.
    let missed = 0;
    for (let n = 0; n < nWatchers; n++) watchers.push(await watch(base, token, address(1000 + n), () => missed++));
    await sleep(500);
    const botRssMb = scene.botPid ? rssMb(scene.botPid) : null;
    const afterCommit: number[] = [];
    const afterDiscord: number[] = [];
    const eventToLive: number[] = [];
    const liveToBoard: number[] = [];
    const discordAfterCommit: number[] = [];
    let moves = 0;
    for (let k = 0; k < nMoves; k++) {
      const { posted } = await pressOneMove(scene.fake, game.channelId, board, game.rng);
      board = posted;
      const shown = shownAt(posted);
      // Forced moves may follow the member's: the version the watchers must reach is the game's now.
      const current = (await scene.load(game.id))!.version;
      const until = Date.now() + 10_000;
      while (Date.now() < until && watchers.some((w) => w.seen.get(current)?.board == null)) await sleep(20);
      const committed = await moveTime(scene, game.id);
      for (const w of watchers) {
        const at = w.seen.get(current);
        if (!at || at.board === null) {
          missed++;
          continue;
        }
        afterCommit.push(at.event - committed);
        eventToLive.push(at.live! - at.event);
        liveToBoard.push(at.board - at.live!);
        discordAfterCommit.push(shown - committed);
        afterDiscord.push(at.board - shown);
      }
      moves++;
      // A game that ends early ends the measured moves (the watchers follow this game only).
      if (isFinished(posted)) break;
    }
    log(`web: event→live ${JSON.stringify(spread(eventToLive))} live→board ${JSON.stringify(spread(liveToBoard))} discord board after commit ${JSON.stringify(spread(discordAfterCommit))}`);
    return {
      pageTtfbMs: spread(page),
      boardTtfbColdMs: spread(cold),
      boardTtfbWarmMs: spread(warm),
      watchers: nWatchers,
      moves,
      eventAfterCommitMs: spread(afterCommit),
      boardShownAfterDiscordMs: spread(afterDiscord),
      missed,
      botRssMb,
    };
  } finally {
    for (const w of watchers) w.close();
    await scene.stop();
  }
}

/** The flat keys of bench/results.json. */
export function webKeys(r: WebResult): Record<string, number | null> {
  return {
    'web.watch_page_ttfb_p50_ms': r.pageTtfbMs.p50,
    'web.watch_page_ttfb_p99_ms': r.pageTtfbMs.p99,
    'web.board_ttfb_cold_p50_ms': r.boardTtfbColdMs.p50,
    'web.board_ttfb_cold_p99_ms': r.boardTtfbColdMs.p99,
    'web.board_ttfb_warm_p50_ms': r.boardTtfbWarmMs.p50,
    'web.event_after_commit_p99_ms': r.eventAfterCommitMs.p99,
    'web.board_shown_after_discord_p50_ms': r.boardShownAfterDiscordMs.p50,
    'web.board_shown_after_discord_p99_ms': r.boardShownAfterDiscordMs.p99,
    'web.watchers': r.watchers,
    'web.moves': r.moves,
    'web.missed_updates': r.missed,
    'web.bot_rss_mb_with_watchers': r.botRssMb,
  };
}

if (isMain(import.meta.url)) {
  const args = process.argv.slice(2);
  const r = await benchWeb({
    quick: args.includes('--quick'),
    watchers: argValue(args, '--watchers') ? Number(argValue(args, '--watchers')) : undefined,
    moves: argValue(args, '--moves') ? Number(argValue(args, '--moves')) : undefined,
    bot: (argValue(args, '--bot') as BotMode | undefined) ?? 'process',
    // The bot process writes a V8 CPU profile there when it stops.
    botEnv: argValue(args, '--bot-cpu-prof')
      ? { NODE_OPTIONS: `--import=${new URL('./profileBot.mjs', import.meta.url).pathname}`, BENCH_CPU_PROFILE_DIR: argValue(args, '--bot-cpu-prof')! }
      : {},
    log: (l) => console.log(l),
  });
  console.log(JSON.stringify(r, null, 2));
  // The web.click_to_board_ keys are bench/boardClicks.ts's.
  mergeResults(webKeys(r), { replace: /^web\.(?!click_to_board_)/ });
  process.exit(0);
}
