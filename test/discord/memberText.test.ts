// A member's name (or typed text) in a message: read as written, never a link, a mention, a
// heading or formatting.
import { describe, expect, it } from 'vitest';
import { memberLine, memberText } from '../../src/discord/views/memberText.js';

const ZW = '\u200b';

describe('memberText', () => {
  it('given ordinary names, then they read the same', () => {
    expect(memberText('alice')).toBe('alice');
    expect(memberText('Élodie 🏰')).toBe('Élodie 🏰');
    expect(memberText('bob_smith')).toBe('bob\\_smith'); // shown as bob_smith
  });

  it('given masked links, then every bracket is escaped, the second link too, and bare links are not links', () => {
    expect(memberText('[nitro](https://t.ly/x)')).toBe(`\\[nitro\\]\\(https:${ZW}//t.ly/x\\)`);
    expect(memberText('[a](https://x.io) [b](https://y.io)')).not.toMatch(/(?<!\\)\[/);
    expect(memberText('https://t.ly/x')).not.toMatch(/https:\/\//);
  });

  it('given mentions, then none is one any more', () => {
    const text = memberText('<@123> <@!123> <@&456> <#789> </siege start:1> <t:0:R> @everyone @here');
    expect(text).not.toMatch(/<[@#/]|<t:|@everyone|@here/);
    expect(text.replaceAll(ZW, '')).toBe('<@123> <@!123> <@&456> <#789> </siege start:1> <t:0:R> @everyone @here');
  });

  it('given headings, subtext, lists and line breaks, then the text is one plain line', () => {
    expect(memberText('# Free nitro')).toBe('\\# Free nitro');
    expect(memberText('-# small')).toBe('\\-# small');
    expect(memberText('- item')).toBe('\\- item');
    expect(memberText('1. first')).toBe('1\\. first');
    expect(memberText('a\n# b')).toBe('a # b');
    expect(memberText('**bold** ||spoiler|| `code` ~~gone~~ > quote')).not.toMatch(/(?<!\\)[*|`~]/);
    expect(memberLine(' a \r\n b\u0007 ')).toBe('a b');
  });
});
