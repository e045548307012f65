// Moves said in words (README: Languages): seeded games of all five games, each move's words and
// every text that shows moves (a board's log, a retired board's line, the history, the review) in
// German, Spanish, French and Portuguese, hold no engine id. The ids are the lowercase words of
// the games' own notation (`gather`, `farms`, `wheatfold`, `pik3`); coordinates and compass
// directions are capitals and stay as notation. And the English reads as English.
import { describe, expect, it } from 'vitest';
import { Rng, type GameDefinition, type GameEvent, type Phrase, type Seat } from '../../src/engine/index.js';
import { gameById } from '../../src/games/index.js';
import { speaker, type Locale } from '../../src/i18n/index.js';
import { movePhraseOf, sayMove } from '../../src/services/phrases.js';
import type { HistoryEntry } from '../../src/services/records/history.js';
import type { GameSnapshot } from '../../src/services/types.js';
import { turnPlayedText } from '../../src/discord/publish/headlines.js';
import { turnLog, type TurnStep } from '../../src/discord/views/board.js';
import { historyMessage, reviewMessage } from '../../src/discord/views/records.js';

const GAMES = ['siege-master', 'dice-realms', 'kingdoms-siege', 'kingdoms-solo', 'two-deck-siege'] as const;
const OTHER_LOCALES: Locale[] = ['de', 'es-ES', 'fr', 'pt-BR'];
const SEEDS = ['move-words-1', 'move-words-2'];
const MAX_MOVES = 400;

/**
 * Id words a language writes the same way, each with its reason: they are that language's own
 * word, not an engine id left untranslated.
 */
const SAME_WORD: Partial<Record<Locale, Record<string, string>>> = {
  fr: {
    alliance: 'French "une alliance", Kingdoms Solo\'s alliance with the AI',
    faction: 'French "la faction" a player leads in Kingdoms Solo',
    golem: 'French "le golem" of Two Deck Siege\'s "Éveil du golem"',
  },
  'pt-BR': {
    golem: 'Portuguese "o golem" of Two Deck Siege\'s "Despertar do golem"',
    // Two Deck Siege's "play volley as attack": "as" is no id, and Portuguese's article ("as unidades").
    as: 'the Portuguese article "as"',
  },
};

/** Options a seed plays with: one Siege Master game drafts its fortresses (`fort F7`). */
const OPTIONS: Record<string, Record<string, unknown>> = { 'siege-master/move-words-2': { fortresses: 'draft' } };

type Played = { state: unknown; seat: Seat; move: unknown; notation: string; phrase: Phrase | null; events: GameEvent[] };

/** A seeded game of `gameId`, every seat human, moves drawn by a seeded generator, until it ends or MAX_MOVES. */
function playOut(gameId: string, seed: string): { def: GameDefinition; game: GameSnapshot; played: Played[] } {
  const def = gameById(gameId)!;
  const seats = Array.from({ length: def.seats.min }, () => ({ kind: 'human' as const }));
  const options = def.parseOptions(OPTIONS[`${gameId}/${seed}`] ?? {});
  if (!options.ok) throw new Error(options.error.message);
  let state = def.setup(seed, seats, options.value);
  const rng = Rng.fromSeed(`${seed}-moves`);
  const played: Played[] = [];
  while (played.length < MAX_MOVES && def.toAct(state).length > 0) {
    const seat = def.toAct(state)[0]!;
    const move = rng.pick(def.legalMoves(state, seat));
    const result = def.play(state, seat, move);
    if (!result.ok) throw new Error(`${gameId} seed ${seed}: ${result.error.message}`);
    played.push({ state, seat, move, notation: def.formatMove(state, seat, move), phrase: movePhraseOf(def, state, seat, move), events: result.value.events });
    state = result.value.state;
  }
  const game = {
    id: 7, gameType: gameId, guildId: 'g', channelId: 'c', threadId: null, boardMessageId: null, boardVersion: 0,
    status: def.outcome(state) ? 'FINISHED' : 'ACTIVE', seats: seats.map((_, s) => ({ kind: 'human', userId: `${100 + s}` })),
    options: {}, seed, state, version: played.length, moveCount: played.length, outcome: def.outcome(state),
    toActUserIds: def.toAct(state).map((s) => `${100 + s}`), clockSeconds: null, turnStartedAt: null, deadlineAt: null,
    timedOutAt: null, watchToken: null, front: 'discord', createdAt: new Date(0), updatedAt: new Date(0),
  } as unknown as GameSnapshot;
  return { def, game, played };
}

