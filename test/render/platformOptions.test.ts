// Given every game's boards (start, mid-game, finished) and the options only the platform knows
// (`finished` for a game it ended without a move, `players` for display names), then each board
// shows the result instead of whose turn it is, draws the names beside the seats, and keeps every
// text at least 2.5 % of the image width. PNGs of the finished boards land in test/.out/render/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { statusLine, type DiceRealmsView } from '../../src/render/dice-realms/board.js';
import { renderBoardSvg, type RenderOptions } from '../../src/render/index.js';
import { svgToPng } from '../../src/render/index.js';
import { palette } from '../../src/render/svg.js';
import { promptText } from '../../src/render/two-deck-siege/index.js';
import type { KingdomsView } from '../../src/games/kingdoms-base/view.js';
import type { TwoDeckSiegeView } from '../../src/games/two-deck-siege/index.js';
import type { SiegeMasterView } from '../../src/render/siege-master/board.js';
import { allGameSamples, LONG_NAMES, SEATS, type GameSample } from './fixtures/allGames.js';
import { expectReadableText, svgTexts } from './textSize.js';

const OUT = fileURLToPath(new URL('../.out/render/', import.meta.url));
const GAMES = ['siege-master', 'dice-realms', 'kingdoms-siege', 'kingdoms-solo', 'two-deck-siege'];

let samples: GameSample[] = [];
const of = (game: string) => samples.filter((s) => s.game === game);
const mid = (game: string) => of(game).find((s) => s.stage === 'mid')!;

/** A result the platform gives: Red resigned in a duel; the player resigned in a solo game. */
function resigned(game: string): NonNullable<RenderOptions['finished']> {
  return SEATS[game] === 2
    ? { title: 'Blue won', detail: 'Red resigned.', winners: [1] }
    : { title: 'You lost', detail: 'alice resigned.', winners: [] };
}

const shortNames = (game: string) => (SEATS[game] === 2 ? ['alice', 'bob'] : ['alice']);
const longNames = (game: string) => LONG_NAMES.slice(0, SEATS[game]);

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  samples = await allGameSamples();
});

describe('phone readability: no text under 2.5 % of the width', () => {
  it('given every game at the start, mid-game and finished, then samples exist for each', () => {
    for (const game of GAMES) expect(new Set(of(game).map((s) => s.stage)), game).toEqual(new Set(['start', 'mid', 'over']));
  });

  for (const game of GAMES) {
    it(`given ${game} boards, plain, with names (short and 32 characters) and with a result, in both palettes`, () => {
      for (const s of of(game)) {
        const variants: [string, RenderOptions][] = [
          ['plain', {}],
          ['names', { players: shortNames(game) }],
          ['long names', { players: longNames(game), palette: 'colourblind' }],
          ['finished', { finished: resigned(game) }],
          ['finished, long names', { finished: resigned(game), players: longNames(game) }],
        ];
        for (const [label, opts] of variants) expectReadableText(renderBoardSvg(game, s.view, opts), `${game} ${s.name} (${label})`);
      }
    });
  }
});

