// A live board at 50 moves at once, while one member steps through a finished game's review as
// fast as Discord allows (each ▶, or ⏮ at the end, pressed as soon as the previous press is
// acknowledged), against the same rounds without them.
// Rounds alternate between the two, on the same bot and games, so that drift (the JIT, caches,
// the machine's other work) falls on both alike. The ratio of the two p99s is the figure:
// reviews are drawn after live boards (src/render/priority.ts), kept once drawn, and a member's
// drawings are limited (src/discord/handlers/drawings.ts).
//   npx tsx bench/reviewSpam.ts [--quick] [--bot in-process|process] [--game siege-master] [--wait-quiet 120]
//     [--bot-cpu-prof <dir>]   the bot process writes a V8 CPU profile there when it stops
import type { FakeMessage, InteractionRecord } from '../test/harness/fakeDiscord.js';
import { buttonsOf } from '../test/helpers/scene.js';
import { argValue, benchPostgres, defaultBenchGame, isMain, machineBusyPct, machineCpu, round, sleep, spread, type Log, type Spread } from './common.js';
import { startBotScene, type BotMode, type BotScene } from './botScene.js';
import { makeSlots, measureRound, STEPS_BY_GAME } from './interactions.js';
import { mergeResults } from './results.js';

export type ReviewSpamResult = {
  gameId: string;
  bot: BotMode;
  /** c50 rounds of each kind. */
  rounds: number;
  /** Boards posted, press to board, in the rounds with the review presses, and in those without. */
  reviewSpam: Spread;
  noReview: Spread;
  /** reviewSpam.p99 / noReview.p99. */
  ratio: number;
  /** Review presses answered during the spam rounds, and the refusals told (those after one are acknowledged without a word). */
  reviewPresses: number;
  reviewRefused: number;
  /** Positions in the reviewed game. */
  reviewPositions: number;
  failures: number;
  violations: string[];
};

export type ReviewSpamOptions = { gameId?: string; rounds?: number; bot?: BotMode; log?: Log; botEnv?: Record<string, string> };

export async function benchReviewSpam(opts: ReviewSpamOptions = {}): Promise<ReviewSpamResult> {
  const gameId = opts.gameId ?? defaultBenchGame();
  const steps = STEPS_BY_GAME[gameId] ?? 2;
  const rounds = opts.rounds ?? 5;
  const log = opts.log ?? (() => {});
  const pg = await benchPostgres(log);
  const scene = await startBotScene(gameId, opts.bot ?? 'process', opts.botEnv);
  try {
    const finished = await finishedGame(scene);
    const warm = await makeSlots(scene, 4, 'warm', 12, steps);
    for (let i = 0; i < 2; i++) await measureRound(scene, warm, steps);
    const slots = await makeSlots(scene, 50, 'c50', 12, steps);
    const spammer = await openReview(scene, finished.id, finished.channelId);
    const withSpam: number[] = [];
    const without: number[] = [];
    let presses = 0;
    let refused = 0;
    let failures = 0;
    for (let r = 0; r < 2 * rounds; r++) {
      await sleep(250);
      const spam = r % 2 === 0;
      const pressing = spam ? spammer.start() : null;
      const res = await measureRound(scene, slots, steps);
      const stats = await pressing?.stop();
      (spam ? withSpam : without).push(...res.board);
      failures += res.failures;
      if (stats) {
        presses += stats.presses;
        refused += stats.refused;
      }
      log(`round ${r + 1} ${spam ? `with ${stats!.presses} review presses (${stats!.refused} told too fast)` : 'without reviews'}: board p99 ${spread(res.board).p99} ms`);
    }
    await scene.fake.settle({ timeoutMs: 10_000 });
    const reviewSpam = spread(withSpam);
    const noReview = spread(without);
    return {
      gameId,
      bot: scene.mode,
      rounds,
      reviewSpam,
      noReview,
      ratio: round(reviewSpam.p99 / noReview.p99, 2),
      reviewPresses: presses,
      reviewRefused: refused,
      reviewPositions: finished.positions,
      failures,
      violations: scene.fake.violations.map((v) => `${v.kind}: ${v.message}`),
    };
  } finally {
    await scene.stop();
    await pg.stop();
  }
}

