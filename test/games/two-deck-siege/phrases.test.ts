// Two Deck Siege speaks every language: over seeded games on every castle and option, every event,
// choice, question, result and refusal carries a phrase whose en-US text is exactly the engine's
// English, and every locale says it with no key or placeholder left; menus stay within Discord's
// limits in every language; the definition's texts (title, options, rules) are in the catalogs;
// and no text a player reads shows a unit's internal id.
import { describe, expect, it } from 'vitest';
import { LOCALES, say } from '../../../src/i18n/index.js';
import { Rng, type GameEvent, type MoveChoice, type Phrase } from '../../../src/engine/index.js';
import type { TwoDeckSiegeOptions, TwoDeckSiegeState } from '../../../src/games/two-deck-siege/index.js';
import { choiceLevel } from '../../../src/services/moveChoices.js';
import { definitionTextProblems, expectGameSpeaksEveryLanguage, phraseProblems } from '../../helpers/phrases.js';
import { act, game, given } from './scenario.js';

const NS = 'two-deck-siege';
const seats = [{ kind: 'human' as const }];
/** A label that is only a place: a wall, a tower or a band cell. */
const isNotation = (label: string) => /^([NESW]\d(-\d)?|NE|SE|SW|NW)$/.test(label);

const SETUPS: [string, TwoDeckSiegeOptions][] = [
  ['square', { castle: 'square', thickWalls: false, reinforcements: 0, autoChoose: false }],
  ['square-thick', { castle: 'square', thickWalls: true, reinforcements: 2, autoChoose: false }],
  ['rectangle', { castle: 'rectangle', thickWalls: true, reinforcements: 2, autoChoose: false }],
  ['auto', { castle: 'rectangle', thickWalls: true, reinforcements: 1, autoChoose: true }],
];

/** Internal ids a player must never read: a unit's card id and number ("pik3", "maa5", "gob1"). */
const UNIT_ID = /\b(gob|hob|ske|ogr|tro|ram|maa|arc|pik|xbo|eng)\d\b|\b(dra|nec|wiz|pri|stf|gry|gol|dwa|kni)\b/;

/**
 * The part of a text that must not show an id: a refusal ends with the moves open now, in the
 * typed notation ("arc1 attack gob3"), which stays as players type it; and it may quote them.
 */
function ownWords(p: Phrase): Phrase | null {
  if (p.key === 'errors.withHint') return p.values!.reason as Phrase;
  if (p.key === 'errors.unknownMove') return null;
  return p;
}

/** What `textProblems` found for each text, phrase and limit: the walks meet the same ones thousands of times, and the catalogs do not change. */
const foundProblems = new Map<string, string[]>();

/** Every problem with one text: its phrase (helpers/phrases.ts), its length in every locale, and no internal id. */
function textProblems(p: Phrase | undefined, english: string, what: string, max?: number): string[] {
  const seen = JSON.stringify([p ?? null, english, what, max ?? null]);
  let found = foundProblems.get(seen);
  if (!found) foundProblems.set(seen, (found = findTextProblems(p, english, what, max)));
  return [...found];
}

function findTextProblems(p: Phrase | undefined, english: string, what: string, max?: number): string[] {
  const problems = phraseProblems(p, english, NS, what);
  if (!p) return problems;
  const own = ownWords(p);
  for (const locale of LOCALES) {
    const said = say(locale, p, NS);
    if (max !== undefined && said.length > max) problems.push(`${what}: ${locale} says ${said.length} characters, over ${max}: "${said}"`);
    if (own && UNIT_ID.test(say(locale, own, NS))) problems.push(`${what}: ${locale} shows an internal id: "${said}"`);
  }
  return problems;
}

function choiceProblems(c: MoveChoice, where: string): string[] {
  const out = isNotation(c.label) ? [] : textProblems(c.phrase, c.label, `${where} label`, 80);
  if (c.description) out.push(...textProblems(c.descriptionPhrase, c.description, `${where} description`, 100));
  return out;
}

/**
 * Seeded games, leaning away from ending the turn early so that they see every part of it; every
 * event, every choice of every level on the way and every question is checked.
 */
