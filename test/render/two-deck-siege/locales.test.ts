// Given whole seeded games of Two Deck Siege (every position, on both castles, with and without
// the attacker's questions), then in every language every text on every board fits its room,
// measured with the shipped font (test/render/textFit.ts), and none is under 2.5 % of the width;
// a finished board with the platform's result and a long player name too; and every card name in
// every language fits a card face of the fullest hand without a word cut where it must not be.
import { describe, expect, it } from 'vitest';
import { LOCALES, say, t } from '../../../src/i18n/index.js';
import { Rng } from '../../../src/engine/index.js';
import game, { DATA, type TwoDeckSiegeOptions, type TwoDeckSiegeState, type TwoDeckSiegeView } from '../../../src/games/two-deck-siege/index.js';
import { breakLines } from '../../../src/render/two-deck-siege/fit.js';
import { cardWidth } from '../../../src/render/two-deck-siege/panels.js';
import { renderTwoDeckSiegeBoard } from '../../../src/render/two-deck-siege/index.js';
import { expectTextsFit } from '../textFit.js';
import { expectReadableText } from '../textSize.js';

const seats = [{ kind: 'human' as const }];
const GAMES: [string, TwoDeckSiegeOptions][] = [
  ['square', { castle: 'square', thickWalls: false, reinforcements: 0, autoChoose: false }],
  ['rectangle', { castle: 'rectangle', thickWalls: true, reinforcements: 2, autoChoose: false }],
  ['square-thick', { castle: 'square', thickWalls: true, reinforcements: 1, autoChoose: true }],
];

/** Every position of a seeded game, played mostly with cards so that every part of a turn shows. */
function positions(seed: string, options: TwoDeckSiegeOptions): TwoDeckSiegeState[] {
  const r = Rng.fromSeed(`locales-${seed}`);
  let s = game.setup(seed, seats, options);
  const out = [s];
  for (let i = 0; i < 3000 && game.toAct(s).length; i++) {
    const moves = game.legalMoves(s, 0);
    const nonEnd = moves.filter((m) => m.type !== 'end' && m.type !== 'done');
    const played = game.play(s, 0, nonEnd.length && r.next() < 0.8 ? r.pick(nonEnd) : r.pick(moves));
    if (!played.ok) throw new Error(played.error.message);
    s = played.value.state;
    out.push(s);
  }
  return out;
}

const view = (s: TwoDeckSiegeState) => game.view(s, 0) as TwoDeckSiegeView;

describe('Two Deck Siege boards in every language', () => {
  for (const [name, options] of GAMES) {
    it(`given a whole seeded game (${name}), then on every board in every language every text fits and is readable`, () => {
      const boards = positions(`${name}-1`, options).map(view);
      expect(boards.at(-1)!.outcome).not.toBeNull();
      for (const locale of LOCALES) {
        const seen = new Set<string>();
        boards.forEach((v, i) => {
          const svg = renderTwoDeckSiegeBoard(v, { locale, players: ['Alexandra'] });
          // Alike positions draw alike boards: each distinct board is measured once.
          if (seen.has(svg)) return;
          seen.add(svg);
          expectTextsFit(svg, `${name} ${locale} position ${i}`);
          expectReadableText(svg, `${name} ${locale} position ${i}`);
        });
      }
    });
  }

  it('given a finished board with the platform\'s result and the longest name, then every text fits in every language', () => {
    const last = view(positions('square-2', GAMES[0]![1]).at(-1)!);
    for (const locale of LOCALES) {
      const finished = { title: 'Alexandra the Great has resigned the siege', detail: 'Alexandra the Great resigned after a long night on the walls of the castle.', winners: [] };
      for (const opts of [{ finished }, { players: ['Wolfeschlegelsteinhausenbergerdo'] }]) {
        const svg = renderTwoDeckSiegeBoard(last, { locale, ...opts });
        expectTextsFit(svg, `finished ${locale}`);
        expectReadableText(svg, `finished ${locale}`);
      }
    }
  });

  it('given the fullest hand (8 cards), then every card name in every language fits its face, broken only between syllables', () => {
    const room = cardWidth(8) - 12;
    const cut: string[] = [];
    for (const locale of LOCALES) {
      for (const key of [...DATA.orders.map((o) => `terms.cards.${o.key}.name`), ...DATA.specials.map((s) => `terms.units.${s.key}.name`)]) {
        const name = t(locale, `two-deck-siege:${key}`);
        const { lines, forced } = breakLines(name, 25, room);
        if (forced || lines.length > 4) cut.push(`${locale} ${key}: ${lines.join(' / ')}`);
      }
    }
    expect(cut).toEqual([]);
  });

  it('given a position in each language, then the board says its question, its corners and its cards in that language', () => {
    const asking = positions('square-4', GAMES[0]![1]).find((s) => s.phase === 'attacker')!;
    const v = view(asking);
    for (const locale of LOCALES) {
      const drawn = [...renderTwoDeckSiegeBoard(v, { locale }).matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!).join(' ');
      const said = (key: string, values = {}) => t(locale, `two-deck-siege:${key}`, values);
      expect(drawn, locale).toContain(said('board.turn', { turn: v.turn }));
      expect(drawn, locale).toContain(said('board.enemyDeck'));
      expect(drawn, locale).toContain(said(`terms.units.${v.courtyard.defenders[0]!.key}.code`));
      // The question's first words, as the language says them.
      const question = say(locale, v.question!.phrase!, 'two-deck-siege').split(' ').slice(0, 2).join(' ');
      expect(drawn, locale).toContain(question.replace(/&/g, '&amp;').replace(/'/g, '&apos;'));
    }
  });

  it('given every language, then the units\' codes are distinct and the board is one height whatever the position', () => {
    // The same seeded games in every language: played once.
    const games = [positions('square-3', GAMES[0]![1]), positions('rectangle-3', GAMES[1]![1])];
    for (const locale of LOCALES) {
      const codes = [...DATA.enemies, ...DATA.defenders, ...DATA.specials].map((u) => t(locale, `two-deck-siege:terms.units.${u.key}.code`));
      expect(new Set(codes).size, locale).toBe(codes.length);
      const heights = new Set(
        games.flatMap((list) =>
          [list[0]!, list[Math.floor(list.length / 2)]!, list.at(-1)!].map((s) => /height="(\d+)"/.exec(renderTwoDeckSiegeBoard(view(s), { locale }))![1]),
        ),
      );
      expect([...heights], locale).toHaveLength(1);
    }
  });
});