/** A game played to its end through the services, in a channel of its own: the one reviewed. */
async function finishedGame(scene: BotScene): Promise<{ id: number; channelId: string; positions: number }> {
  const made = await scene.newGame('bench/review-spam/finished', 0);
  const end = await scene.advance(made.game, made.snapshot, () => false, 2000);
  if (end.status !== 'FINISHED') throw new Error(`the reviewed game ${end.id} did not end`);
  return { id: end.id, channelId: made.game.channelId, positions: end.moveCount };
}

/** A member with `/siege review` of the game open, who presses through it when started. */
async function openReview(scene: BotScene, gameId: number, channelId: string) {
  const { fake, guild } = scene;
  const user = fake.addUser({ username: 'reviewer' });
  fake.addMember(guild.id, user.id);
  const open = await fake.slashCommand({ guildId: guild.id, channelId, userId: user.id, name: 'siege', subcommand: 'review', options: { game: gameId, move: 0 } });
  await open.done({ timeoutMs: 60_000 });
  const reviewId = open.replies.find((m) => m.ephemeral && m.embeds.length > 0)?.id;
  if (!reviewId) throw new Error(`no review of game ${gameId}: ${open.text()}`);

  /**
   * Answered: the press acknowledged. A step to a kept board and a refusal answer at once (the
   * review updated, a private "too fast", or, after one, a silent acknowledgement); a step that
   * draws is acknowledged first and edited once drawn, and a member may press again meanwhile.
   */
  async function answered(rec: InteractionRecord): Promise<'told' | 'answered'> {
    const callback = await rec.response();
    return callback.type === 4 ? 'told' : 'answered';
  }

  return {
    start() {
      let stopping = false;
      let presses = 0;
      let refused = 0;
      const loop = (async () => {
        while (!stopping) {
          const review = fake.message(reviewId!) as FakeMessage;
          const buttons = buttonsOf(review);
          const next = buttons.find((b) => b.label === '▶' && !b.disabled) ?? buttons.find((b) => b.label === '⏮')!;
          const rec = await fake.clickButton({ messageId: reviewId!, customId: next.custom_id!, userId: user.id });
          if ((await answered(rec)) === 'told') refused++;
          presses++;
        }
      })();
      return {
        async stop() {
          stopping = true;
          await loop;
          return { presses, refused };
        },
      };
    },
  };
}

/** The keys this bench writes into bench/results.json. */
export function reviewSpamKeys(r: ReviewSpamResult): Record<string, number | string> {
  return {
    'board_posted_p99_ms_c50.review_spam': r.reviewSpam.p99,
    'board_posted_p99_ms_c50.no_review': r.noReview.p99,
    board_posted_review_spam_ratio: r.ratio,
    'board_posted_c50.review_spam_presses': r.reviewPresses,
    'board_posted_c50.review_spam_told_too_fast': r.reviewRefused,
    'board_posted_c50.review_spam_rounds': `${r.rounds}+${r.rounds} (${r.gameId}, bot ${r.bot})`,
  };
}

if (isMain(import.meta.url)) {
  const args = process.argv.slice(2);
  // Others' work on the machine falls on the rounds unevenly: wait for it to calm down first.
  const quietFor = Number(argValue(args, '--wait-quiet') ?? 120);
  const until = performance.now() + quietFor * 1000;
  let busyBefore = await machineBusyPct(2000);
  while (busyBefore >= 20 && performance.now() < until) {
    console.log(`the machine is ${busyBefore.toFixed(0)}% busy with other work; waiting`);
    await sleep(3000);
    busyBefore = await machineBusyPct(2000);
  }
  const cpu0 = machineCpu();
  const r = await benchReviewSpam({
    gameId: argValue(args, '--game'),
    rounds: args.includes('--quick') ? 2 : 5,
    bot: argValue(args, '--bot') === 'in-process' ? 'in-process' : 'process',
    log: (l) => console.log(l),
    botEnv: argValue(args, '--bot-cpu-prof')
      ? { NODE_OPTIONS: `--import=${new URL('./profileBot.mjs', import.meta.url).pathname}`, BENCH_CPU_PROFILE_DIR: argValue(args, '--bot-cpu-prof')! }
      : {},
  });
  const cpu1 = machineCpu();
  const busy = round(((cpu1.busy - cpu0.busy) / Math.max(1, cpu1.total - cpu0.total)) * 100);
  console.log(JSON.stringify({ ...r, busyBeforePct: round(busyBefore), machineBusyPct: busy }, null, 2));
  mergeResults({ ...reviewSpamKeys(r), 'meta.review_spam.busy_before_pct': round(busyBefore), 'meta.review_spam.machine_busy_pct': busy });
}
