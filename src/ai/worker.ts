// An AI worker thread: loads games by id and runs chooseMove for ./pool.ts, whose piscina hands it
// one task at a time.
import { parentPort, threadId, workerData } from 'node:worker_threads';
import type { AiLevel, GameDefinition, Seat } from '../engine/contract.js';
import { chooseMove, type AiBudget } from './index.js';

export type AiTask = { id: number; gameId: string; state: unknown; seat: Seat; level: AiLevel; budget: AiBudget };
/** An engine's error is an answer, not a throw: the pool tells it apart from a worker that died. */
export type AiTaskResult = { ok: true; move: unknown } | { ok: false; message: string };
/**
 * Sent beside piscina's own messages. `ready`: this thread has loaded the games and warmed up.
 * `started`: a task has begun, so its hard timeout counts from here, not from a queue or a start.
 */
export type AiWorkerMessage = { type: 'ready'; threadId: number } | { type: 'started'; id: number };

if (!parentPort) throw new Error('src/ai/worker.ts runs only as a worker thread');
const port = parentPort;
const extraModules: Record<string, string> = (workerData as { gameModules?: Record<string, string> } | null)?.gameModules ?? {};
const loaded = new Map<string, GameDefinition>();
let registry: Record<string, GameDefinition> | null = null;
let registryError: unknown = null;

async function loadRegistry(): Promise<void> {
  try {
    const mod = (await import('../games/index.js')) as { games: Record<string, GameDefinition> };
    registry = mod.games;
  } catch (error) {
    registryError = error;
  }
}

function pickExport(mod: Record<string, unknown>, id: string): GameDefinition | undefined {
  const candidates = [mod.default, ...Object.values(mod)];
  return candidates.find((v): v is GameDefinition => typeof v === 'object' && v !== null && (v as GameDefinition).id === id);
}

async function loadGame(id: string): Promise<GameDefinition> {
  const cached = loaded.get(id);
  if (cached) return cached;
  let game: GameDefinition | undefined;
  const extra = extraModules[id];
  if (extra) {
    game = pickExport(await import(extra), id);
  } else if (registry && Object.prototype.hasOwnProperty.call(registry, id)) {
    game = registry[id];
  } else if (/^[a-z0-9][a-z0-9-]*$/.test(id)) {
    // The registry may not load while a game is unfinished; a single game can still be reached.
    try {
      game = pickExport(await import(`../games/${id}/index.js`), id);
    } catch (error) {
      const why = registryError instanceof Error ? ` (game registry: ${registryError.message})` : '';
      throw new Error(`unknown game id "${id}": ${error instanceof Error ? error.message : String(error)}${why}`);
    }
  }
  if (!game) throw new Error(`unknown game id "${id}"`);
  loaded.set(id, game);
  return game;
}

/**
 * A short search in every registered game with AI seats before taking calls: a cold thread's first
 * real search would otherwise spend part of its budget being compiled and overrun it. Solo games
 * have no AI seats (their rule-driven side acts inside `play`), so they are never searched.
 */
function warmUp(): void {
  for (const game of Object.values(registry ?? {})) {
    if (game.seats.max < 2) continue;
    try {
      const seats = Array.from({ length: Math.max(1, game.seats.min) }, () => ({ kind: 'human' as const }));
      const state = game.setup('warm-up', seats, game.defaultOptions);
      const seat = game.toAct(state)[0];
      if (seat === undefined) continue;
      for (const level of ['easy', 'normal', 'hard'] as const) {
        chooseMove(game, state, seat, level, { timeMs: 1000, seed: 'warm-up', iterations: 30 });
      }
    } catch {
      // Warming up is best effort; a real call reports its own errors.
    }
  }
}

export async function runAiTask(task: AiTask): Promise<AiTaskResult> {
  try {
    port.postMessage({ type: 'started', id: task.id } satisfies AiWorkerMessage);
    const game = await loadGame(task.gameId);
    return { ok: true, move: chooseMove(game, task.state, task.seat, task.level, task.budget) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

await loadRegistry();
warmUp();
port.postMessage({ type: 'ready', threadId } satisfies AiWorkerMessage);
