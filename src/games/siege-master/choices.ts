// Picking a move with buttons and menus. With few legal moves each is one choice (`F7SE`); with
// more, the first cell comes first and the direction second. The swap is always a choice of its own.
import type { MoveChoice, Seat } from '../../engine/index.js';
import { legalMoves } from './moves.js';
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
  if (move.type === 'swap') return [{ key: 'swap', label: 'Swap', description: "Take Red's opening army as your own" }];
  if (move.type === 'fort') {
    const cell = String(move.cell).toUpperCase();
    return [{ key: cell, label: cell, description: `A fortress on ${cell}` }];
  }
  if (move.type !== 'place') return [];
  const cell = String(move.cell).toUpperCase();
  const dir = String(move.dir).toUpperCase() as PlacementDirection;
  const cells = Array.isArray(move.cells) ? move.cells.join(' ') : '';
  const moves = summary(state, seat);
  if (moves.total <= ONE_STEP_LIMIT) return [{ key: `${cell}${dir}`, label: `${cell} ${dir}`, description: cells }];
  const ways = moves.fromCell.get(cell) ?? 0;
  return [
    { key: cell, label: cell, description: ways === 1 ? '1 way to place' : `${ways} ways to place` },
    { key: dir, label: Object.hasOwn(ARROWS, dir) ? `${dir} ${ARROWS[dir]}` : dir, description: cells },
  ];
}

export function choicePrompt(state: SiegeMasterState, seat: Seat, chosen: string[]): string {
  if (state.phase === 'draft') return 'Choose a cell for a fortress';
  if (state.phase === 'over') return 'The game is over';
  if (chosen.length > 0) return `Choose the direction from ${chosen[0]}`;
  const forced = state.phase === 'play' && placementChoice(state).forced;
  const beside = forced && state.last ? ` next to ${seatName(state.last.seat)}'s last army` : '';
  return summary(state, seat).total <= ONE_STEP_LIMIT ? `Choose your army${beside}` : `Choose where your army starts${beside}`;
}
