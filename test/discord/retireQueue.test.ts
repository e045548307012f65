// Old boards are retired after the new boards of a burst are out: edits wait while boards are
// being posted, go once posting has been quiet, and never wait longer than MAX_WAIT_MS.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_WAIT_MS, QUIET_MS, createRetireQueue } from '../../src/discord/publish/retireQueue.js';

describe('retire queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = () => {
    const sent: string[] = [];
    const queue = createRetireQueue((task) => void task, () => Date.now());
    const edit = (name: string) => queue.retire(async () => void sent.push(name));
    return { sent, queue, edit };
  };

  it('given no board posted lately, then an edit goes at once', async () => {
    const { sent, edit } = setup();
    edit('old-1');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['old-1']);
  });

  it('given boards being posted, then the edits wait until the last board is out and posting is quiet', async () => {
    const { sent, queue, edit } = setup();
    let finish!: () => void;
    const post = queue.posting(() => new Promise<void>((r) => (finish = r)));
    edit('old-1');
    edit('old-2');
    await vi.advanceTimersByTimeAsync(MAX_WAIT_MS / 2);
    expect(sent).toEqual([]);
    finish();
    await post;
    await vi.advanceTimersByTimeAsync(QUIET_MS - 1);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual(['old-1', 'old-2']);
  });

  it('given posting that never stops, then an edit waits MAX_WAIT_MS at most', async () => {
    const { sent, queue, edit } = setup();
    void queue.posting(() => new Promise<void>(() => {}));
    edit('old-1');
    await vi.advanceTimersByTimeAsync(MAX_WAIT_MS - 1);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual(['old-1']);
  });

  it('given a flush (shutdown), then every queued edit goes at once', async () => {
    const { sent, queue, edit } = setup();
    void queue.posting(() => new Promise<void>(() => {}));
    edit('old-1');
    queue.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['old-1']);
    expect(queue.size).toBe(0);
  });
});
