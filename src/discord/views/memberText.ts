// Text a member chose (a display name, a value they typed) as it lands in a message the bot
// posts: shown as written, and inert. Discord renders Markdown in message text, embed titles,
// descriptions and fields, so a name like "[nitro](https://t.ly/x)" would become a masked link,
// "# free" a heading, "<@&123>" or "@everyone" a mention (allowed_mentions keeps those from
// pinging, not from showing as pings). Every view that puts such text in Markdown passes it
// through `memberText`; plain-text places (thread names, embed footers, board images) take
// `memberLine`.
import { escapeMarkdown } from 'discord.js';

const ZERO_WIDTH = '\u200b';

/** One line: Discord names have none, but typed text may, and a line break starts a heading or a list. */
export function memberLine(text: string): string {
  return text.replace(/[\r\n\u2028\u2029\u0085]+/g, ' ').replace(/[\u0000-\u001f\u007f]/g, '').replace(/\s{2,}/g, ' ').trim();
}

/**
 * `text` for Markdown: bold, italics, code, spoilers, lists and headings escaped; every bracket
 * escaped (a masked link needs them; discord.js's own escape takes only a text's first link);
 * mentions of members, roles, channels, commands and @everyone or @here broken by a zero-width
 * space, as are bare links ("https://"), which Discord would make clickable.
 */
export function memberText(text: string): string {
  return escapeMarkdown(memberLine(text), { heading: true, bulletedList: true, numberedList: true })
    .replace(/[[\]()]/g, '\\$&')
    .replace(/^-#/, '\\-#')
    .replace(/<(?=[@#/:]|a:|t:)/g, `<${ZERO_WIDTH}`)
    .replace(/@(?=everyone|here)/gi, `@${ZERO_WIDTH}`)
    .replace(/:\/\//g, `:${ZERO_WIDTH}//`);
}
