// Entry of an AI worker thread. Node 20 does not carry the main thread's module hooks into a
// worker: not tsx's (the bot runs under `tsx`), and vitest registers none. So this plain-JS entry
// registers tsx itself, then loads the TypeScript worker.
import { register } from 'tsx/esm/api';

register();

await import('./worker.ts');
