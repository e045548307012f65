// Applying moves: validation with reasons a player understands, placement, sieges, the swap, the
// draft, and the end of the game. `play` never throws and never mutates its input.
import { clipped, err, ok, type GameEvent, type Outcome, type Result, type Seat } from '../../engine/index.js';
import { boardFor, cellIndex, lineOf, LINE_DIRECTIONS, type Board } from './board.js';
import { fortressCandidates, fortressRefusal } from './fortresses.js';
import { lineFromCell, lineFromCells, placeMoveForLine } from './notation.js';
import { canSwap, capturedCounts, cellsAround, lineIsFree, lineTouches, placementChoice, readOccupancy } from './rules.js';
import { FORT_HELD, FORT_NEUTRAL, FORT_NONE, siegeCaptures } from './sieges.js';
import {
  armyChar,
  armyOf,
  ARMIES_PER_SEAT,
  NEUTRAL,
  NO_FORT,
  otherSeat,
  PLACEMENT_DIRECTIONS,
  seatName,
  type SiegeMasterMove,
  type SiegeMasterState,
} from './types.js';

type Played = Result<{ state: SiegeMasterState; events: GameEvent[] }>;

export function legalMoves(state: SiegeMasterState, seat: Seat): SiegeMasterMove[] {
  if (state.phase === 'over' || seat !== state.toMove) return [];
  const board = boardFor(state);
  if (state.phase === 'draft') {
    const fort = new Uint8Array(board.size);
    for (let i = 0; i < board.size; i++) if (state.forts[i] !== NO_FORT) fort[i] = 1;
    return fortressCandidates(board, fort).map((c) => ({ type: 'fort', cell: board.labels[c]! }));
  }
  const moves: SiegeMasterMove[] = canSwap(state) ? [{ type: 'swap' }] : [];
  for (const id of placementChoice(state).lines) moves.push(placeMoveForLine(board, id));
  return moves;
}

/** A short, safe rendering of whatever a caller passed, for error messages. */
function shown(value: unknown): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  } catch {
    text = 'that';
  }
  return clipped(text);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The line a placement move names: by `cell` and `dir`, else by its `cells`; both must agree. */
function placementLine(board: Board, move: Record<string, unknown>): Result<number> {
  const { cell, dir, cells } = move;
  const cellList = Array.isArray(cells) && cells.every((c) => typeof c === 'string') ? (cells as string[]) : null;
  if (cells !== undefined && !cellList) return err('bad-move', 'a placement lists its cells as labels, like ["F7", "G7", "H7", "I7"]');
  let line: Result<number>;
  if (typeof cell === 'string' && typeof dir === 'string') {
    const d = (PLACEMENT_DIRECTIONS as readonly string[]).indexOf(dir.toUpperCase());
    if (d < 0) return err('bad-move', `${shown(dir)} is not a direction: use E, SE or SW`);
    line = lineFromCell(board, cell, d);
  } else if (cellList) {
    line = lineFromCells(board, cellList);
  } else {
    return err('bad-move', 'a placement names its first cell and a direction, like { cell: "F7", dir: "SE" }');
  }
  if (!line.ok || !cellList || cell === undefined) return line;
  const expected = lineOf(board, line.value)!.map((c) => board.labels[c]!);
  const given = cellList.map((c) => c.toUpperCase());
  const startsRight = typeof cell !== 'string' || cell.toUpperCase() === expected[0];
  if (!startsRight || given.length !== expected.length || !expected.every((c) => given.includes(c))) {
    return err('bad-move', `the cells ${given.join(' ')} are not the army ${expected[0]} ${PLACEMENT_DIRECTIONS[line.value % LINE_DIRECTIONS]}`);
  }
  return line;
}

export function play(state: SiegeMasterState, seat: Seat, move: SiegeMasterMove): Played {
  try {
    return playChecked(state, seat, move as unknown);
  } catch {
    // Every input is validated above; this only keeps a platform alive should a bug slip through.
    return err('internal', 'that move could not be played');
  }
}

function playChecked(state: SiegeMasterState, seat: unknown, move: unknown): Played {
  if (state.phase === 'over') return err('game-over', 'the game is over');
  if (seat !== 0 && seat !== 1) return err('bad-seat', `there is no seat ${shown(seat)} in this game`);
  if (seat !== state.toMove) return err('not-your-turn', `it is ${seatName(state.toMove)}'s turn`);
  if (!isRecord(move)) return err('bad-move', `${shown(move)} is not a move`);
  const board = boardFor(state);
  switch (move.type) {
    case 'fort':
      return draftFortress(state, board, seat, move);
    case 'swap':
      return swap(state, seat);
    case 'place':
      return placeArmy(state, board, seat, move);
    default:
      return err('bad-move', `${shown(move.type)} is not a kind of move: place, swap or fort`);
  }
}

