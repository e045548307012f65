// The watch page of every game, served by the bot's HTTP server beside Discord: the page, its
// changing part, the board image, the event stream and the replay; the "Watch on the web" link on
// the boards; and what is never served: a token nobody was given, a running daily, a server's
// games once it turned its pages off, any user id, a hostile name unescaped, a deck's order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedChallenge, chooser, latestBoard, playTurnWithComponents, press, waitForAsync } from '../helpers/play.js';
import { buttonsOf, startScene, waitForFinalBoard, type Scene } from '../helpers/scene.js';
import { englishIn, LANGUAGE_NAMES, visibleText } from './webText.js';

const HOSTILE = '<script>alert(1)</script> [nitro](https://t.ly/x) @everyone';
const PUBLIC_URL = 'https://siege.example';

type Link = { type: number; style?: number; url?: string; label?: string };
const linksOf = (m: { components: unknown[] }) => (m.components as { components?: Link[] }[]).flatMap((r) => r.components ?? []).filter((c) => c.style === 5);

/** Reads server-sent events from `url` until `until` says stop; returns every event read. */
async function readEvents(url: string, until: (events: { event: string; data: any }[]) => boolean, timeoutMs = 20_000) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const res = await fetch(url, { signal: controller.signal });
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
        if (event && data) events.push({ event, data: JSON.parse(data) });
      }
    }
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return events;
}

