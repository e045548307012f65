// `/siege settings board:text|image`: a member's own settings. `board:text` makes the boards where
// they act (their private step panels, their turn's direct message, `/siege board`) come with the
// whole position in words, for a screen reader; `board:image` goes back to the image alone (every
// board still has its Describe button). Without an option, the settings as they stand.
import { replyPrivately } from '../src/discord/handlers/replies.js';
import { localized, localizedChoice } from './localize.js';
import type { Subcommand } from './types.js';

export const settings: Subcommand = {
  name: 'settings',
  define: (sub) =>
    localized(sub.setName('settings'), 'commands:settings')
      .addStringOption((o) =>
        localized(o.setName('board'), 'commands:settings.board')
          .addChoices(localizedChoice('commands:settings.board.text', 'text'), localizedChoice('commands:settings.board.image', 'image')),
      ),
  async execute(ctx, i) {
    const sp = ctx.locales.reader(i);
    const board = i.options.getString('board');
    if (board === 'text' || board === 'image') await ctx.services.settings.setBoardText(i.user.id, board === 'text');
    const text = board === 'text' || board === 'image' ? board === 'text' : await ctx.services.settings.boardText(i.user.id);
    await replyPrivately(i, sp.t(text ? 'commands:settings.boardText' : 'commands:settings.boardImage'));
  },
};
