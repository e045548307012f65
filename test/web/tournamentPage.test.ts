// A tournament's web page, served by the bot's HTTP server beside the fake Discord: a round-robin
// of three members (one with a hostile nickname) under a hostile name, from its sign-up to its
// end. Its Discord messages link the page (PUBLIC_URL); the page shows the sign-up, then the
// standings and every round's boards with their watch pages, in the reader's language, names
// escaped; its stream pushes the new part after a result; at the end, the podium and the
// crosstable (the image, and the same in the podium message with its alt text); an arena of the
// solo games shown by its table, none of its deals while it runs; and a token nobody was given,
// or a server that turned its pages off, answers 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngToPixels } from '../../src/render/rasterize.js';
import type { FakeMessage } from '../harness/types.js';
import { press, waitForAsync } from '../helpers/play.js';
import { buttonsOf, startScene, type Scene } from '../helpers/scene.js';
import { fixedSeeds } from '../helpers/seeds.js';

const HOSTILE_NICK = '<img src=x onerror=alert(1)> & "Al"';
const HOSTILE_NAME = '<script>alert("cup")</script> Cup';
const PUBLIC_URL = 'https://siege.example';

type Link = { style?: number; url?: string };
const linksOf = (m: { components: unknown[] }) => (m.components as { components?: Link[] }[]).flatMap((r) => r.components ?? []).filter((c) => c.style === 5).map((c) => c.url);

/** Reads server-sent events from `url` until `until` says stop; returns every event read. */
async function readEvents(url: string, until: (events: { event: string; data: any }[]) => boolean, opened?: () => void, timeoutMs = 60_000) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const res = await fetch(url, { signal: controller.signal, headers: { 'accept-language': 'de' } });
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events: { event: string; data: any }[] = [];
  const reader = res.body!.getReader();
  let buffer = '';
  try {
    while (!until(events)) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += new TextDecoder().decode(value);
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) {
          events.push({ event, data: JSON.parse(data) });
          if (event === 'hello') opened?.();
        }
      }
    }
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return events;
}

