// Given Swiss tournaments of 8, 16 and 64 seeded players (results drawn with a fixed seed, a bye,
// a forfeit, a withdrawal, a game still to play) and a round-robin of 4, then the crosstable drawn
// with real sharp decodes as a PNG of a readable size in every language, every text fits its room,
// its cells name opponents by row as the standings order them, a field larger than the image's
// rows says how many more there are, a hostile name stays text, and the standings said in words
// (the image's alt text) keep within Discord's 1,024 characters.
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/i18n/index.js';
import { cellText, crosstableAltText, crosstableSvg, MAX_ROWS, pointsText, renderCrosstablePng } from '../../src/render/crosstable.js';
import { pngToPixels } from '../../src/render/rasterize.js';
import { crosstableOf, type CrosstableModel } from '../../src/tournaments/index.js';
import { bergerTable, pairSwissRound, standings, type Game, type GameResult, type TournamentFormat } from '../../src/tournaments/pairing/index.js';
import { expectTextsFit } from './textFit.js';

const NAMES = ['Alice', 'Bartholomew Longname-The-Third of Westeros', 'Çédric', '<b>hax</b> & "quotes"', 'Zoë 🐉', 'bob'];

/** A seeded Swiss of `size` players over `rounds` rounds; the last round's first board is still to play when not `final`. */
function swiss(size: number, rounds: number, final: boolean, seed = 7): CrosstableModel {
  const players = Array.from({ length: size }, (_, i) => ({ id: `p${i}`, rating: 2000 - i * 10, withdrawn: i === size - 1 }));
  const games: Game[] = [];
  let s = seed >>> 0;
  const draw = () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  for (let r = 1; r <= rounds; r++) {
    // The last player withdraws after round 2.
    const field = players.map((p) => ({ ...p, withdrawn: p.withdrawn && r > 2 }));
    pairSwissRound(field, games, r).forEach((p, b) => {
      const result: GameResult = p.black === null ? 'bye' : !final && r === rounds && b === 0 ? 'pending' : (['white', 'black', 'draw'] as const)[Math.floor(draw() * 3)]!;
      games.push({ round: r, white: p.white, black: p.black, result, ...(r === 2 && b === 1 ? { forfeit: true } : {}) });
    });
  }
  return modelOf('swiss', players, games, rounds, final);
}

function modelOf(format: TournamentFormat, players: { id: string; rating: number; withdrawn?: boolean }[], games: Game[], rounds: number, final: boolean): CrosstableModel {
  const table = standings(format, players, games);
  const byRound = Array.from({ length: rounds }, (_, i) => ({
    round: i + 1,
    boards: games.filter((g) => g.round === i + 1).map((g, b) => ({ board: b + 1, white: g.white, black: g.black, result: g.result, forfeit: g.forfeit === true, gameId: null, place: null })),
  }));
  const t = { id: 1, name: 'Spring Cup <script>', format, status: final ? ('FINISHED' as const) : ('RUNNING' as const), round: rounds, roundCount: rounds };
  return crosstableOf(t, table, byRound, (id) => `${NAMES[Number(id.slice(1)) % NAMES.length]} ${id}`);
}

