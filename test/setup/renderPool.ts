// Closes the render pool a test file's scenes shared (test/helpers/scene.ts), so that no worker
// thread outlives its file.
import { afterAll } from 'vitest';
import { closeSharedRenderPool } from '../helpers/scene.js';

afterAll(async () => {
  await closeSharedRenderPool();
});