const stepOf = (p: Played): TurnStep => ({
  seat: p.seat,
  notation: p.notation,
  notationPhrase: p.phrase,
  kind: 'move',
  eventTexts: p.events.flatMap((e) => (e.text ? [e.text] : [])),
  eventPhrases: p.events.flatMap((e) => (e.text ? [e.phrase ?? null] : [])),
});

const entryOf = (p: Played, k: number): HistoryEntry => ({
  seq: k + 1, kind: 'move', seat: p.seat, who: '', whoPhrase: { key: 'plain' }, notation: p.notation, notationPhrase: p.phrase,
  at: new Date(0), cancelled: false, number: k + 1, events: [],
});

/** Every text of `locale` that shows the game's moves. */
function textsIn(locale: Locale, def: GameDefinition, game: GameSnapshot, played: Played[]): { where: string; text: string }[] {
  const sp = speaker(locale);
  const out: { where: string; text: string }[] = [];
  played.forEach((p, k) => out.push({ where: `move ${k + 1} (${p.notation})`, text: sayMove(sp, p.phrase, p.notation) }));
  // Boards of a few moves each, as a turn's log and the line its retired board keeps.
  for (let k = 0; k < played.length; k += 6) {
    const steps = played.slice(k, k + 6).map(stepOf);
    out.push({ where: `board log at move ${k + 1}`, text: turnLog(def, game, { steps }, sp) });
    out.push({ where: `retired board at move ${k + 1}`, text: turnPlayedText(sp, def, game, steps[0]!.seat, steps) });
  }
  const entries = played.map(entryOf);
  for (let page = 0; page * 20 < entries.length; page++) {
    out.push({ where: `history page ${page + 1}`, text: JSON.stringify(historyMessage(sp, def, game, entries, page).embeds[0]!.toJSON()) });
  }
  for (const k of [0, Math.floor(played.length / 2), played.length - 1]) {
    const review = reviewMessage(def, game, { index: k + 1, last: played.length, view: {}, move: entries[k]! }, null, { sp });
    out.push({ where: `review of move ${k + 1}`, text: JSON.stringify(review.embeds[0]!.toJSON()) });
  }
  return out;
}