describe('a tournament on the web', () => {
  let scene: Scene;
  let base: string;
  let token: string;
  let signup: FakeMessage;

  beforeAll(async () => {
    scene = await startScene({ httpPort: 0, publicUrl: PUBLIC_URL }, { seeds: fixedSeeds('tournament-page') });
    base = scene.app.httpUrl!;
    scene.fake.addMember(scene.guild.id, scene.alice.id, { nick: HOSTILE_NICK });
  });
  afterAll(async () => {
    await scene?.stop();
  });

  const db = () => scene.database.db;
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers: { accept: 'text/html', ...headers } });
  const tournament = async () => (await db().tournament.findFirst({ where: { webToken: token } }))!;
  async function command(subcommand: string, options: Record<string, string | number> = {}) {
    const rec = await scene.fake.slashCommand({ guildId: scene.guild.id, channelId: scene.channel.id, userId: scene.guild.ownerId, name: 'siege', group: 'tournament', subcommand, options });
    await rec.done({ timeoutMs: 30_000 });
    return rec;
  }
  /** The game of round `round`, once it is started. */
  async function gameOf(round: number) {
    const t = await tournament();
    await waitForAsync(async () => (await db().tournamentPairing.count({ where: { tournamentId: t.id, round, colour: 'white', gameId: { not: null } } })) === 1, 30_000, `round ${round}'s game`);
    const row = (await db().tournamentPairing.findFirst({ where: { tournamentId: t.id, round, colour: 'white', gameId: { not: null } } }))!;
    return (await db().game.findUnique({ where: { id: row.gameId! } }))!;
  }
  /** The member who must move resigns the round's game (the other wins). */
  async function resignRound(round: number) {
    const game = await gameOf(round);
    const resigned = await scene.app.ctx!.master.resign(game.id, game.toActUserIds[0]!);
    expect(resigned.ok).toBe(true);
    return game;
  }

  it('links its page from the sign-up, and shows who joined, in the reader language, names escaped', async () => {
    const created = await command('create', { name: HOSTILE_NAME, game: 'dice-realms', format: 'round-robin', variant: 'fast', clock: '3d' });
    signup = created.replies.find((m) => !m.ephemeral)!;
    token = (await db().tournament.findFirst())!.webToken;
    // 144 random bits.
    expect(token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(linksOf(signup)).toEqual([`${PUBLIC_URL}/t/${token}`]);
    const join = buttonsOf(signup).find((b) => b.custom_id?.startsWith('s1:tj:'))!;
    for (const u of [scene.alice, scene.bob, scene.carol]) await press(scene.fake, signup, () => scene.fake.clickButton({ messageId: signup.id, customId: join.custom_id!, userId: u.id }));
    expect(linksOf(scene.fake.message(signup.id)!)).toEqual([`${PUBLIC_URL}/t/${token}`]);

    const page = await get(`/t/${token}`, { 'accept-language': 'en-US' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const text = await page.text();
    expect(text).toContain('The sign-up is open until');
    expect(text).toContain('Players (3)');
    expect(text).toContain('&lt;script&gt;alert(&quot;cup&quot;)&lt;/script&gt; Cup');
    expect(text).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Al&quot;');
    expect(text).not.toMatch(/<script>alert|<img src=x/);
    expect(text).toContain('bob');
    expect(text).toContain('<script src="/static/tournament.js" defer>');
    // The reader's language: their browser's, or the one they pick.
    expect(await (await get(`/t/${token}`, { 'accept-language': 'de-AT,de;q=0.9' })).text()).toContain('Die Anmeldung ist offen bis');
    expect(await (await get(`/t/${token}?lang=fr`)).text()).toContain('Les inscriptions sont ouvertes');
  });

  it('answers 404 for a token nobody was given', async () => {
    for (const other of ['A'.repeat(24), 'nothing', `${token}x`]) {
      const answer = await get(`/t/${other}`, { 'accept-language': 'en-US' });
      expect(answer.status).toBe(404);
      expect(await answer.text()).toContain('No tournament is shown at this address.');
    }
  });

  it('shows the standings and each round with its watch page, and its stream sends the new part after a result', async () => {
    expect((await command('start')).ephemeralText()).toMatch(/round 1 is being paired/);
    const game = await gameOf(1);
    await waitForAsync(async () => (await tournament()).standingsMessageId !== null, 30_000, 'the standings message');
    const t = await tournament();
    const pairings = await scene.fake.waitForMessage((m) => m.channelId === scene.channel.id && /Round 1 of 3$/.test(String((m.embeds[0] as { title?: string } | undefined)?.title)), 30_000);
    expect(linksOf(pairings)).toEqual([`${PUBLIC_URL}/t/${token}`]);
    expect(linksOf(scene.fake.message(t.standingsMessageId!)!)).toEqual([`${PUBLIC_URL}/t/${token}`]);

    const page = await (await get(`/t/${token}`, { 'accept-language': 'en-US' })).text();
    expect(page).toContain('Round 1 of 3 is being played');
    expect(page).toContain(`href="/g/${game.watchToken}"`);
    expect(page).toMatch(/<th scope="col">Points<\/th>/);
    expect(page).toContain('to play');

    // A stream opened now hears the result, its new part (in the stream's language) along.
    let opened!: () => void;
    const ready = new Promise<void>((resolve) => (opened = resolve));
    const heard = readEvents(`${base}/t/${token}/events`, (events) => events.some((e) => e.event === 'version' && /1–0|0–1/.test(e.data.live ?? '')), () => opened());
    await ready;
    await resignRound(1);
    const events = await heard;
    expect(events[0]!.event).toBe('hello');
    const update = events.find((e) => e.event === 'version' && e.data.live)!;
    expect(update.data.live).toMatch(/^<main id="tournament"/);
    expect(update.data.live).toContain('Tabelle');
    expect(update.data.live).not.toMatch(/<img src=x/);
    // Its changing part, as the script asks for it, is the same.
    expect(await (await get(`/t/${token}/live?lang=de`)).text()).toMatch(/1–0|0–1/);
  }, 90_000);

  it('ends with the podium and the crosstable, on the page and with the podium message', async () => {
    await resignRound(2);
    await resignRound(3);
    const final = await scene.fake.waitForMessage((m) => m.channelId === scene.channel.id && /is over!/.test(m.content), 60_000);
    await scene.app.ctx!.publisher.idle();
    // The podium message carries the crosstable, its alt text the standings in words.
    expect(final.attachments.map((a) => a.filename)).toEqual(['crosstable.png']);
    const image = final.attachments[0]!;
    expect(image.description!.length).toBeLessThanOrEqual(1024);
    expect(image.description).toMatch(/^Final standings of <script>alert\("cup"\)<\/script> Cup: 1\. .+, \d+ points?(; \d\. .+, \d+ points?){2}\.$/);
    expect(image.description).toContain('bob');
    expect(image.width).toBeGreaterThanOrEqual(560);

    const page = await (await get(`/t/${token}`, { 'accept-language': 'en-US' })).text();
    expect(page).toContain('The tournament is over.');
    expect(page).toMatch(/<ol class="podium"/);
    const src = /<img src="([^"]+crosstable\.png[^"]*)" alt="([^"]+)"/.exec(page)!;
    expect(src[2]).toMatch(/^Final standings of &lt;script&gt;/);
    const png = await get(src[1]!.replace(/&amp;/g, '&'));
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect((await pngToPixels(Buffer.from(await png.arrayBuffer()))).height).toBeGreaterThan(200);
  }, 120_000);

  it('shows an arena by its table, and none of its deals while it runs', async () => {
    const tournaments = scene.app.ctx!.tournaments;
    const created = await tournaments.create({ guildId: scene.guild.id, channelId: scene.channel.id, organiserId: scene.guild.ownerId, name: 'Solo Sprint', gameType: 'two-deck-siege', format: 'arena', clockSeconds: null });
    if (!created.ok) throw new Error(created.error.message);
    const arena = created.value;
    for (const u of [scene.alice, scene.bob, scene.carol]) expect((await tournaments.join(arena.id, u.id)).ok).toBe(true);
    expect((await tournaments.start(arena.id, { userId: scene.guild.ownerId, mayOrganise: true })).ok).toBe(true);
    await waitForAsync(async () => (await db().tournament.findUnique({ where: { id: arena.id } }))!.round > 0, 30_000, 'the arena open');
    const page = await (await get(`/t/${arena.webToken}`, { 'accept-language': 'en-US' })).text();
    expect(page).toMatch(/The arena is open: its 3 deals may be played until/);
    expect(page).toMatch(/<th scope="col">Deals scored<\/th>/);
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
    // No deal, no game and no bye of a round-robin's boards: a deal is its player's secret until the arena is over.
    expect(page).not.toMatch(/href="\/g\/|a bye|crosstable/);
  });

  it('answers 404 on every route once its server turns its pages off', async () => {
    const off = await scene.fake.slashCommand({ guildId: scene.guild.id, channelId: scene.channel.id, userId: scene.guild.ownerId, name: 'siege', subcommand: 'config', options: { web: 'off' } });
    await off.done({ timeoutMs: 30_000 });
    for (const path of [`/t/${token}`, `/t/${token}/live`, `/t/${token}/events`, `/t/${token}/crosstable.png`]) expect((await get(path)).status).toBe(404);
    expect(scene.fake.violations).toEqual([]);
  });
});
