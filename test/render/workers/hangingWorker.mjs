// A render worker whose first task never ends (its thread blocks, using no CPU), for as many
// tasks as the shared counter it is given says (workerData.hangs, an Int32Array's
// SharedArrayBuffer); then it draws as the real one does.
import { threadId } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { register } from 'tsx/esm/api';

register();

const { renderTask } = await import('../../../src/render/worker.ts');
const hangs = new Int32Array(Piscina.workerData.hangs);

export default async function hangingRenderTask(task) {
  if (Atomics.sub(hangs, 0, 1) > 0) {
    Atomics.store(task.startedBy, 0, threadId); // as the real worker notes its start
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0); // never woken
  }
  return renderTask(task);
}
