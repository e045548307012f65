// The web's Describe, as the server writes it: the watch page holds the whole position in words
// in a <details> toggle after the board, each part's grid as a <table> with column and row
// headers (Siege Master's map, Dice Realms' realms), every text escaped, and whoever must act
// with their choices as text; the changing part the script fetches holds the same toggle.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from '../../src/app.js';
import { speaker } from '../../src/i18n/index.js';
import { createRenderPool } from '../../src/render/pool.js';
import { boardDescription } from '../../src/services/boardAlt.js';
import { choiceLevel } from '../../src/services/moveChoices.js';
import type { GameSnapshot } from '../../src/services/types.js';
import { escapeHtml } from '../../src/web/html.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { serveSite, startQuietBot, type SiteUnderTest } from './siteHarness.js';

describe('the watch page\'s Describe', () => {
  let database: TestDatabase;
  let app: RunningApp;
  let site: SiteUnderTest;
  const render = createRenderPool({ size: 1 });

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startQuietBot(database, render, 'describe');
    site = await serveSite(app, { local: false });
  });
  afterAll(async () => {
    await site?.stop();
    await app?.stop();
    await render.close();
    await database?.drop();
  });

  const serverGame = async (gameType: string): Promise<GameSnapshot> => {
    const started = await app.web.services.games.startGame({ gameType, guildId: 'g1', channelId: 'c', seats: [{ kind: 'human', userId: 'u1' }, { kind: 'human', userId: 'u2' }] });
    if (!started.ok) throw new Error(started.error.message);
    return started.value;
  };

  /** The page's Describe toggle, from its opening tag to its end. */
  const toggleOf = (body: string) => {
    const start = body.indexOf('<details class="describe"');
    expect(start).toBeGreaterThan(body.indexOf('<img '));
    return body.slice(start, body.indexOf('</details>', start) + '</details>'.length);
  };

  /** What the page must hold for the part `id`: its table's caption, column headers and row headers, escaped. */
  function expectTable(toggle: string, game: GameSnapshot, id: string, locale: 'en-US' | 'fr') {
    const def = app.web.services.games.defOf(game);
    const said = boardDescription(speaker(locale), def, game, { index: 0, last: 0, view: def.view(game.state) as object });
    const table = said?.position.parts.find((p) => p.id === id)?.table;
    expect(table, `${game.gameType} describes its ${id} as a table`).toBeDefined();
    expect(toggle).toContain(`<caption id="describe-${id}-caption">${escapeHtml(table!.caption)}</caption>`);
    expect(toggle).toContain(`<div class="table-scroll" tabindex="0" role="region" aria-labelledby="describe-${id}-caption">`);
    const header = `<thead><tr>${table!.columns.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join('')}</tr></thead>`;
    expect(toggle).toContain(header);
    for (const row of table!.rows) {
      expect(toggle).toContain(`<tr><th scope="row">${escapeHtml(row.header)}</th>${row.cells.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`);
    }
    expect(table!.rows.length).toBeGreaterThan(1);
    expect(table!.columns.length).toBeGreaterThan(2);
  }

  it('Siege Master: the map as a table (rows by column letters), the parts under headings, who chooses and their choices as text', async () => {
    const game = await serverGame('siege-master');
    const answer = await site.send(`/g/${game.watchToken}?lang=en-US`);
    expect(answer.status).toBe(200);
    const toggle = toggleOf(answer.body);
    expect(toggle).toMatch(/^<details class="describe" id="describe"><summary>Describe<\/summary>/);
    expectTable(toggle, game, 'map', 'en-US');
    const def = app.web.services.games.defOf(game);
    const said = boardDescription(speaker('en-US'), def, game, { index: 0, last: 0, view: def.view(game.state) as object })!;
    for (const part of said.position.parts) expect(toggle).toContain(`<h3>${escapeHtml(part.heading)}</h3>`);
    // Nothing of the description is put in unescaped: no tag but the page's own.
    const tags = new Set([...toggle.matchAll(/<\/?([a-z0-9]+)/g)].map((t) => t[1]));
    const own = ['caption', 'details', 'div', 'h3', 'h4', 'li', 'p', 'section', 'summary', 'table', 'tbody', 'td', 'th', 'thead', 'tr', 'ul'];
    for (const tag of tags) expect(own).toContain(tag);
    expect(toggle).toContain('<h3>Choices now</h3>');
    const seat = def.toAct(game.state)[0]!;
    expect(toggle).toMatch(/<h4>[^<]+ is choosing<\/h4>/);
    const level = choiceLevel(def, game.state, seat, []);
    expect(level.options.length).toBeGreaterThan(0);
    // Choices are words, not actions: no form, button or link inside the toggle.
    expect(toggle).not.toMatch(/<(a|button|form|input)\b/);
  });

  it('Dice Realms, in French: the realms as a table (each die by each realm), in the reader\'s language', async () => {
    const game = await serverGame('dice-realms');
    const answer = await site.send(`/g/${game.watchToken}?lang=fr`);
    expect(answer.status).toBe(200);
    const toggle = toggleOf(answer.body);
    expect(toggle).toContain('<summary>Décrire</summary>');
    expect(toggle).toContain('<h3>Choix actuels</h3>');
    expectTable(toggle, game, 'realms', 'fr');
  });

  it('the changing part the script fetches (and the event stream sends) holds the same toggle', async () => {
    const game = await serverGame('siege-master');
    const page = await site.send(`/g/${game.watchToken}?lang=en-US`);
    const live = await site.send(`/g/${game.watchToken}/live?lang=en-US`);
    expect(live.status).toBe(200);
    expect(toggleOf(live.body)).toBe(toggleOf(page.body));
  });
});