describe('the crosstable image', () => {
  it.each([
    [8, 4, true],
    [16, 5, false],
    [64, 7, true],
  ])('of a Swiss of %i over %i rounds decodes as a PNG of a readable size, in every language', async (size, rounds, final) => {
    const model = swiss(size, rounds, final);
    for (const locale of LOCALES) {
      const svg = crosstableSvg(model, locale);
      expectTextsFit(svg, `${size} players, ${locale}`);
      const png = await renderCrosstablePng(model, locale);
      const pixels = await pngToPixels(png);
      // As wide as a table of its rounds needs, no wider than a desktop's screen; no taller than its shown rows need.
      expect(pixels.width).toBeGreaterThanOrEqual(700);
      expect(pixels.width).toBeLessThanOrEqual(1600);
      expect(pixels.height).toBeGreaterThan(200 + Math.min(size, MAX_ROWS) * 30);
      expect(pixels.height).toBeLessThanOrEqual(2000);
      // A hostile name is text: escaped in the SVG, never markup.
      expect(svg).not.toMatch(/<b>|<script>/);
      if (size > MAX_ROWS) expect(svg).toMatch(new RegExp(`${size - MAX_ROWS}`));
    }
  });

  it('names each opponent by row, as the standings order them, with the result, the bye, the forfeit and the first mover', () => {
    const model = swiss(8, 4, true);
    model.rows.forEach((row, i) => {
      row.rounds.forEach((cell, r) => {
        if (cell.opponent === null) return;
        const other = model.rows[cell.opponent - 1]!.rounds[r]!;
        expect(other.opponent).toBe(i + 1);
        expect(other.first).toBe(!cell.first);
        expect(other.forfeit).toBe(cell.forfeit);
        expect(other.result).toBe({ win: 'loss', loss: 'win', draw: 'draw', pending: 'pending' }[cell.result as 'win']);
      });
    });
    const cells = model.rows.flatMap((r) => r.rounds);
    expect(cells.some((c) => c.result === 'bye')).toBe(true);
    expect(cells.some((c) => c.forfeit)).toBe(true);
    // The withdrawn player has no game after their withdrawal.
    const withdrawn = model.rows.find((r) => r.withdrawn)!;
    expect(withdrawn.rounds.slice(2).every((c) => c.result === 'absent')).toBe(true);
    expect(cellText('en-US', { result: 'win', opponent: 5, first: true, forfeit: false })).toBe('+5');
    expect(cellText('en-US', { result: 'loss', opponent: 12, first: false, forfeit: true })).toBe('−12*');
    expect(cellText('de', { result: 'bye', opponent: null, first: false, forfeit: false })).toBe('frei');
    expect([pointsText(2.5), pointsText(0.5), pointsText(3)]).toEqual(['2½', '½', '3']);
  });

  it('of a round-robin of four shows its Berger rounds and its own tie-breaks', async () => {
    const players = ['p0', 'p1', 'p2', 'p3'].map((id, i) => ({ id, rating: 1500 - i }));
    const results: GameResult[] = ['white', 'draw', 'black', 'white', 'white', 'draw'];
    const games = bergerTable(players.map((p) => p.id)).flatMap((pairs, r) => pairs.map((p, b) => ({ round: r + 1, white: p.white, black: p.black, result: results[(r * 2 + b) % results.length]! })));
    const model = modelOf('round-robin', players, games, 3, true);
    expect(model.tieBreaks).toEqual(['sonnebornBerger', 'wins']);
    expect(model.rows.every((r) => r.rounds.length === 3 && r.rounds.every((c) => c.opponent !== null))).toBe(true);
    const png = await renderCrosstablePng(model, 'fr');
    expect((await pngToPixels(png)).width).toBeGreaterThanOrEqual(560);
  });

  it('said in words stays within 1,024 characters and says how many more when the field is large', () => {
    const small = crosstableAltText(swiss(8, 4, true), 'en-US');
    expect(small).toMatch(/^Final standings of Spring Cup <script>: 1\. .+, \d+½? points?; .+; 8\. .+\.$/);
    for (const locale of LOCALES) {
      const large = crosstableAltText(swiss(64, 7, true), locale);
      expect(large.length).toBeLessThanOrEqual(1024);
      expect(large).toMatch(/\d+\D{0,12}\.$/);
    }
    expect(crosstableAltText(swiss(64, 7, true), 'en-US')).toMatch(/and \d+ more\.$/);
    expect(crosstableAltText(swiss(16, 5, false), 'de')).toMatch(/^Stand von Spring Cup <script> nach Runde 5: 1\. /);
  });
});
