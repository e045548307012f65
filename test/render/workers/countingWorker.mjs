// A render worker that draws as the real one does and counts the tasks it holds at once: the
// most at any moment goes to workerData.inFlight[1] (an Int32Array's SharedArrayBuffer; [0] is
// the count now).
import { Piscina } from 'piscina';
import { register } from 'tsx/esm/api';

register();

const { renderTask } = await import('../../../src/render/worker.ts');
const inFlight = new Int32Array(Piscina.workerData.inFlight);

export default async function countingRenderTask(task) {
  const now = Atomics.add(inFlight, 0, 1) + 1;
  if (now > Atomics.load(inFlight, 1)) Atomics.store(inFlight, 1, now);
  try {
    return await renderTask(task);
  } finally {
    Atomics.sub(inFlight, 0, 1);
  }
}