function walk(seed: string, options: TwoDeckSiegeOptions, types: Set<string>, problems: Set<string>): void {
  const r = Rng.fromSeed(`phrases-walk-${seed}`);
  let s: TwoDeckSiegeState = game.setup(seed, seats, options);
  const add = (list: string[]) => list.forEach((p) => problems.add(p));
  for (let ply = 0; ply < 3000 && game.toAct(s).length; ply++) {
    const level = choiceLevel(game, s, 0, []);
    add(textProblems(game.choicePromptPhrase!(s, 0, []), level.prompt, 'prompt'));
    for (const o of level.options) add(choiceProblems(o, `choice ${o.key}`));
    const moves = game.legalMoves(s, 0);
    if (ply % 3 === 0) {
      // The whole path of a few moves, each level's question too.
      for (const m of moves.slice(0, 6)) {
        const path = game.choicePath!(s, 0, m);
        path.forEach((c, i) => {
          add(choiceProblems(c, `step ${i} ${c.key}`));
          const chosen = path.slice(0, i).map((x) => x.key);
          add(textProblems(game.choicePromptPhrase!(s, 0, chosen), game.choicePrompt!(s, 0, chosen), `prompt at ${chosen.join('/')}`));
        });
      }
    }
    const nonEnd = moves.filter((m) => m.type !== 'end' && m.type !== 'done');
    const move = nonEnd.length && r.next() < 0.85 ? r.pick(nonEnd) : r.pick(moves);
    const played = game.play(s, 0, move);
    if (!played.ok) throw new Error(played.error.message);
    for (const e of played.value.events) {
      types.add(e.type);
      add(textProblems(e.phrase, e.text, `event ${e.type}`));
    }
    s = played.value.state;
    const refused = game.parseMove(s, 0, r.pick(['end turn', 'play volley', 'arc1 attack gob1', 'choose N1', 'nonsense', 'wizard fireball N1-2', 'done']));
    if (!refused.ok) add(textProblems(refused.error.phrase, refused.error.message, `refusal ${refused.error.code}`));
  }
  const outcome = game.outcome(s);
  if (outcome) add(textProblems(outcome.reasonPhrase, outcome.reason, 'outcome'));
}

/** The events a scenario's typed moves give. */
const eventsOf = (state: TwoDeckSiegeState, ...moves: string[]): GameEvent[] => {
  const out: GameEvent[] = [];
  for (const m of moves) {
    const r = act(state, m);
    out.push(...r.events);
    state = r.state;
  }
  return out;
};

