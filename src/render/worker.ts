// A render worker thread: turns a view into PNG bytes (a board, a placement preview), or a
// finished game's log into its animated replay. Tasks come from pool.ts through piscina.
import { writeFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { loadCanvasFonts } from './canvas.js';
import { renderBoardPng, renderPreviewPng, type PreviewCandidate, type RenderOptions } from './index.js';
import type { Replay, ReplayRequest } from './replay.js';

export type RenderTask = (
  | { kind: 'board'; gameType: string; view: object; opts: RenderOptions }
  | { kind: 'preview'; gameType: string; view: object; candidates: PreviewCandidate[]; opts: RenderOptions }
  | { kind: 'replay'; request: ReplayRequest }
) & {
  /** Shared with the pool: the worker's threadId goes here when it starts, so that an overrun can stop that worker. */
  startedBy?: Int32Array;
};

export type RenderResult = Uint8Array | Replay | null;

export async function renderTask(task: RenderTask): Promise<RenderResult> {
  if (task.startedBy) Atomics.store(task.startedBy, 0, threadId);
  switch (task.kind) {
    case 'board':
      return renderBoardPng(task.gameType, task.view, task.opts);
    case 'preview':
      return renderPreviewPng(task.gameType, task.view, task.candidates, task.opts);
    case 'replay':
      // Only the replay worker loads the game engines (it replays the game's moves).
      return (await import('./replay.js')).replayOfGame(task.request);
  }
}

// Ready before the first task: the font registered with Skia and the painter's code compiled.
loadCanvasFonts();

// Named after its lane where the system allows it, so that `top -H` and the bench tell the
// board and replay threads apart.
try {
  const lane = (Piscina.workerData as { lane?: string } | undefined)?.lane;
  if (lane) writeFileSync('/proc/thread-self/comm', lane);
} catch {
  // not Linux: the thread keeps its name
}
