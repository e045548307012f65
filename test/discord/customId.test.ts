// The settings component's customId: no version (a setting is not a move), and anything malformed is unknown.
import { describe, expect, it } from 'vitest';
import { decodeCustomId, encodeCustomId } from '../../src/discord/customId.js';

describe('settings customIds', () => {
  it('given the panel and a change, then each reads back as it was written', () => {
    expect(encodeCustomId({ kind: 'settings', gameId: 12 })).toBe('s1:se:12');
    expect(encodeCustomId({ kind: 'settings', gameId: 12, name: 'defence', value: 'strongest' })).toBe('s1:se:12:defence:strongest');
    expect(decodeCustomId('s1:se:12')).toEqual({ kind: 'settings', gameId: 12 });
    expect(decodeCustomId('s1:se:12:defence:none')).toEqual({ kind: 'settings', gameId: 12, name: 'defence', value: 'none' });
  });

  it('given a malformed one, then it is not recognised', () => {
    for (const id of ['s1:se', 's1:se:x', 's1:se:12:defence', 's1:se:12:defence:none:more', 's1:se:0', `s1:se:12:${'n'.repeat(17)}:none`]) expect(decodeCustomId(id), id).toBeNull();
  });
});
