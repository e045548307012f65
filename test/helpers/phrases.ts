// Checks that a game speaks every language: over seeded random games, every text a player reads
// (an event, a choice's label and description, a step's question, the result, a refused move's
// reason) carries a phrase, the en-US catalog says exactly the English the engine wrote beside
// it, and every other locale says it without a missing key or an unfilled placeholder.
import { expect } from 'vitest';
import type { GameDefinition, Phrase, Seat } from '../../src/engine/contract.js';
import { formOf, hasText, LOCALES, say } from '../../src/i18n/index.js';
import { choiceLevel } from '../../src/services/moveChoices.js';
import { Rng } from '../../src/engine/rng.js';

export type PhraseCheckOptions = {
  /** The game's catalog (namespace); default its id. */
  namespace?: string;
  /** Seeded random games to walk. */
  games: number;
  /** Seats and options for setup. */
  seats: { kind: 'human' }[] | ({ kind: 'human' } | { kind: 'ai'; level: 'easy' | 'normal' | 'hard' })[];
  options?: unknown;
  /** Labels that are notation (a cell, a number): no language changes them, so they need no phrase. */
  isNotation?: (label: string) => boolean;
  /** Plies per game at most. */
  maxPlies?: number;
};

/**
 * What is wrong with one phrase and its English, found once (without the `what` it is reported
 * under): the seeded walks meet the same texts thousands of times, and saying a text in every
 * locale was most of their time. The catalogs do not change while the tests run, so the same
 * phrase, English and namespace always have the same problems.
 */
const foundProblems = new Map<string, string[]>();

/** Every problem with one phrase: no phrase, a key no catalog has, English that differs, a locale that leaves a key or a placeholder. */
export function phraseProblems(phrase: Phrase | undefined, english: string, namespace: string, what: string): string[] {
  if (!phrase) return [`${what}: no phrase for "${english}"`];
  const seen = JSON.stringify([phrase, english, namespace]);
  let found = foundProblems.get(seen);
  if (!found) foundProblems.set(seen, (found = problemsOf(phrase, english, namespace)));
  return found.map((problem) => `${what}: ${problem}`);
}

function problemsOf(phrase: Phrase, english: string, namespace: string): string[] {
  const problems: string[] = [];
  const key = phrase.key.includes(':') ? phrase.key : `${namespace}:${phrase.key}`;
  if (!hasText(key, formOf(phrase))) return [`no catalog has ${key} ("${english}")`];
  const en = say('en-US', phrase, namespace);
  if (en !== english) problems.push(`en-US says "${en}", the engine "${english}" (${key})`);
  for (const locale of LOCALES) {
    const text = say(locale, phrase, namespace);
    if (/\{\{|\$t\(|\b[a-z-]+:[a-zA-Z]+\.[a-zA-Z.]+\b/.test(text)) problems.push(`${locale} says "${text}" (${key})`);
  }
  return problems;
}

/** Walks seeded random games of `def` and collects every text without a right phrase. */
export function gamePhraseProblems(def: GameDefinition, opts: PhraseCheckOptions): string[] {
  const ns = opts.namespace ?? def.id;
  const problems = new Set<string>();
  const add = (list: string[]) => list.forEach((p) => problems.add(p));
  const notation = opts.isNotation ?? (() => false);
  for (let g = 0; g < opts.games; g++) {
    const rng = Rng.fromSeed(`phrases/${def.id}/${g}`);
    let state = def.setup(`phrases-${g}`, opts.seats, opts.options ?? def.defaultOptions);
    for (let ply = 0; ply < (opts.maxPlies ?? 400) && !def.outcome(state); ply++) {
      const seats = def.toAct(state);
      if (!seats.length) break;
      const seat: Seat = seats[rng.int(seats.length)]!;
      // The choice tree of this position, each level's question and choices.
      const walk = (chosen: string[], depth: number) => {
        if (depth > 4) return;
        const level = choiceLevel(def, state, seat, chosen);
        if (!level.options.length) return;
        if (def.choicePrompt) add(phraseProblems(def.choicePromptPhrase?.(state, seat, chosen), level.prompt, ns, `prompt at ${JSON.stringify(chosen)}`));
        for (const o of level.options.slice(0, 12)) {
          if (!notation(o.label)) add(phraseProblems(o.phrase, o.label, ns, `choice "${o.label}"`));
          if (o.description) add(phraseProblems(o.descriptionPhrase, o.description, ns, `description of "${o.label}"`));
        }
        const next = level.options[rng.int(level.options.length)]!;
        if (!next.completes) walk([...chosen, next.key], depth + 1);
      };
      walk([], 0);
      const moves = def.legalMoves(state, seat);
      if (!moves.length) break;
      const played = def.play(state, seat, moves[rng.int(moves.length)]);
      if (!played.ok) throw new Error(`a legal move was refused: ${played.error.message}`);
      for (const e of played.value.events) if (e.text) add(phraseProblems(e.phrase, e.text, ns, `event ${e.type}`));
      state = played.value.state;
      // A refused move says why in the player's language too.
      const typed = def.parseMove(state, seat, 'not a move at all');
      if (!typed.ok) add(phraseProblems(typed.error.phrase, typed.error.message, ns, `parseMove error ${typed.error.code}`));
    }
    const outcome = def.outcome(state);
    if (outcome) add(phraseProblems(outcome.reasonPhrase, outcome.reason, ns, 'outcome'));
  }
  return [...problems];
}

/** Fails, listing them, when any text of `def` lacks a right phrase. */
export function expectGameSpeaksEveryLanguage(def: GameDefinition, opts: PhraseCheckOptions): void {
  expect(gamePhraseProblems(def, opts)).toEqual([]);
}

/**
 * The texts of the game's definition a player reads, by the catalog's conventions: title,
 * summary, seat names, option and setting descriptions and choices, rules.
 */
export function definitionTextProblems(def: GameDefinition, namespace = def.id): string[] {
  const problems: string[] = [];
  const same = (key: string, english: string | undefined) => {
    if (english === undefined) return;
    const full = `${namespace}:${key}`;
    if (!hasText(full)) return problems.push(`${full} is missing ("${english}")`);
    const en = say('en-US', { key: full }, namespace);
    if (en !== english) problems.push(`${full}: en-US says "${en}", the definition "${english}"`);
  };
  same('title', def.title);
  same('summary', def.summary);
  def.seatNames?.forEach((name, i) => same(`seats.${i}`, name));
  same('rules', def.rulesText);
  for (const spec of def.optionSpecs ?? []) {
    same(`options.${spec.name}.description`, spec.description);
    for (const c of spec.choices ?? []) same(`options.${spec.name}.choices.${c.value}`, c.name);
  }
  for (const spec of def.seatSettings ?? []) {
    same(`settings.${spec.name}.label`, spec.label);
    for (const c of spec.choices) {
      same(`settings.${spec.name}.choices.${c.value}.label`, c.label);
      same(`settings.${spec.name}.choices.${c.value}.description`, c.description);
    }
  }
  return problems;
}
