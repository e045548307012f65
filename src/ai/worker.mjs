// Entry of an AI worker thread (pool.ts). Node 20 does not carry the main thread's module hooks into
// a worker: not tsx's (the bot runs under `tsx`), and vitest registers none. So this plain-JS entry
// registers tsx itself, then loads the TypeScript worker and hands its task handler to piscina.
import { register } from 'tsx/esm/api';

register();

const { runAiTask } = await import('./worker.ts');

export default runAiTask;
