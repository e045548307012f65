// The presses being answered (src/discord/publish/pressAnswers.ts): a press's answers are known by
// its interaction id while its handler asks the game master, and go when that is done, also when
// it fails, so that no later event (an AI's answer, another member's move) reaches a press that
// is over.
import { describe, expect, it } from 'vitest';
import { createPressAnswers } from '../../src/discord/publish/pressAnswers.js';

describe('the presses being answered', () => {
  it('given a press registered for the time of its work, then its answers are found by its interaction id meanwhile, and by nobody after', async () => {
    const presses = createPressAnswers();
    const retired: string[] = [];
    const answer = { retirePressed: async (text: string) => void retired.push(text) };
    const seen = await presses.during('i-1', answer, async () => {
      expect(presses.of('i-2')).toBeUndefined();
      expect(presses.of(undefined)).toBeUndefined();
      await presses.of('i-1')?.retirePressed?.('Red played F7 E.');
      return presses.size;
    });
    expect([seen, presses.size, retired]).toEqual([1, 0, ['Red played F7 E.']]);
    expect(presses.of('i-1')).toBeUndefined();
  });

  it('given work that fails, then the press is forgotten all the same, and two presses at once keep their own answers', async () => {
    const presses = createPressAnswers();
    await expect(presses.during('i-1', {}, async () => { throw new Error('the database is unreachable'); })).rejects.toThrow('unreachable');
    expect(presses.size).toBe(0);
    const a = { editPressed: async () => 'a' };
    const b = { editPressed: async () => 'b' };
    let release!: () => void;
    const first = presses.during('i-a', a, () => new Promise<void>((r) => (release = r)));
    await presses.during('i-b', b, async () => {
      expect([presses.of('i-a'), presses.of('i-b')]).toEqual([a, b]);
    });
    expect(presses.of('i-a')).toBe(a);
    release();
    await first;
    expect(presses.size).toBe(0);
  });
});