function draftFortress(state: SiegeMasterState, board: Board, seat: Seat, move: Record<string, unknown>): Played {
  if (state.phase !== 'draft') return err('wrong-phase', 'fortresses are placed only before the first army');
  if (typeof move.cell !== 'string') return err('bad-move', 'a fortress move names a cell, like { type: "fort", cell: "F7" }');
  const cell = cellIndex(board, move.cell);
  if (cell < 0) return err('off-map', `${shown(move.cell.toUpperCase())} is not on the map`);
  const label = board.labels[cell]!;
  if (state.forts[cell] !== NO_FORT) return err('fortress', `${label} is a fortress already`);
  const fort = new Uint8Array(board.size);
  for (let i = 0; i < board.size; i++) if (state.forts[i] !== NO_FORT) fort[i] = 1;
  const refusal = fortressRefusal(board, fort, cell);
  if (refusal === 'no-room') return err('no-room', `a fortress on ${label} would leave no room for an army around it`);
  if (refusal === 'too-close') return err('too-close', `${label} is too close to another fortress (keep them at least 3 cells apart where the map allows)`);

  fort[cell] = 1;
  const forts = replaceAt(state.forts, [cell], NEUTRAL);
  const placed = countFortresses(forts);
  const events: GameEvent[] = [{ type: 'fort', text: `${seatName(seat)} placed a fortress on ${label}.`, seat, cell: label }];
  const full = placed >= state.fortressCount || fortressCandidates(board, fort).length === 0;
  const next: SiegeMasterState = {
    ...state,
    forts,
    fortressCount: full ? placed : state.fortressCount,
    phase: full ? 'play' : 'draft',
    toMove: full ? 0 : otherSeat(seat),
    moveNumber: state.moveNumber + 1,
    armiesLeft: [...state.armiesLeft],
  };
  if (full) events.push({ type: 'draft-over', text: `All ${placed} fortresses are placed. Red places the first army.` });
  return ok({ state: next, events });
}

function swap(state: SiegeMasterState, seat: Seat): Played {
  if (state.phase !== 'play' || seat !== 1 || !canSwap(state)) return err('no-swap', "swap is only allowed on Blue's first turn");
  const last = state.last!;
  const armies = state.armies.replace(/[a-z]/g, (ch) => armyChar(1, ch.charCodeAt(0) - 97));
  const forts = state.forts.replace(/0/g, '1');
  const captured = last.captured.length > 0 ? `, with ${fortressList(last.captured)},` : '';
  const next: SiegeMasterState = {
    ...state,
    armies,
    forts,
    armiesLeft: [ARMIES_PER_SEAT, ARMIES_PER_SEAT - 1],
    last: { seat: 1, cells: [...last.cells], captured: [...last.captured] },
    toMove: 0,
    moveNumber: state.moveNumber + 1,
  };
  const events: GameEvent[] = [
    { type: 'swap', text: `Blue swapped: the army on ${last.cells.join(' ')}${captured} is now Blue's. Red moves next.`, seat: 1 },
  ];
  return ok(finishTurn(next, events));
}