describe('a game the platform ended shows its result', () => {
  it('given siege-master mid-game with a resignation, then the result, no TO PLAY and no playable cells', async () => {
    const s = of('siege-master').find((v) => (v.view as SiegeMasterView).hintCells.length > 0)!;
    const hint = `fill="${palette('standard').hint}"`;
    const plain = renderBoardSvg('siege-master', s.view);
    expect(svgTexts(plain)).toContain('TO PLAY');
    expect(plain).toContain(hint);
    const svg = renderBoardSvg('siege-master', s.view, { finished: resigned('siege-master') });
    const all = svgTexts(svg);
    expect(all).toContain('Blue won');
    expect(all).toContain('Red resigned.');
    expect(all).toContain('WINS');
    expect(all).not.toContain('TO PLAY');
    expect(all.join('\n')).not.toMatch(/ to play/);
    expect(svg).not.toContain(hint);
    expect(svg).not.toBe(plain);
    writeFileSync(`${OUT}finished-siege-master.png`, await svgToPng(svg));
  });

  it('given dice-realms waiting for a defender, then the result, no TO PLAY/TO DEFEND, no attack rings', async () => {
    const s = of('dice-realms').find((v) => v.name === 'defend')!;
    const gold = palette('standard').highlight;
    const ring = new RegExp(`<path d="[^"]*" fill="${gold}" stroke="${gold}"`);
    const plain = renderBoardSvg('dice-realms', s.view);
    expect(plain).toMatch(ring);
    const svg = renderBoardSvg('dice-realms', s.view, { finished: resigned('dice-realms') });
    const all = svgTexts(svg);
    expect(all).toContain('Blue won');
    expect(all.some((t) => t.includes('Red resigned.'))).toBe(true);
    for (const gone of ['TO PLAY', 'TO DEFEND', statusLine(s.view as DiceRealmsView)]) expect(all, gone).not.toContain(gone);
    expect(all.join('\n')).not.toMatch(/attacks/);
    expect(svg).not.toMatch(ring);
    expect(svg).not.toBe(plain);
    writeFileSync(`${OUT}finished-dice-realms.png`, await svgToPng(svg));
  });

  for (const game of ['kingdoms-siege', 'kingdoms-solo']) {
    it(`given ${game} mid-game with a resignation, then the result instead of what the player is asked`, async () => {
      const s = mid(game);
      const asked = (s.view as KingdomsView).asked;
      const plain = renderBoardSvg(game, s.view);
      const firstWords = asked.split(' ').slice(0, 3).join(' ');
      expect(svgTexts(plain).join(' ')).toContain(firstWords);
      const svg = renderBoardSvg(game, s.view, { finished: resigned(game) });
      const all = svgTexts(svg);
      expect(all).toContain('You lost');
      expect(all).toContain('alice resigned.');
      expect(all.join(' ')).not.toContain(firstWords);
      expect(all.join(' ')).not.toMatch(/shield \d of/);
      expect(svg).not.toBe(plain);
      writeFileSync(`${OUT}finished-${game}.png`, await svgToPng(svg));
    });
  }

  it('given two-deck-siege with a question pending, then the result instead of the question', async () => {
    const s = of('two-deck-siege').find((v) => v.name === 'question')!;
    const prompt = promptText(s.view as TwoDeckSiegeView);
    const firstWords = prompt.split(' ').slice(0, 3).join(' ');
    const plain = renderBoardSvg('two-deck-siege', s.view);
    expect(svgTexts(plain).join(' ')).toContain(firstWords);
    const svg = renderBoardSvg('two-deck-siege', s.view, { finished: resigned('two-deck-siege') });
    const all = svgTexts(svg);
    expect(all).toContain('You lost');
    expect(all).toContain('alice resigned.');
    expect(all.join(' ')).not.toContain(firstWords);
    expect(all.join(' ')).not.toMatch(/Plays \d+ left/);
    expect(svg).not.toBe(plain);
    writeFileSync(`${OUT}finished-two-deck-siege.png`, await svgToPng(svg));
  });

  it('given a game the rules already ended, then `finished` still wins: its title, not the view\'s result', () => {
    const sm = of('siege-master').find((v) => v.stage === 'over')!;
    const own = svgTexts(renderBoardSvg('siege-master', sm.view)).join('\n');
    expect(own).toMatch(/ wins\./);
    const fin = svgTexts(renderBoardSvg('siege-master', sm.view, { finished: { title: 'Blue won', detail: 'Red ran out of time.', winners: [1] } })).join('\n');
    expect(fin).toContain('Blue won');
    expect(fin).not.toMatch(/ wins\./);
    const dr = of('dice-realms').find((v) => v.stage === 'over')!;
    const drFin = svgTexts(renderBoardSvg('dice-realms', dr.view, { finished: { title: 'Draw', detail: 'agreed.', winners: [] } }));
    expect(drFin).toContain('Draw');
    expect(drFin.join('\n')).not.toMatch(/wins!/);
    expect(drFin).not.toContain('WINS');
  });

  it('given every game and stage, then `finished` changes the image and puts its title on it', () => {
    for (const s of samples) {
      const fin = { title: 'Result XYZ', detail: 'Someone left.', winners: [0] };
      const svg = renderBoardSvg(s.game, s.view, { finished: fin });
      expect(svgTexts(svg), `${s.game} ${s.name}`).toContain('Result XYZ');
      expect(svg, `${s.game} ${s.name}`).not.toBe(renderBoardSvg(s.game, s.view));
    }
  });
});

describe('players\' display names', () => {
  it('given short names, then each board draws them beside its seats; without names, as before', () => {
    for (const s of samples) {
      const label = `${s.game} ${s.name}`;
      const names = shortNames(s.game);
      const all = svgTexts(renderBoardSvg(s.game, s.view, { players: names })).join('\n');
      for (const name of names) expect(all, label).toContain(name);
      const plain = svgTexts(renderBoardSvg(s.game, s.view)).join('\n');
      expect(plain, label).not.toMatch(/alice|bob/);
    }
    const duel = svgTexts(renderBoardSvg('siege-master', mid('siege-master').view, { players: ['alice', 'bob'] }));
    expect(duel).toContain('Red · alice');
    expect(duel).toContain('Blue · bob');
    const dice = svgTexts(renderBoardSvg('dice-realms', mid('dice-realms').view, { players: ['alice', 'bob'] }));
    expect(dice).toContain('Red · alice');
    expect(dice).toContain('Blue · bob');
  });

  it('given 32-character names with markup and other scripts, then they are escaped, shortened with … where they cannot fit, and rasterize', async () => {
    // Dice Realms and Two Deck Siege give a name the board's width, and Siege Master a card's (on
    // a row of its own when it does not fit beside the seat's name): a Discord name fits whole.
    const whole = new Set(['dice-realms', 'two-deck-siege', 'siege-master']);
    for (const game of GAMES) {
      const s = mid(game);
      const svg = renderBoardSvg(game, s.view, { players: longNames(game) });
      expect(svg, game).not.toContain('<b>');
      const all = svgTexts(svg).join('\n');
      expect(all, game).toMatch(whole.has(game) ? /Ærwyn the Unbreakable Siegelord!/ : /Ærwyn[^\n]*…/);
      if (SEATS[game] === 2) expect(all, game).toMatch(/Blue(?: · |\n)<b>b/);
      const png = await svgToPng(svg);
      expect(png.length, game).toBeGreaterThan(1000);
    }
  });
});
