// Given every running position of a seeded siege, then in every language the panel that says what
// the player is asked reads as a sentence: it ends with its full stop, or its own question mark
// ("Gegenangriff: Wähle, wo die nächste Einheit steht, oder beende." with its stop); and so does
// the reason of a result the platform gives ("Alle Verteidiger sind tot.").
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/engine/index.js';
import { LOCALES } from '../../../src/i18n/index.js';
import game, { type TwoDeckSiegeState, type TwoDeckSiegeView } from '../../../src/games/two-deck-siege/index.js';
import { renderTwoDeckSiegeBoard } from '../../../src/render/two-deck-siege/index.js';

/** The views of a seeded game while it runs, played mostly with cards so that every question shows. */
function running(seed: string): TwoDeckSiegeView[] {
  const r = Rng.fromSeed(`prompt-${seed}`);
  let s: TwoDeckSiegeState = game.setup(seed, [{ kind: 'human' }], { ...game.defaultOptions, autoChoose: false });
  const views: TwoDeckSiegeView[] = [];
  for (let i = 0; i < 3000 && game.toAct(s).length; i++) {
    views.push(game.view(s, 0) as TwoDeckSiegeView);
    const moves = game.legalMoves(s, 0);
    const busy = moves.filter((m) => m.type !== 'end' && m.type !== 'done');
    const played = game.play(s, 0, busy.length && r.next() < 0.8 ? r.pick(busy) : r.pick(moves));
    if (!played.ok) throw new Error(played.error.message);
    s = played.value.state;
  }
  return views;
}

/** The lines of the question panel (the blue box): the texts drawn inside it, joined. */
function asked(svg: string): string {
  const box = /<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)"[^>]*fill="#eef3fb"/.exec(svg);
  expect(box, 'the board has a question panel').not.toBeNull();
  const [top, bottom] = [Number(box![1]), Number(box![1]) + Number(box![2])];
  return [...svg.matchAll(/<text\b[^>]*\sy="([\d.]+)"[^>]*>([^<]*)<\/text>/g)]
    .filter((m) => Number(m[1]) > top && Number(m[1]) < bottom)
    .map((m) => m[2]!)
    .join(' ');
}

describe('Two Deck Siege: the question panel', () => {
  it('given every running position, then in every language what the player is asked ends as a sentence', () => {
    const views = running('sentence');
    expect(views.length).toBeGreaterThan(50);
    for (const locale of LOCALES) {
      const seen = new Set<string>();
      for (const [i, v] of views.entries()) {
        const said = asked(renderTwoDeckSiegeBoard(v, { locale }));
        if (seen.has(said)) continue;
        seen.add(said);
        expect(said, `${locale} position ${i}: ${said}`).toMatch(/[.!?]$/);
      }
      expect(seen.size, locale).toBeGreaterThan(5);
    }
  });

  it('given a result the platform gives, then its reason is drawn as a sentence', () => {
    const v = running('sentence')[10]!;
    const finished = { title: 'Du hast verloren: 69 Punkte', detail: 'Alle Verteidiger sind tot', winners: [] };
    const svg = renderTwoDeckSiegeBoard(v, { locale: 'de', finished });
    expect([...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((m) => m[1])).toContain('Alle Verteidiger sind tot.');
  });
});