function placeArmy(state: SiegeMasterState, board: Board, seat: Seat, move: Record<string, unknown>): Played {
  if (state.phase === 'draft') return err('wrong-phase', 'the fortresses are still being placed: play fort and a cell, like fort F7');
  const line = placementLine(board, move);
  if (!line.ok) return line;
  const cells = lineOf(board, line.value)!;
  for (const c of cells) {
    if (state.forts[c] !== NO_FORT) return err('fortress', `${board.labels[c]} is a fortress`);
    const owner = armyOf(state.armies[c]!);
    if (owner) return err('occupied', `${board.labels[c]} is taken by ${seatName(owner.seat)}'s army`);
  }
  if (state.armiesLeft[seat]! <= 0) return err('no-armies', 'you have no armies left');
  const occ = readOccupancy(state, board);
  const choice = placementChoice(state, occ);
  if (choice.forced && !lineTouches(board, line.value, cellsAround(board, choice.lastCells))) {
    return err('must-be-adjacent', `you must play next to ${seatName(state.last!.seat)}'s last army (it captured nothing)`);
  }

  const armies = replaceAt(state.armies, cells, armyChar(seat, armyIndex(state, seat)));
  for (const c of cells) occ.army[c] = 1;
  const fortKind = new Uint8Array(board.size);
  for (let i = 0; i < board.size; i++) {
    const f = state.forts[i];
    fortKind[i] = f === NO_FORT ? FORT_NONE : f === NEUTRAL ? FORT_NEUTRAL : FORT_HELD;
  }
  const captured = siegeCaptures(board, occ.army, fortKind, cells);
  const forts = replaceAt(state.forts, captured, String(seat));
  const labels = cells.map((c) => board.labels[c]!);
  const capturedLabels = captured.map((c) => board.labels[c]!);
  const armiesLeft = [...state.armiesLeft];
  armiesLeft[seat]!--;
  const next: SiegeMasterState = {
    ...state,
    armies,
    forts,
    armiesLeft,
    last: { seat, cells: labels, captured: capturedLabels },
    toMove: otherSeat(seat),
    moveNumber: state.moveNumber + 1,
  };
  const notation = `${labels[0]} ${PLACEMENT_DIRECTIONS[line.value % LINE_DIRECTIONS]}`;
  const events: GameEvent[] = [
    { type: 'army', text: `${seatName(seat)} placed an army on ${notation} (${labels.join(' ')}).`, seat, cells: labels },
  ];
  if (captured.length > 0) {
    events.push({ type: 'capture', text: `${seatName(seat)} captured ${fortressList(capturedLabels)}.`, seat, cells: capturedLabels });
  }
  return ok(finishTurn(next, events));
}

/** The index the seat's next army gets: armies already on the board for that seat. */
function armyIndex(state: SiegeMasterState, seat: Seat): number {
  let highest = -1;
  for (const ch of state.armies) {
    const a = armyOf(ch);
    if (a && a.seat === seat) highest = Math.max(highest, a.index);
  }
  return highest + 1;
}

/** Win at once, or end when the seat to move cannot place, or go on. */
function finishTurn(state: SiegeMasterState, events: GameEvent[]): { state: SiegeMasterState; events: GameEvent[] } {
  const counts = capturedCounts(state);
  const total = state.fortressCount;
  const winner = counts.findIndex((n) => n * 2 > total);
  let outcome: Outcome | null = null;
  if (winner >= 0) {
    outcome = {
      winners: [winner],
      draw: false,
      scores: counts,
      reason: `${seatName(winner)} holds ${counts[winner]} of ${total} fortresses`,
    };
  } else {
    const mover = state.toMove;
    const stuck = state.armiesLeft[mover]! <= 0 ? 'has no armies left' : !canMove(state) ? 'cannot place an army' : null;
    if (stuck) outcome = finalCount(counts, `${seatName(mover)} ${stuck}`);
  }
  if (!outcome) return { state, events };
  return {
    state: { ...state, phase: 'over', outcome },
    events: [...events, { type: 'end', text: `Game over: ${outcome.reason}.`, winners: outcome.winners, draw: outcome.draw }],
  };
}

/** Whether the seat to move has any legal move: forced adjacency never leaves a player stuck on its own. */
function canMove(state: SiegeMasterState): boolean {
  if (state.phase !== 'play') return legalMoves(state, state.toMove).length > 0;
  if (canSwap(state)) return true;
  const occ = readOccupancy(state);
  const total = occ.board.size * LINE_DIRECTIONS;
  for (let id = 0; id < total; id++) if (lineIsFree(occ, id)) return true;
  return false;
}

function finalCount(counts: number[], why: string): Outcome {
  const [red, blue] = [counts[0]!, counts[1]!];
  if (red === blue) return { winners: [], draw: true, scores: counts, reason: `${why}; a draw at ${plural(red, 'fortress', 'fortresses')} each` };
  const winner = red > blue ? 0 : 1;
  return {
    winners: [winner],
    draw: false,
    scores: counts,
    reason: `${why}; ${seatName(winner)} wins with ${plural(Math.max(red, blue), 'fortress', 'fortresses')} to ${Math.min(red, blue)}`,
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function fortressList(labels: string[]): string {
  if (labels.length === 1) return `the fortress on ${labels[0]}`;
  return `the fortresses on ${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
}

function replaceAt(text: string, cells: readonly number[], ch: string): string {
  const chars = text.split('');
  for (const c of cells) chars[c] = ch;
  return chars.join('');
}

function countFortresses(forts: string): number {
  let n = 0;
  for (const ch of forts) if (ch !== NO_FORT) n++;
  return n;
}

export function outcome(state: SiegeMasterState): Outcome | null {
  return state.outcome;
}
