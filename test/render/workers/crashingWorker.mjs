// A render worker that exits while drawing, for as many tasks as the shared counter it is given
// says (workerData.crashes, an Int32Array's SharedArrayBuffer), then draws as the real one does.
import { Piscina } from 'piscina';
import { register } from 'tsx/esm/api';

register();

const { renderTask } = await import('../../../src/render/worker.ts');
const crashes = new Int32Array(Piscina.workerData.crashes);

export default async function crashingRenderTask(task) {
  if (Atomics.sub(crashes, 0, 1) > 0) process.exit(3);
  return renderTask(task);
}
