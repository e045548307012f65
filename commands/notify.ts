import { replyPrivately } from '../src/discord/handlers/replies.js';
import type { Subcommand } from './types.js';

export const notify: Subcommand = {
  name: 'notify',
  define: (sub) =>
    sub
      .setName('notify')
      .setDescription('Get a direct message when it is your turn')
      .addStringOption((o) =>
        o.setName('dm').setDescription('Direct messages on your turn').setRequired(true)
          .addChoices({ name: 'on', value: 'on' }, { name: 'off', value: 'off' }),
      ),
  async execute(ctx, i) {
    const on = i.options.getString('dm', true) === 'on';
    await ctx.services.settings.setDmNotify(i.user.id, on);
    await replyPrivately(
      i,
      on
        ? 'I will send you a direct message when it is your turn, with a link to the board. If your DMs are closed, I will stop trying and mention you in the game thread as always; run this again once they are open.'
        : 'No more direct messages: you will be mentioned in the game threads only.',
    );
  },
};
