// Given seeded Siege Mode games, then every text a player reads (events, choices, questions,
// results, refusals) carries a phrase whose en-US text is exactly the engine's English, and every
// language says it without a missing key or placeholder; the definition's texts follow the catalog.
import { describe, expect, it } from 'vitest';
import { LOCALES, say } from '../../../src/i18n/index.js';
import type { GameEvent } from '../../../src/engine/index.js';
import { Rng } from '../../../src/engine/rng.js';
import game, { buildPosition } from '../../../src/games/kingdoms-siege/index.js';
import { definitionTextProblems, expectGameSpeaksEveryLanguage, gamePhraseProblems } from '../../helpers/phrases.js';

const seats = [{ kind: 'human' as const }];

describe('Kingdoms Siege Mode speaks every language', () => {
  it('given 40 seeded games with every faction, then every event, choice, question, result and refusal has its phrase', () => {
    for (const faction of ['random', 'ashen', 'verdant', 'sheaf', 'tidebound', 'stonewatch', 'duskveil']) {
      expectGameSpeaksEveryLanguage(game, { games: faction === 'random' ? 16 : 4, seats, options: { faction } });
    }
  });

  it('given seeded games, then the walk meets every kind of event Siege Mode tells, each with its phrase', () => {
    const kinds = new Set<string>();
    for (let g = 0; g < 40; g++) {
      const rng = Rng.fromSeed(`siege-kinds/${g}`);
      let s = game.setup(`siege-kinds-${g}`, seats, game.defaultOptions);
      for (let ply = 0; ply < 400 && !game.outcome(s); ply++) {
        const moves = game.legalMoves(s, 0);
        const r = game.play(s, 0, moves[rng.int(moves.length)]!);
        if (!r.ok) throw new Error(r.error.message);
        r.value.events.forEach((e: GameEvent) => {
          expect(e.phrase, e.text).toBeDefined();
          kinds.add(`${e.type}${e.type === 'enemy-action' ? `:${String(e.effect)}` : ''}`);
        });
        s = r.value.state;
      }
    }
    const expected = ['split', 'place', 'patrol', 'quest', 'build', 'research', 'expand', 'trade', 'collect', 'skip', 'war', 'round', 'end-triggered', 'score', 'population-lost'];
    for (const kind of [...expected, 'enemy-action:collect', 'enemy-action:burn', 'enemy-action:feed', 'enemy-action:build', 'enemy-action:none']) expect(kinds, kind).toContain(kind);
  });

  it('given the definition, then its title, summary, seat, rules and options are in the catalog as they are', () => {
    expect(definitionTextProblems(game)).toEqual([]);
    expect(definitionTextProblems(game, 'kingdoms-siege')).toEqual([]);
  });

  it('given a refused move in a built position, then the refusal speaks every language too', () => {
    const s = buildPosition({ occupants: { greyfen: [1, 0], briarwick: [0, 1] }, player: { ore: 1, mana: 0 } });
    const problems: string[] = [];
    for (const text of ['build', 'research', 'patrol greyfen oakhold war 3', 'quest greyfen briarwick', 'trade 5 food mana', 'skip nothing', 'collect', 'split 3 2 1', 'expand redcliff']) {
      const r = game.parseMove(s, 0, text);
      if (!r.ok) problems.push(...gamePhraseProblemsOf(r.error.phrase, r.error.message));
    }
    expect(problems).toEqual([]);
  });

  it('given every phrase of a game, then each label fits a button (80) and each description a menu line (100), in every language', () => {
    const s = game.setup('phrases-lengths', seats, game.defaultOptions);
    const long: string[] = [];
    const check = (state: typeof s) => {
      for (const m of game.legalMoves(state, 0)) {
        for (const c of game.choicePath!(state, 0, m)) {
          for (const locale of LOCALES) {
            if (c.phrase && say(locale, c.phrase, game.id).length > 80) long.push(`${locale} label ${say(locale, c.phrase, game.id)}`);
            if (c.descriptionPhrase && say(locale, c.descriptionPhrase, game.id).length > 100) long.push(`${locale} description ${say(locale, c.descriptionPhrase, game.id)}`);
          }
        }
      }
    };
    check(s);
    check(buildPosition({ occupants: { greyfen: [2, 0], saltmarsh: [1, 0], briarwick: [0, 1] }, player: { food: 5, mana: 4, ore: 3 }, rng: 'lengths' }));
    check(buildPosition({ occupants: { greyfen: [2, 0], barrow: [1, 0] }, phase: 'follow', follow: 'trade', player: { food: 5, mana: 4, ore: 3 } }));
    expect([...new Set(long)]).toEqual([]);
  });
});

function gamePhraseProblemsOf(phrase: Parameters<typeof say>[1] | undefined, english: string): string[] {
  // The helper's check of one phrase, through a one-off definition that refuses every text with it.
  const fake = { ...game, parseMove: () => ({ ok: false as const, error: { code: 'x', message: english, ...(phrase ? { phrase } : {}) } }) };
  return gamePhraseProblems(fake, { games: 1, seats, maxPlies: 1 }).filter((p) => p.startsWith('parseMove'));
}