describe('the watch page of a game', () => {
  let scene: Scene;
  let base: string;

  beforeAll(async () => {
    scene = await startScene({ httpPort: 0, publicUrl: PUBLIC_URL });
    base = scene.app.httpUrl!;
    scene.fake.addMember(scene.guild.id, scene.alice.id, { nick: HOSTILE });
  });
  afterAll(async () => {
    await scene?.stop();
  });

  const gameIn = async (threadId: string) => (await scene.database.db.game.findFirst({ where: { threadId } }))!;

  it('is linked from the board, shows the game to anyone, escapes every name and shows no user id', async () => {
    const { threadId } = await acceptedChallenge(scene, { game: 'siege-master', map: 'europe' });
    const game = await gameIn(threadId);
    const token = game.watchToken!;
    expect(token.length).toBeGreaterThanOrEqual(24);
    const [link] = linksOf(latestBoard(scene.fake, threadId));
    expect(link?.url).toBe(`${PUBLIC_URL}/g/${token}`);

    const res = await fetch(`${base}/g/${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    const body = await res.text();
    expect(body).toContain('Siege Master');
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(body).not.toContain('<script>alert(1)');
    expect(body).not.toMatch(/<script>(?!<\/)/);
    for (const id of [scene.alice.id, scene.bob.id, scene.guild.id]) expect(body).not.toContain(id);
    expect(body).toMatch(/<img src="\/g\/[\w-]+\/board\.png\?move=0&amp;v=0&amp;lang=en-US" alt="Siege Master, move 0\. Red \(.+\) to move\./);

    const png = await fetch(`${base}/g/${token}/board.png?move=0&v=0`);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await png.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
  });

  it('speaks German to a German browser and French once picked (kept in a cookie): the page, its moves, its board and its alt text', async () => {
    const { threadId } = await acceptedChallenge(scene, { game: 'siege-master', map: 'europe' });
    const token = (await gameIn(threadId)).watchToken!;
    const pick = chooser(3);
    for (let n = 0; n < 2; n++) await playTurnWithComponents(scene.fake, threadId, (await gameIn(threadId)).toActUserIds[0]!, pick);
    const german = { 'accept-language': 'en-GB;q=0.3, de-AT, de;q=0.9' };

    const res = await fetch(`${base}/g/${token}`, { headers: german });
    const page = await res.text();
    expect(page).toContain('<html lang="de">');
    const text = visibleText(page);
    expect(text).toMatch(/Rot \(.+\) ist am Zug|Blau \(.+\) ist am Zug/);
    expect(text).toContain('Züge');
    expect(text).toMatch(/1\. Rot \(.+\): Rot hat /);
    expect(text).toContain('Zug 2');
    // Nothing English is left but the names, the notation and the languages' own names.
    const notation = /\b[A-Z]\d{1,2}(?: (?:E|SE|SW))?\b/g;
    expect(englishIn(text, [HOSTILE, 'bob', 'Siege Master', 'Siege', ...LANGUAGE_NAMES, notation])).toEqual([]);
    expect(page).toMatch(/alt="Siege Master, Zug 2\. (Rot|Blau) \(.+\) ist am Zug\./);

    // The board image is drawn in German: its address says so, and it is not the English one.
    const src = /<img src="([^"]+)"/.exec(page)![1]!.replace(/&amp;/g, '&');
    expect(src).toMatch(/[?&]lang=de$/);
    const png = async (path: string) => Buffer.from(await (await fetch(`${base}${path}`)).arrayBuffer());
    const [de, en] = await Promise.all([png(src), png(src.replace('lang=de', 'lang=en-US'))]);
    expect(de.subarray(1, 4).toString()).toBe('PNG');
    expect(de.equals(en)).toBe(false);

    // Picked on the page, French wins over the browser's German, and is kept for the next pages.
    const picked = await fetch(`${base}/g/${token}?lang=fr&move=1`, { headers: german });
    expect(picked.headers.get('set-cookie')).toMatch(/^lang=fr; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    const french = await picked.text();
    expect(french).toContain('<html lang="fr">');
    expect(visibleText(french)).toContain('Coup 1 sur 2');
    expect(visibleText(french)).toContain('Vous revoyez la position après le coup 1.');
    expect(french).toMatch(/<a href="\/g\/[\w-]+\?move=1&amp;lang=de" hreflang="de" lang="de" data-lang="de">Deutsch<\/a>/);
    expect(french).toMatch(/<a href="[^"]+" hreflang="fr" lang="fr" data-lang="fr" aria-current="true">Français<\/a>/);
    const kept = await (await fetch(`${base}/g/${token}`, { headers: { ...german, cookie: 'lang=fr' } })).text();
    expect(kept).toContain('<html lang="fr">');
    expect(visibleText(kept)).toMatch(/Au tour de (Rouge|Bleu)/);
    const live = /data-live="([^"]+)"/.exec(kept)![1]!;
    expect(await (await fetch(`${base}${live}`)).text()).toContain('Coups');

    // What is not there says so in the reader's language, to a browser; a script still gets JSON.
    const missing = await fetch(`${base}/g/not-a-token-at-all-not-one-at-all`, { headers: german });
    expect(missing.status).toBe(404);
    expect(visibleText(await missing.text())).toContain('Unter dieser Adresse wird kein Spiel gezeigt.');
    const nowhere = await fetch(`${base}/nowhere`, { headers: { ...german, accept: 'text/html,application/xhtml+xml' } });
    expect(nowhere.status).toBe(404);
    expect(await nowhere.text()).toContain('<html lang="de">');
    expect((await fetch(`${base}/nowhere`)).headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('tells the page of a move made on Discord, and steps back through the moves', async () => {
    const { threadId } = await acceptedChallenge(scene, { game: 'siege-master', map: 'asia' });
    const token = (await gameIn(threadId)).watchToken!;
    const listening = scene.app.web.publisher.listening;
    const reading = readEvents(`${base}/g/${token}/events`, (events) => events.some((e) => e.event === 'version'));
    // The move is made once the page listens.
    await waitForAsync(async () => scene.app.web.publisher.listening > listening, 10_000, 'the page to listen');
    await playTurnWithComponents(scene.fake, threadId, (await gameIn(threadId)).toActUserIds[0]!, chooser(5));
    const events = await reading;
    expect(events[0]).toMatchObject({ event: 'hello', data: { version: 0 } });
    expect(events.find((e) => e.event === 'version')?.data.version).toBe(1);

    const now = await (await fetch(`${base}/g/${token}/live`)).text();
    expect(now).toMatch(/data-move="1" data-last="1"/);
    const back = await (await fetch(`${base}/g/${token}/live?move=0`)).text();
    expect(back).toContain('Move 0 of 1');
    expect(back).toMatch(/board\.png\?move=0&amp;v=1/);
    const page = await (await fetch(`${base}/g/${token}?move=0`)).text();
    expect(page).toContain('You are looking back at move 0');
  });

  it('answers 404 for a token nobody was given, for a running daily, and once a server turns its pages off', async () => {
    expect((await fetch(`${base}/g/not-a-token-at-all-not-one-at-all`)).status).toBe(404);
    expect((await fetch(`${base}/g/${'x'.repeat(24)}/board.png`)).status).toBe(404);
    expect((await fetch(`${base}/g/${'x'.repeat(24)}/events`)).status).toBe(404);

    await scene.database.db.dailySecret.createMany({ data: [{ id: 1, secret: 'web-e2e-secret' }], skipDuplicates: true });
    const daily = await scene.fake.slashCommand({ guildId: scene.guild.id, channelId: scene.channel.id, userId: scene.carol.id, name: 'siege', group: 'daily', subcommand: 'play', options: { game: 'kingdoms-siege' } });
    await daily.done({ timeoutMs: 20_000 });
    const dailyGame = (await scene.database.db.game.findFirst({ where: { options: { path: ['daily'], equals: true } } }))!;
    for (const path of ['', '/live', '/board.png', '/events']) expect((await fetch(`${base}/g/${dailyGame.watchToken}${path}`)).status).toBe(404);

    const { threadId } = await acceptedChallenge(scene, { game: 'dice-realms' });
    const token = (await gameIn(threadId)).watchToken!;
    expect((await fetch(`${base}/g/${token}`)).status).toBe(200);
    // A page open on the game follows it live until the server turns its pages off.
    const listening = scene.app.web.publisher.listening;
    const live = await fetch(`${base}/g/${token}/events`);
    expect(live.status).toBe(200);
    const followed = (async () => {
      const reader = live.body!.getReader();
      while (!(await reader.read()).done);
    })();
    await waitForAsync(async () => scene.app.web.publisher.listening > listening, 10_000, 'the page to listen');
    const off = await scene.fake.slashCommand({ guildId: scene.guild.id, channelId: scene.channel.id, userId: scene.guild.ownerId, name: 'siege', subcommand: 'config', options: { web: 'off' } });
    await off.done();
    expect(off.ephemeralText() + off.text()).toMatch(/Watch pages/);
    expect((await fetch(`${base}/g/${token}`)).status).toBe(404);
    await followed;
    expect(scene.app.web.publisher.listening).toBe(listening);
    expect((await fetch(`${base}/g/${token}/events`)).status).toBe(404);
    const on = await scene.fake.slashCommand({ guildId: scene.guild.id, channelId: scene.channel.id, userId: scene.guild.ownerId, name: 'siege', subcommand: 'config', options: { web: 'on' } });
    await on.done();
    expect((await fetch(`${base}/g/${token}`)).status).toBe(200);
  });

  it("never serves a deck's order: only the public view of a Two Deck Siege", async () => {
    const start = await scene.fake.slashCommand({ guildId: scene.guild.id, channelId: scene.channel.id, userId: scene.bob.id, name: 'siege', group: 'start', subcommand: 'two-deck-siege', options: {} });
    await start.done({ timeoutMs: 20_000 });
    const game = (await scene.database.db.game.findFirst({ where: { gameType: 'two-deck-siege' }, orderBy: { id: 'desc' } }))!;
    const state = game.state as { enemyDeck: string[]; playerDeck: string[]; rng: unknown };
    const served = [
      await (await fetch(`${base}/g/${game.watchToken}`)).text(),
      await (await fetch(`${base}/g/${game.watchToken}/live`)).text(),
    ].join('\n');
    // The decks' order (a run of their next cards) and the dice's state appear nowhere.
    expect(served).not.toContain(state.enemyDeck.slice(0, 3).join(','));
    expect(served).not.toContain(JSON.stringify(state.enemyDeck.slice(0, 3)));
    expect(served).not.toContain(JSON.stringify(state.playerDeck.slice(0, 3)));
    expect(served).not.toContain(JSON.stringify(state.rng));
  });

  it("offers the replay of a finished game, the same file as Discord's", async () => {
    const { threadId } = await acceptedChallenge(scene, { game: 'siege-master', map: 'australia' });
    await playTurnWithComponents(scene.fake, threadId, (await gameIn(threadId)).toActUserIds[0]!, chooser(2));
    const board = latestBoard(scene.fake, threadId);
    const resign = buttonsOf(board).find((b) => b.label === 'Resign')!;
    const mover = (await gameIn(threadId)).toActUserIds[0]!;
    const asked = await press(scene.fake, board, () => scene.fake.clickButton({ messageId: board.id, customId: resign.custom_id!, userId: mover }));
    const confirm = buttonsOf(asked.replies[0]!).find((b) => /Yes, resign/.test(b.label ?? ''))!;
    await press(scene.fake, asked.replies[0]!, () => scene.fake.clickButton({ messageId: asked.replies[0]!.id, customId: confirm.custom_id!, userId: mover }));
    const final = await waitForFinalBoard(scene.fake, threadId);
    const token = (await gameIn(threadId)).watchToken!;
    expect(linksOf(final)[0]?.url).toBe(`${PUBLIC_URL}/g/${token}`);
    const page = await (await fetch(`${base}/g/${token}`)).text();
    expect(page).toContain(`/g/${token}/replay`);
    const replay = await fetch(`${base}/g/${token}/replay`);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('content-type')).toMatch(/^image\/(gif|webp)$/);
  });

  // Last: it spends this address's allowance of replays for the minute.
  it('limits how often one address may ask for replays, and says when to ask again', async () => {
    const { threadId } = await acceptedChallenge(scene, { game: 'siege-master', map: 'hex' });
    const token = (await gameIn(threadId)).watchToken!;
    const answers: Response[] = [];
    for (let n = 0; n < 22; n++) answers.push(await fetch(`${base}/g/${token}/replay`));
    const statuses = answers.map((a) => a.status);
    // A running game has no replay (404); past the allowance (20 a minute, one used above) every answer is 429.
    expect(statuses.slice(0, 19).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(19)).toEqual([429, 429, 429]);
    expect(Number(answers[21]!.headers.get('retry-after'))).toBeGreaterThan(0);
    // The page itself is not limited with them.
    expect((await fetch(`${base}/g/${token}`)).status).toBe(200);
  });
});