describe('Two Deck Siege in every language', () => {
  it('given seeded games on every castle and option, then every text has a phrase that says its English, and every locale says it whole', () => {
    const types = new Set<string>();
    const problems = new Set<string>();
    for (const [name, options] of SETUPS) for (let i = 0; i < 2; i++) walk(`${name}-${i}`, options, types, problems);
    expect([...problems]).toEqual([]);
    const every = [
      'thick-wall', 'play', 'summon', 'order-done', 'attack', 'repair', 'defender-move', 'rest', 'spell', 'end-turn',
      'choice', 'enemy-turn', 'enemy-draw', 'enemy-place', 'deck-moves', 'enemy-move', 'courtyard', 'morale-surge', 'recycle',
      'enemy-event', 'reinforcements-arrive', 'wall-damage', 'breach', 'defender-falls-back', 'defender-killed', 'enemy-killed',
      'raise', 'draw', 'game-over',
    ];
    expect(every.filter((t) => !types.has(t))).toEqual([]);
  });

  it('given the rarer moments (a full field, an empty deck, a hand over the limit, the stores run out, nothing to bring back), then they speak every language too', () => {
    const problems: string[] = [];
    const check = (events: GameEvent[]) => events.forEach((e) => problems.push(...textProblems(e.phrase, e.text, `event ${e.type}`)));
    // Every band-3 place taken: the drawn enemy goes back under the deck.
    const full = given({ options: { autoChoose: true }, defenders: [{ id: 'maa1', at: 'N1' }], enemyDeck: ['gob8'], enemies: ['N1', 'N2', 'E1', 'E2', 'S1', 'S2', 'W1', 'W2'].flatMap((w, i) => [{ id: `hob${(i % 6) + 1}`, at: `${w}-3` }, { id: `gob${i + 1}`, at: `${w}-3` }]).slice(0, 16) });
    const fullEvents = eventsOf(full, 'end turn');
    expect(fullEvents.map((e) => e.type)).toContain('enemy-returned');
    check(fullEvents);
    const empty = eventsOf(given({ options: { autoChoose: true }, defenders: [{ id: 'maa1', at: 'N1' }], enemies: [{ id: 'gob1', at: 'N1-3' }], enemyDeck: [] }), 'end turn');
    expect(empty.map((e) => e.type)).toContain('enemy-deck-empty');
    check(empty);
    // The player's deck runs out: the discards are shuffled into a new one.
    const spent = given({ options: { autoChoose: true }, defenders: [{ id: 'maa1', at: 'N1' }], enemies: [{ id: 'gob1', at: 'N1-3' }], enemyDeck: [], hand: ['volley.1'], playerDeck: [] });
    spent.playerDiscard = ['muster.1', 'shift.1'];
    const reshuffled = eventsOf(spent, 'end turn');
    expect(reshuffled.map((e) => e.type)).toContain('reshuffle');
    check(reshuffled);
    // Reinforcements with no killed enemy; the Necromancer's rites; the Sappers on a tie.
    check(eventsOf(given({ options: { autoChoose: true }, enemyDeck: ['rei1'], defenders: [{ id: 'maa1', at: 'N1' }] }), 'end turn'));
    check(eventsOf(given({ options: { autoChoose: true }, enemies: [{ id: 'nec', at: 'N1-2' }], defenders: [{ id: 'maa1', at: 'N1' }], enemyDiscard: ['gob1'], enemyDeck: [] }), 'end turn'));
    const sap = given({ damage: { N1: 3, E1: 3 }, enemyDeck: ['sap'], defenders: [{ id: 'maa1', at: 'N1' }] });
    const asked = act(sap, 'end turn').state;
    problems.push(...textProblems(game.choicePromptPhrase!(asked, 0, []), game.choicePrompt!(asked, 0, []), 'sappers question'));
    check(eventsOf(asked, 'choose E1'));
    // A hand over the limit: two cards discarded.
    const overLimit = given({ hand: ['volley.1', 'volley.2', 'muster.1', 'shore-up.1', 'relief.1', 'sally.1', 'kni', 'shift.1'] });
    problems.push(...textProblems(game.choicePromptPhrase!(overLimit, 0, []), game.choicePrompt!(overLimit, 0, []), 'discard question'));
    const discarded = eventsOf(overLimit, 'discard volley muster');
    expect(discarded.map((e) => e.type)).toContain('discard');
    check(discarded);
    // The stores run out.
    const last = given({ options: { autoChoose: true }, turn: 80, enemies: [{ id: 'gob1', at: 'N1-3' }], defenders: [{ id: 'maa1', at: 'N1' }], enemyDeck: [] });
    const ended = act(last, 'end turn');
    check(ended.events);
    const outcome = game.outcome(ended.state)!;
    problems.push(...textProblems(outcome.reasonPhrase, outcome.reason, 'outcome'));
    expect(problems).toEqual([]);
  });

  it('given refusals of every kind, from play and parseMove, then each says why in every language', () => {
    const problems: string[] = [];
    const s = given({ defenders: [{ id: 'arc1', at: 'N1' }], enemies: [{ id: 'gob1', at: 'N1-2' }], hand: ['volley.1', 'muster.1', 'call-gryphon.1'] });
    const volley = act(s, 'play volley').state;
    const tries: [TwoDeckSiegeState, unknown][] = [
      [s, null], [s, { type: 'thick' }], [s, { type: 'discard', cards: 3 }], [s, { type: 'play' }], [s, { type: 'play', card: 'volley', as: 'x' }],
      [s, { type: 'act', unit: 'arc1' }], [s, { type: 'act', unit: 'arc1', do: 'fly', target: 'N2' }], [s, { type: 'cast', caster: 'bard' }],
      [s, { type: 'choose' }], [s, { type: 'fly' }], [s, { type: 'play', card: 'sally', as: 'order' }], [s, { type: 'play', card: 'call-gryphon', as: 'order' }],
      [given({ hand: ['shore-up.1'] }), { type: 'play', card: 'shore-up', as: 'order' }], [given({ hand: ['volley.1'] }), { type: 'play', card: 'volley', as: 'attack' }], [volley, { type: 'play', card: 'muster', as: 'order' }], [volley, { type: 'act', unit: 'arc1', do: 'move', target: 'N2' }],
      [volley, { type: 'act', unit: 'maa1', do: 'attack', target: 'gob1' }], [s, { type: 'done' }],
    ];
    for (const [state, move] of tries) {
      const r = game.play(state, 0, move as never);
      expect(r.ok, JSON.stringify(move)).toBe(false);
      if (!r.ok) problems.push(...textProblems(r.error.phrase, r.error.message, `play ${JSON.stringify(move)}`));
    }
    expect(game.play(s, 1, { type: 'end' }).ok).toBe(false);
    for (const text of ['gibberish', 'play sally', 'arc1 attack gob8', 'maa1 move N2', 'discard volley', 'choose N1', 'thick N1', 'x'.repeat(300)]) {
      const r = game.parseMove(volley, 0, text);
      if (!r.ok) problems.push(...textProblems(r.error.phrase, r.error.message, `parseMove "${text}"`));
    }
    for (const raw of [[], { castle: 'round' }, { 'thick-walls': 'maybe' }, { reinforcements: 7 }, { colour: 'red' }, { castle: 'rectangle', 'thick-walls': 'off' }]) {
      const r = game.parseOptions(raw as never);
      if (!r.ok) problems.push(...textProblems(r.error.phrase, r.error.message, `options ${JSON.stringify(raw)}`));
    }
    const r = game.play(s, 1, { type: 'end' });
    if (!r.ok) problems.push(...textProblems(r.error.phrase, r.error.message, 'wrong seat'));
    expect(problems).toEqual([]);
  });

  for (const [name, options] of SETUPS) {
    it(`given random games (${name}), then the platform's check finds every text said in every language`, () => {
      expectGameSpeaksEveryLanguage(game, { games: 3, seats, options, isNotation, maxPlies: 600 });
    });
  }

  it('given the definition, then its title, summary, seat, options and rules are the catalog\'s, within Discord\'s limits in every language', () => {
    expect(definitionTextProblems(game)).toEqual([]);
    const long: string[] = [];
    const within = (key: string, max: number) => {
      for (const locale of LOCALES) {
        const text = say(locale, { key }, NS);
        if (text.length > max) long.push(`${locale} ${key}: ${text.length} characters, over ${max}`);
      }
    };
    within('summary', 100);
    for (const spec of game.optionSpecs!) {
      within(`options.${spec.name}.description`, 100);
      for (const c of spec.choices ?? []) within(`options.${spec.name}.choices.${c.value}`, 100);
    }
    expect(long).toEqual([]);
  });
});
