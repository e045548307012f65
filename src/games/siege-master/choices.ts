// Picking a move with buttons and menus. With few legal moves each is one choice (`F7SE`); with
// more, the first cell comes first and the direction second. The swap is always a choice of its own.
import type { MoveChoice, Phrase, Seat } from '../../engine/index.js';
import { legalMoves } from './moves.js';
import { phrase, seatPhrase } from './phrases.js';
import { placementChoice } from './rules.js';
import { seatName, type PlacementDirection, type SiegeMasterMove, type SiegeMasterState } from './types.js';

/** Above this many legal moves a placement takes two steps. */
export const ONE_STEP_LIMIT = 25;

const ARROWS: Record<PlacementDirection, string> = { E: '→', SE: '↘', SW: '↙' };

type MoveSummary = { key: string; seat: Seat; total: number; fromCell: Map<string, number> };

// The platform asks for the path of every legal move of a position (hundreds of calls), so the
// legal moves are summed up once per state object. The key guards against a state edited in place.
const summaries = new WeakMap<object, MoveSummary>();

function summary(state: SiegeMasterState, seat: Seat): MoveSummary {
  const key = `${state.moveNumber}|${state.toMove}|${state.phase}|${state.armies}|${state.forts}`;
  const cached = summaries.get(state);
  if (cached && cached.key === key && cached.seat === seat) return cached;
  const fromCell = new Map<string, number>();
  const moves = legalMoves(state, seat);
  for (const m of moves) if (m.type === 'place') fromCell.set(m.cell, (fromCell.get(m.cell) ?? 0) + 1);
  const fresh = { key, seat, total: moves.length, fromCell };
  summaries.set(state, fresh);
  return fresh;
}

export function choicePath(state: SiegeMasterState, seat: Seat, move: SiegeMasterMove): MoveChoice[] {
  if (!move || typeof move !== 'object') return [];
  if (move.type === 'swap') return [{ ...SWAP_CHOICE }];
  if (move.type === 'fort') {
    const cell = String(move.cell).toUpperCase();
    return [{ key: cell, label: cell, description: `A fortress on ${cell}`, descriptionPhrase: phrase('choices.fort', { cell }) }];
  }
  if (move.type !== 'place') return [];
  const cell = String(move.cell).toUpperCase();
  const dir = String(move.dir).toUpperCase() as PlacementDirection;
  const cells = Array.isArray(move.cells) ? move.cells.join(' ') : '';
  // The cells are notation; the phrase lets a language frame them all the same.
  const covered = phrase('choices.cells', { cells });
  const moves = summary(state, seat);
  if (moves.total <= ONE_STEP_LIMIT) return [{ key: `${cell}${dir}`, label: `${cell} ${dir}`, description: cells, descriptionPhrase: covered }];
  const ways = moves.fromCell.get(cell) ?? 0;
  return [
    { key: cell, label: cell, description: ways === 1 ? '1 way to place' : `${ways} ways to place`, descriptionPhrase: phrase('choices.ways', { count: ways }) },
    { key: dir, label: Object.hasOwn(ARROWS, dir) ? `${dir} ${ARROWS[dir]}` : dir, description: cells, descriptionPhrase: covered },
  ];
}

const SWAP_CHOICE: MoveChoice = {
  key: 'swap',
  label: 'Swap',
  description: "Take Red's opening army as your own",
  phrase: phrase('choices.swap.label'),
  descriptionPhrase: phrase('choices.swap.description', { seat: seatPhrase(0) }),
};

/** The question of a step, in English and as a phrase. */
function prompt(state: SiegeMasterState, seat: Seat, chosen: string[]): { text: string; phrase: Phrase } {
  if (state.phase === 'draft') return { text: 'Choose a cell for a fortress', phrase: phrase('prompts.fortress') };
  if (state.phase === 'over') return { text: 'The game is over', phrase: phrase('prompts.over') };
  if (chosen.length > 0) return { text: `Choose the direction from ${chosen[0]}`, phrase: phrase('prompts.direction', { cell: String(chosen[0]) }) };
  const forced = state.phase === 'play' && placementChoice(state).forced;
  const owner = forced && state.last ? state.last.seat : null;
  const beside = owner === null ? '' : ` next to ${seatName(owner)}'s last army`;
  const whole = summary(state, seat).total <= ONE_STEP_LIMIT;
  const key = `prompts.${whole ? 'army' : 'start'}${owner === null ? '' : 'Beside'}`;
  return {
    text: whole ? `Choose your army${beside}` : `Choose where your army starts${beside}`,
    phrase: owner === null ? phrase(key) : phrase(key, { seat: seatPhrase(owner) }),
  };
}

export function choicePrompt(state: SiegeMasterState, seat: Seat, chosen: string[]): string {
  return prompt(state, seat, chosen).text;
}

export function choicePromptPhrase(state: SiegeMasterState, seat: Seat, chosen: string[]): Phrase {
  return prompt(state, seat, chosen).phrase;
}
