// The order in which drawings take the render workers: live boards first, then previews, then
// reviews, each in arrival order; never more at once than there are workers.
import { describe, expect, it } from 'vitest';
import { createPriorityGate, type DrawPriority } from '../../src/render/priority.js';

/** A drawing the test finishes by hand. */
function manual() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { done, finish };
}

describe('render priority', () => {
  it('given a worker busy and reviews, previews and a live board waiting, then the live board goes next, then previews, then reviews in order', async () => {
    const gate = createPriorityGate(1);
    const started: string[] = [];
    const works = new Map<string, ReturnType<typeof manual>>();
    const submit = (name: string, priority: DrawPriority) => {
      const w = manual();
      works.set(name, w);
      return gate.run(priority, async () => {
        started.push(name);
        await w.done;
      });
    };
    const all = [submit('review 1', 'review'), submit('review 2', 'review'), submit('review 3', 'review'), submit('preview', 'preview'), submit('live', 'live')];
    expect(started).toEqual(['review 1']);
    expect(gate.waiting).toBe(4);
    for (const name of ['review 1', 'live', 'preview', 'review 2', 'review 3']) {
      await new Promise((r) => setImmediate(r));
      expect(started.at(-1)).toBe(name);
      works.get(name)!.finish();
    }
    await Promise.all(all);
    expect(started).toEqual(['review 1', 'live', 'preview', 'review 2', 'review 3']);
    expect(gate.waiting).toBe(0);
  });

  it('given two workers, then two drawings run at once and a failure frees its slot', async () => {
    const gate = createPriorityGate(2);
    let running = 0;
    let most = 0;
    const work = (fail: boolean) => gate.run('review', async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setImmediate(r));
      running--;
      if (fail) throw new Error('drawing failed');
    });
    const results = await Promise.allSettled([work(true), work(false), work(true), work(false), work(false)]);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(2);
    expect(most).toBe(2);
    expect(gate.waiting).toBe(0);
  });
});