/** The lowercase words of the notation: the engine's ids (moves, units, territories, regions, cards, unit ids). */
function idWords(played: Played[]): Set<string> {
  return new Set(played.flatMap((p) => p.notation.split(/\s+/).filter((w) => /^[a-z][a-z0-9-]*$/.test(w))));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('moves said in words', () => {
  for (const gameId of GAMES) {
    for (const seed of SEEDS) {
      it(`${gameId}, seed ${seed}: no engine id in the German, Spanish, French and Portuguese texts that show its moves`, () => {
        const { def, game, played } = playOut(gameId, seed);
        expect(played.length).toBeGreaterThan(10);
        expect(played.every((p) => p.phrase !== null), 'every move has its words').toBe(true);
        const ids = idWords(played);
        expect(ids.size).toBeGreaterThan(0);
        const found: string[] = [];
        for (const locale of OTHER_LOCALES) {
          const same = SAME_WORD[locale] ?? {};
          const patterns = [...ids].filter((id) => !(id in same)).map((id) => [id, new RegExp(`(?<![\\p{L}\\p{N}_-])${escape(id)}(?![\\p{L}\\p{N}_-])`, 'u')] as const);
          for (const { where, text } of textsIn(locale, def, game, played)) {
            for (const [id, pattern] of patterns) if (pattern.test(text)) found.push(`${locale} ${where}: "${id}" in ${text.slice(0, 200)}`);
          }
        }
        expect(found.slice(0, 20)).toEqual([]);
        // Every language's words come whole from its catalog: no placeholder, no key left showing.
        const unsaid = (['en-US', ...OTHER_LOCALES] as Locale[]).flatMap((locale) =>
          textsIn(locale, def, game, played).filter(({ text }) => /\{\{|\$t\(|\b(moves|terms|choices)\.[a-zA-Z]/.test(text)).map(({ where, text }) => `${locale} ${where}: ${text.slice(0, 200)}`));
        expect(unsaid.slice(0, 10)).toEqual([]);
      });
    }
  }
});

describe('moves said in English', () => {
  const en = speaker('en-US');
  const de = speaker('de');
  const first = (gameId: string) => {
    const def = gameById(gameId)!;
    const state = def.setup('move-words-en', Array.from({ length: def.seats.min }, () => ({ kind: 'human' as const })), def.defaultOptions);
    return { def, state };
  };
  const said = (gameId: string, move: unknown, seat: Seat = 0, sp = en) => {
    const { def, state } = first(gameId);
    return sayMove(sp, movePhraseOf(def, state, seat, move), def.formatMove(state, seat, move));
  };

  it('Dice Realms: gather at the Farms, train 2 Ranged, attack the Infantry with the Cavalry', () => {
    expect(said('dice-realms', { type: 'gather', territory: 'farms' })).toBe('gather at the Farms');
    expect(said('dice-realms', { type: 'train', unit: 'ranged', count: 2 })).toBe('train 2 Ranged');
    expect(said('dice-realms', { type: 'attack', unit: 'cavalry', target: 'army', enemy: 'infantry' })).toBe('attack the Infantry with the Cavalry');
    expect(said('dice-realms', { type: 'repair', territory: 'city', points: 2 })).toBe('repair the City by 2');
    expect(said('dice-realms', { type: 'defend', unit: null })).toBe('send no defender');
    expect(said('dice-realms', { type: 'done' })).toBe('end the turn');
    // And the German: "Höfe · 2 Schützen · 1 Katapult".
    expect(said('dice-realms', { type: 'gather', territory: 'farms' }, 0, de)).toBe('auf den Höfen sammeln');
    expect(said('dice-realms', { type: 'train', unit: 'siege', count: 1 }, 0, de)).toBe('1 Katapult ausbilden');
  });

  it('Siege Master: an army stays as its notation; a swap and a fortress in words', () => {
    expect(said('siege-master', { type: 'place', cell: 'F7', dir: 'SE', cells: [] })).toBe('F7 SE');
    expect(said('siege-master', { type: 'swap' }, 1)).toBe("swap: take Red's opening army");
    expect(said('siege-master', { type: 'fort', cell: 'f7' })).toBe('fortress on F7');
  });

  it('Kingdoms: trade, skip, build, collect, war', () => {
    expect(said('kingdoms-siege', { type: 'trade', from: 'food', to: 'mana', amount: 2 })).toBe('trade 2 Food for Mana');
    expect(said('kingdoms-siege', { type: 'skip', action: 'quest' })).toBe('skip Quest');
    expect(said('kingdoms-siege', { type: 'build' })).toBe('build the tower');
    expect(said('kingdoms-siege', { type: 'collect', ruins: 'mana' })).toBe('collect (Ruins: Mana)');
    expect(said('kingdoms-solo', { type: 'war', mana: 1, ore: 2 })).toBe('commit 1 Mana + 2 Ore to the war');
    expect(said('kingdoms-solo', { type: 'flag' })).toBe('raise the white flag');
    expect(said('kingdoms-solo', { type: 'split', food: 3, mana: 2, ore: 1 })).toBe('start with 3 Food, 2 Mana, 1 Ore');
  });

  it('Two Deck Siege: end the turn, and a unit by its name doing what it does', () => {
    expect(said('two-deck-siege', { type: 'end' })).toBe('end the turn');
    const { def, played } = playOut('two-deck-siege', 'move-words-1');
    const acts = played.filter((p) => (p.move as { type: string }).type === 'act').map((p) => sayMove(en, p.phrase, p.notation));
    expect(acts.length).toBeGreaterThan(0);
    for (const act of acts) expect(act).toMatch(/^[A-Z][\w’' -]*?( \d+)?: (attack [A-Z]|repair (wall|tower) |move to |rest$)/);
    expect(def.id).toBe('two-deck-siege');
  });
});
