// Applying moves: validation with reasons a player understands, placement, sieges, the swap, the
// draft, and the end of the game. `play` never throws and never mutates its input.
import { clipped, ok, type GameEvent, type Outcome, type Phrase, type Result, type Seat } from '../../engine/index.js';
import { boardFor, cellIndex, lineOf, LINE_DIRECTIONS, type Board } from './board.js';
import { fortressCandidates, fortressRefusal } from './fortresses.js';
import { lineFromCell, lineFromCells, placeMoveForLine } from './notation.js';
import { fortressesPhrase, phrase, refuse, seatPhrase } from './phrases.js';
import { canSwap, capturedCounts, cellsAround, lineIsFree, lineTouches, placementChoice, readOccupancy } from './rules.js';
import { FORT_HELD, FORT_NEUTRAL, FORT_NONE, siegeCaptures } from './sieges.js';
import {
  armyChar,
  armyOf,
  ARMIES_PER_SEAT,
  MIN_FORTRESS_DISTANCE,
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
  if (cells !== undefined && !cellList) return refuse('bad-move', 'a placement lists its cells as labels, like ["F7", "G7", "H7", "I7"]', 'cellsAsLabels');
  let line: Result<number>;
  if (typeof cell === 'string' && typeof dir === 'string') {
    const d = (PLACEMENT_DIRECTIONS as readonly string[]).indexOf(dir.toUpperCase());
    if (d < 0) return refuse('bad-move', `${shown(dir)} is not a direction: use E, SE or SW`, 'notADirection', { text: shown(dir) });
    line = lineFromCell(board, cell, d);
  } else if (cellList) {
    line = lineFromCells(board, cellList);
  } else {
    return refuse('bad-move', 'a placement names its first cell and a direction, like { cell: "F7", dir: "SE" }', 'placementShape');
  }
  if (!line.ok || !cellList || cell === undefined) return line;
  const expected = lineOf(board, line.value)!.map((c) => board.labels[c]!);
  const given = cellList.map((c) => c.toUpperCase());
  const startsRight = typeof cell !== 'string' || cell.toUpperCase() === expected[0];
  if (!startsRight || given.length !== expected.length || !expected.every((c) => given.includes(c))) {
    const army = `${expected[0]} ${PLACEMENT_DIRECTIONS[line.value % LINE_DIRECTIONS]}`;
    return refuse('bad-move', `the cells ${given.join(' ')} are not the army ${army}`, 'cellsMismatch', { cells: given.join(' '), move: army });
  }
  return line;
}

export function play(state: SiegeMasterState, seat: Seat, move: SiegeMasterMove): Played {
  try {
    return playChecked(state, seat, move as unknown);
  } catch {
    // Every input is validated above; this only keeps a platform alive should a bug slip through.
    return refuse('internal', 'that move could not be played', 'internal');
  }
}

function playChecked(state: SiegeMasterState, seat: unknown, move: unknown): Played {
  if (state.phase === 'over') return refuse('game-over', 'the game is over', 'gameOver');
  if (seat !== 0 && seat !== 1) return refuse('bad-seat', `there is no seat ${shown(seat)} in this game`, 'noSuchSeat', { seat: shown(seat) });
  if (seat !== state.toMove) return refuse('not-your-turn', `it is ${seatName(state.toMove)}'s turn`, 'notYourTurn', { seat: seatPhrase(state.toMove) });
  if (!isRecord(move)) return refuse('bad-move', `${shown(move)} is not a move`, 'notAMove', { move: shown(move) });
  const board = boardFor(state);
  switch (move.type) {
    case 'fort':
      return draftFortress(state, board, seat, move);
    case 'swap':
      return swap(state, seat);
    case 'place':
      return placeArmy(state, board, seat, move);
    default:
      return refuse('bad-move', `${shown(move.type)} is not a kind of move: place, swap or fort`, 'unknownMoveType', { type: shown(move.type) });
  }
}

function draftFortress(state: SiegeMasterState, board: Board, seat: Seat, move: Record<string, unknown>): Played {
  if (state.phase !== 'draft') return refuse('wrong-phase', 'fortresses are placed only before the first army', 'draftIsOver');
  if (typeof move.cell !== 'string') return refuse('bad-move', 'a fortress move names a cell, like { type: "fort", cell: "F7" }', 'fortShape');
  const cell = cellIndex(board, move.cell);
  if (cell < 0) return refuse('off-map', `${shown(move.cell.toUpperCase())} is not on the map`, 'offMap', { cell: shown(move.cell.toUpperCase()) });
  const label = board.labels[cell]!;
  if (state.forts[cell] !== NO_FORT) return refuse('fortress', `${label} is a fortress already`, 'fortressAlready', { cell: label });
  const fort = new Uint8Array(board.size);
  for (let i = 0; i < board.size; i++) if (state.forts[i] !== NO_FORT) fort[i] = 1;
  const refusal = fortressRefusal(board, fort, cell);
  if (refusal === 'no-room') return refuse('no-room', `a fortress on ${label} would leave no room for an army around it`, 'noRoom', { cell: label });
  if (refusal === 'too-close') {
    const message = `${label} is too close to another fortress (keep them at least ${MIN_FORTRESS_DISTANCE} cells apart where the map allows)`;
    return refuse('too-close', message, 'tooClose', { cell: label, count: MIN_FORTRESS_DISTANCE });
  }

  fort[cell] = 1;
  const forts = replaceAt(state.forts, [cell], NEUTRAL);
  const placed = countFortresses(forts);
  const events: GameEvent[] = [
    { type: 'fort', text: `${seatName(seat)} placed a fortress on ${label}.`, phrase: phrase('events.fort', { seat: seatPhrase(seat), cell: label }), seat, cell: label },
  ];
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
  if (full) {
    const text = `All ${placed} fortresses are placed. ${seatName(0)} places the first army.`;
    events.push({ type: 'draft-over', text, phrase: phrase('events.draftOver', { count: placed, seat: seatPhrase(0) }) });
  }
  return ok({ state: next, events });
}

