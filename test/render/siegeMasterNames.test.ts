// Given Siege Master boards with members' names on both seats' cards (the seat to play, the
// winner, both palettes, every language), then a name of 19 letters ("Friederike Großmann") is
// drawn whole, as the other games draw it; a name of 32 (Discord's longest) is drawn at the
// readable minimum before it is shortened, never shortened at a larger size; and every text fits.
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/i18n/index.js';
import { Rng } from '../../src/engine/index.js';
import game, { type SiegeMasterState } from '../../src/games/siege-master/index.js';
import { renderBoardSvg } from '../../src/render/index.js';
import { minFontSize } from '../../src/render/svg.js';
import { expectTextsFit } from './textFit.js';
import { svgWidth } from './textSize.js';

const HUMANS = [{ kind: 'human' as const }, { kind: 'human' as const }];

/** Positions of a seeded game: Red to play, Blue to play, and the end (a winner's tag on a card). */
function positions(): SiegeMasterState[] {
  const parsed = game.parseOptions({ map: 'europe' });
  if (!parsed.ok) throw new Error(parsed.error.message);
  const rng = Rng.fromSeed('names');
  const states = [game.setup('names', HUMANS, parsed.value)];
  for (let ply = 0; ply < 400; ply++) {
    const s = states.at(-1)!;
    const seat = game.toAct(s)[0];
    if (seat === undefined) break;
    const moves = game.legalMoves(s, seat);
    const played = game.play(s, seat, moves[rng.int(moves.length)]!);
    if (!played.ok) throw new Error(played.error.message);
    states.push(played.value.state);
  }
  const toPlay = (seat: number) => states.find((s, i) => i > 4 && game.toAct(s)[0] === seat)!;
  const last = states.at(-1)!;
  expect(game.outcome(last)).not.toBeNull();
  return [toPlay(0), toPlay(1), last];
}

/** The texts that carry a member's name (beside the seat's name or on a row of its own), with their size and whether they were shortened. */
function nameTexts(svg: string, player: string): { content: string; size: number; shortened: boolean }[] {
  const start = Array.from(player).slice(0, 4).join('');
  return [...svg.matchAll(/<text\b([^>]*)>([^<]*)<\/text>/g)]
    .filter((m) => m[1]!.includes('data-chosen') && m[2]!.includes(start))
    .map((m) => ({ content: m[2]!, size: Number(/font-size="([\d.]+)"/.exec(m[1]!)![1]), shortened: m[2]!.endsWith('…') }));
}

describe('Siege Master: members\' names on the seats\' cards', () => {
  const boards = positions();

  it('given "Friederike Großmann" on either seat, to play or the winner, then the name is drawn whole in every language and palette', () => {
    for (const locale of LOCALES) {
      for (const palette of ['standard', 'colourblind'] as const) {
        for (const [i, state] of boards.entries()) {
          const players = ['Friederike Großmann', 'Friederike Großmann'];
          const svg = renderBoardSvg('siege-master', game.view(state), { locale, palette, players });
          const label = `${locale} ${palette} board ${i}`;
          const names = nameTexts(svg, players[0]!);
          expect(names, label).toHaveLength(2);
          for (const name of names) {
            expect(name.content, label).toContain('Friederike Großmann');
            expect(name.size, label).toBeGreaterThanOrEqual(minFontSize(svgWidth(svg)));
          }
          expectTextsFit(svg, label);
        }
      }
    }
  });

  it('given names of 32 characters, then a name is shortened only at the readable minimum, and kept whole when it fits there', () => {
    const seen = { whole: 0, shortened: 0 };
    for (const players of [
      ['Maximilian Alexander von Habsbur', 'Wolfeschlegelsteinhausenbergerdo'],
      ['Jörg', 'Anna-Katharina Zimmermann-Schulz'],
    ]) {
      for (const locale of LOCALES) {
        for (const [i, state] of boards.entries()) {
          const svg = renderBoardSvg('siege-master', game.view(state), { locale, players });
          const label = `${locale} board ${i} ${players.join(' / ')}`;
          const min = minFontSize(svgWidth(svg));
          for (const [seat, player] of players.entries()) {
            const [name] = nameTexts(svg, player);
            expect(name, `${label} seat ${seat}`).toBeDefined();
            expect(name!.size, label).toBeGreaterThanOrEqual(min);
            if (name!.shortened) expect(name!.size, `${label}: "${name!.content}" shortened above the minimum`).toBe(min);
            else expect(name!.content, label).toContain(player);
            seen[name!.shortened ? 'shortened' : 'whole']++;
          }
          expectTextsFit(svg, label);
        }
      }
    }
    // Most such names are drawn whole; one of wide capitals is shortened, at the minimum.
    expect(seen.whole).toBeGreaterThan(0);
    expect(seen.shortened).toBeGreaterThan(0);
  });
});
