// The start of a round of 200 games (a 400-player Swiss) against the fake Discord and its limits:
// the bot runs in this process (startApp, as the end-to-end tests run it) on its own database in
// the bench PostgreSQL; 400 members are in the field, and the organiser starts the tournament. The
// clock runs from that call until the 200th game of round 1 has its first board posted in its thread
// (each game started through the game master, its thread opened and its board drawn and posted,
// at the pace the fake Discord allows, as Discord would). The field is written straight into the
// store: a sign-up takes at most 64 players (README, Tournaments), so that every player of a round
// can be mentioned by its pairings message; the round's start is what is measured. Run as a part
// of bench/run.ts (`npm run bench -- --only tournaments`): benchTournamentRoundStart().
import { siegeCommands, buildSiegeCommand } from '../commands/index.js';
import { startApp } from '../src/app.js';
import { createLogger } from '../src/config/logger.js';
import { FakeDiscord } from '../test/harness/fakeDiscord.js';
import { testConfig } from '../test/helpers/scene.js';
import { benchDatabase, sleep } from './common.js';

const BOT_TOKEN = 'bench-bot-token-0123456789abcdef';

export async function benchTournamentRoundStart(opts: { games?: number; log?: (line: string) => void } = {}): Promise<Record<string, number>> {
  const n = (opts.games ?? 200) * 2;
  const log = opts.log ?? (() => {});
  const fake = await FakeDiscord.start({ botToken: BOT_TOKEN, keepAliveTimeoutMs: 60_000 });
  const database = await benchDatabase();
  const guild = fake.addGuild({ name: 'Bench' });
  const channel = fake.addChannel(guild.id, { name: 'tournaments' });
  fake.registerCommands([buildSiegeCommand().toJSON()], guild.id);
  const logs: string[] = [];
  const app = await startApp(testConfig(fake, database.url, { aiWorkers: 1, logLevel: 'warn', httpPort: 0 }), { log: createLogger('warn', (line) => logs.push(line)), commands: siegeCommands });
  try {
    await app.ready;
    const tournaments = app.ctx!.tournaments;
    const db = database.db;
    const users = Array.from({ length: n }, (_, i) => fake.addUser({ username: `entrant${i}` }));
    for (const u of users) fake.addMember(guild.id, u.id);
    const created = await tournaments.create({ guildId: guild.id, channelId: channel.id, organiserId: guild.ownerId, name: 'Bench Open', gameType: 'siege-master', format: 'swiss', rawOptions: { map: 'hex', 'fortress-count': '5' }, clockSeconds: 3 * 86_400, rounds: 9 });
    if (!created.ok) throw new Error(created.error.message);
    const t = created.value;
    await db.tournament.update({ where: { id: t.id }, data: { maxPlayers: n } });
    await db.tournamentPlayer.createMany({ data: users.map((u, i) => ({ tournamentId: t.id, userId: u.id, joinedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) })) });

    const games = n / 2;
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const started = await tournaments.start(t.id, { userId: guild.ownerId, mayOrganise: true });
    if (!started.ok) throw new Error(started.error.message);
    let firstBoardMs = NaN;
    let shown = 0;
    // Polled: a bench measures how long the round takes, it does not wait for a state the product promises.
    for (const deadline = performance.now() + 600_000; performance.now() < deadline; await sleep(100)) {
      const [row] = await db.$queryRaw<{ boards: number }[]>`
        SELECT count(*)::int AS boards FROM "TournamentPairing" p JOIN "Game" g ON g.id = p."gameId"
        WHERE p."tournamentId" = ${t.id} AND p.round = 1 AND p.colour = 'white' AND g."boardMessageId" IS NOT NULL`;
      const boards = row?.boards ?? 0;
      if (boards > 0 && Number.isNaN(firstBoardMs)) firstBoardMs = performance.now() - t0;
      shown = boards;
      if (boards >= games) break;
    }
    const wallMs = performance.now() - t0;
    const cpu = process.cpuUsage(c0);
    if (shown < games) throw new Error(`only ${shown} of ${games} boards were posted in 10 minutes; ${logs.slice(-3).join(' | ')}`);
    const threads = fake.threads(channel.id).length;
    log(`${games} games started with ${threads} threads in ${(wallMs / 1000).toFixed(1)} s (first board after ${(firstBoardMs / 1000).toFixed(1)} s); Discord limits broken: ${fake.violations.length}${fake.violations.length ? ` (${fake.violations.slice(0, 3).map((v) => `${v.kind}: ${v.message}`.slice(0, 200)).join('; ')})` : ''}`);
    const key = `tournament_round_start_s.${games}`;
    return {
      [key]: Math.round(wallMs / 100) / 10,
      [`${key}.first_board`]: Math.round(firstBoardMs / 100) / 10,
      [`${key}.cpu`]: Math.round((cpu.user + cpu.system) / 100_000) / 10,
      [`${key}.threads`]: threads,
      [`${key}.violations`]: fake.violations.length,
    };
  } finally {
    await app.stop();
    await fake.stop();
    await database.drop();
  }
}