function swap(state: SiegeMasterState, seat: Seat): Played {
  if (state.phase !== 'play' || seat !== 1 || !canSwap(state)) return refuse('no-swap', "swap is only allowed on Blue's first turn", 'noSwap');
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
  const cells = last.cells.join(' ');
  const values = { seat: seatPhrase(1), other: seatPhrase(0), cells };
  const said = last.captured.length > 0
    ? phrase('events.swapWithFortresses', { ...values, fortresses: fortressesPhrase('terms.fortressesWith', last.captured) })
    : phrase('events.swap', values);
  const text = `${seatName(1)} swapped: the army on ${cells}${captured} is now ${seatName(1)}'s. ${seatName(0)} moves next.`;
  const events: GameEvent[] = [{ type: 'swap', text, phrase: said, seat: 1 }];
  return ok(finishTurn(next, events));
}

function placeArmy(state: SiegeMasterState, board: Board, seat: Seat, move: Record<string, unknown>): Played {
  if (state.phase === 'draft') return refuse('wrong-phase', 'the fortresses are still being placed: play fort and a cell, like fort F7', 'stillDrafting');
  const line = placementLine(board, move);
  if (!line.ok) return line;
  const cells = lineOf(board, line.value)!;
  for (const c of cells) {
    const cell = board.labels[c]!;
    if (state.forts[c] !== NO_FORT) return refuse('fortress', `${cell} is a fortress`, 'isFortress', { cell });
    const owner = armyOf(state.armies[c]!);
    if (owner) return refuse('occupied', `${cell} is taken by ${seatName(owner.seat)}'s army`, 'occupied', { cell, seat: seatPhrase(owner.seat) });
  }
  if (state.armiesLeft[seat]! <= 0) return refuse('no-armies', 'you have no armies left', 'noArmies');
  const occ = readOccupancy(state, board);
  const choice = placementChoice(state, occ);
  if (choice.forced && !lineTouches(board, line.value, cellsAround(board, choice.lastCells))) {
    const owner = state.last!.seat;
    return refuse('must-be-adjacent', `you must play next to ${seatName(owner)}'s last army (it captured nothing)`, 'mustBeAdjacent', { seat: seatPhrase(owner) });
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
  const placed = phrase('events.army', { seat: seatPhrase(seat), move: notation, cells: labels.join(' ') });
  const events: GameEvent[] = [
    { type: 'army', text: `${seatName(seat)} placed an army on ${notation} (${labels.join(' ')}).`, phrase: placed, seat, cells: labels },
  ];
  if (captured.length > 0) {
    const took = phrase('events.capture', { seat: seatPhrase(seat), fortresses: fortressesPhrase('terms.fortressesOn', capturedLabels) });
    events.push({ type: 'capture', text: `${seatName(seat)} captured ${fortressList(capturedLabels)}.`, phrase: took, seat, cells: capturedLabels });
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
      reasonPhrase: phrase('outcomes.majority', { seat: seatPhrase(winner), held: counts[winner]!, count: total }),
    };
  } else {
    const mover = state.toMove;
    const values = { seat: seatPhrase(mover) };
    const stuck: [string, Phrase] | null =
      state.armiesLeft[mover]! <= 0
        ? ['has no armies left', phrase('outcomes.noArmies', values)]
        : !canMove(state)
          ? ['cannot place an army', phrase('outcomes.cannotPlace', values)]
          : null;
    if (stuck) outcome = finalCount(counts, `${seatName(mover)} ${stuck[0]}`, stuck[1]);
  }
  if (!outcome) return { state, events };
  const end = phrase('events.end', { reason: outcome.reasonPhrase! });
  return {
    state: { ...state, phase: 'over', outcome },
    events: [...events, { type: 'end', text: `Game over: ${outcome.reason}.`, phrase: end, winners: outcome.winners, draw: outcome.draw }],
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

function finalCount(counts: number[], why: string, whyPhrase: Phrase): Outcome {
  const [red, blue] = [counts[0]!, counts[1]!];
  if (red === blue) {
    const reason = `${why}; a draw at ${plural(red, 'fortress', 'fortresses')} each`;
    return { winners: [], draw: true, scores: counts, reason, reasonPhrase: phrase('outcomes.drawAt', { why: whyPhrase, count: red }) };
  }
  const winner = red > blue ? 0 : 1;
  const [more, fewer] = [Math.max(red, blue), Math.min(red, blue)];
  return {
    winners: [winner],
    draw: false,
    scores: counts,
    reason: `${why}; ${seatName(winner)} wins with ${plural(more, 'fortress', 'fortresses')} to ${fewer}`,
    reasonPhrase: phrase('outcomes.winsWith', { why: whyPhrase, seat: seatPhrase(winner), count: more, fewer }),
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
