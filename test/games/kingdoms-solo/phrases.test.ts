// Given seeded Solo Variant games at every difficulty, then every text a player reads (events,
// choices, questions, results, refusals) carries a phrase whose en-US text is exactly the engine's
// English, and every language says it without a missing key or placeholder; the definition's texts
// follow the catalog; every kind of event was met; labels and descriptions stay within Discord's room.
import { describe, expect, it } from 'vitest';
import { LOCALES, say } from '../../../src/i18n/index.js';
import type { GameEvent } from '../../../src/engine/index.js';
import game, { buildPosition, rngForRolls } from '../../../src/games/kingdoms-solo/index.js';
import { definitionTextProblems, expectGameSpeaksEveryLanguage, phraseProblems } from '../../helpers/phrases.js';
import { Rng } from '../../../src/engine/rng.js';

const seats = [{ kind: 'human' as const }];
/** A label that is a bare number (a trade's amount) is notation. */
const isNotation = (label: string) => /^\d+$/.test(label);

describe('Kingdoms Solo Variant speaks every language', () => {
  for (const difficulty of ['easier', 'standard', 'harder']) {
    it(`given 14 seeded ${difficulty} games, then every event, choice, question, result and refusal has its phrase`, () => {
      expectGameSpeaksEveryLanguage(game, { games: 14, seats, options: { difficulty }, isNotation });
    });
  }

  it('given the definition, then its title, summary, seat, rules and options are in the catalog as they are', () => {
    expect(definitionTextProblems(game)).toEqual([]);
  });

  it('given refused moves in built positions, then each refusal speaks every language', () => {
    const problems: string[] = [];
    const positions = [
      buildPosition({ phase: 'turn', shields: { patrol: 1 } }),
      buildPosition({ phase: 'follow', action: 'build' }),
      buildPosition({ phase: 'war', wars: [{ region: 'greyfen', attacker: 'player', defender: 'ai', cause: 'patrol' }] }),
      buildPosition({ phase: 'flag', wars: [{ region: 'greyfen', attacker: 'player', defender: 'ai', cause: 'patrol' }], flagCommit: { mana: 1, ore: 0 } }),
    ];
    const texts = ['build', 'research', 'patrol greyfen to oakhold', 'quest greyfen to briarwick', 'expand greyfen', 'trade 9 food for mana', 'skip patrol', 'collect', 'war 9', 'white flag', 'defeat', 'faction ashen', 'territory ashfen', 'split 3 2 1', 'place greyfen', 'hello'];
    for (const s of positions) {
      for (const text of texts) {
        const r = game.parseMove(s, 0, text);
        if (!r.ok) problems.push(...phraseProblems(r.error.phrase, r.error.message, game.id, `"${text}"`));
      }
      const notYou = game.play(s, 1, { type: 'build' });
      if (!notYou.ok) problems.push(...phraseProblems(notYou.error.phrase, notYou.error.message, game.id, 'seat 1'));
      for (const bad of [null, { type: 'nope' }, { type: 'trade', from: 'gold' }, { type: 'skip', action: 'dance' }]) {
        const r = game.play(s, 0, bad as never);
        if (!r.ok) problems.push(...phraseProblems(r.error.phrase, r.error.message, game.id, JSON.stringify(bad)));
      }
    }
    expect(problems).toEqual([]);
  });

  it('given seeded games, then the walk meets every kind of event the Solo Variant tells', () => {
    const types = new Set<string>();
    for (let g = 0; g < 30; g++) {
      const rng = Rng.fromSeed(`solo-kinds/${g}`);
      let s = game.setup(`solo-kinds-${g}`, seats, { difficulty: (['easier', 'standard', 'harder'] as const)[g % 3]! });
      for (let ply = 0; ply < 500 && !game.outcome(s); ply++) {
        const moves = game.legalMoves(s, 0);
        const r = game.play(s, 0, moves[rng.int(moves.length)]!);
        if (!r.ok) throw new Error(r.error.message);
        r.value.events.forEach((e: GameEvent) => types.add(`${e.type}${e.type === 'enemy-action' ? `:${String(e.action)}` : ''}`));
        s = r.value.state;
      }
    }
    for (const kind of ['faction', 'territory', 'split', 'place', 'action', 'enemy-choice', 'enemy-action:patrol', 'enemy-action:collect', 'enemy-action:refill', 'enemy-action:build', 'war', 'roll', 'round', 'end-triggered', 'game-over']) {
      expect(types, kind).toContain(kind);
    }
  });

  it('given a white flag with alliances, then its events and refusals speak every language', () => {
    const s = buildPosition({
      phase: 'war',
      wars: [{ region: 'greyfen', attacker: 'player', defender: 'ai', cause: 'patrol' }],
      meeples: { greyfen: [1, 1], oakhold: [1, 0] },
      player: { mana: 3, ore: 2 },
      rng: rngForRolls(['flag']),
    });
    const problems: string[] = [];
    const flagged = game.play(s, 0, { type: 'war', mana: 1, ore: 0 });
    if (!flagged.ok) throw new Error(flagged.error.message);
    for (const next of [{ type: 'alliance' }, { type: 'defeat' }] as const) {
      const r = game.play(flagged.value.state, 0, next);
      if (!r.ok) throw new Error(r.error.message);
      for (const e of [...flagged.value.events, ...r.value.events]) problems.push(...phraseProblems(e.phrase, e.text, game.id, e.type));
    }
    expect(problems).toEqual([]);
  });

  it('given every choice of a few positions, then each label fits a button (80) and each description a menu line (100), in every language', () => {
    const long: string[] = [];
    const positions = [
      game.setup('lengths', seats, game.defaultOptions),
      buildPosition({ phase: 'turn', player: { food: 9, mana: 9, ore: 9 } }),
      buildPosition({ phase: 'war', wars: [{ region: 'greyfen', attacker: 'ai', defender: 'player', cause: 'alliance' }], player: { mana: 5, ore: 5 } }),
      buildPosition({ phase: 'flag', wars: [{ region: 'greyfen', attacker: 'player', defender: 'ai', cause: 'patrol' }], flagCommit: { mana: 4, ore: 3 } }),
      buildPosition({ phase: 'follow', action: 'trade', player: { food: 9, mana: 4, ore: 2 } }),
    ];
    for (const s of positions) {
      for (const m of game.legalMoves(s, 0)) {
        for (const c of game.choicePath!(s, 0, m)) {
          for (const locale of LOCALES) {
            if (c.phrase && say(locale, c.phrase, game.id).length > 80) long.push(`${locale} label ${say(locale, c.phrase, game.id)}`);
            if (c.descriptionPhrase && say(locale, c.descriptionPhrase, game.id).length > 100) long.push(`${locale} description ${say(locale, c.descriptionPhrase, game.id)}`);
          }
        }
      }
    }
    expect([...new Set(long)]).toEqual([]);
  });
});
