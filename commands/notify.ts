import { replyPrivately } from '../src/discord/handlers/replies.js';
import { localized, localizedChoice } from './localize.js';
import type { Subcommand } from './types.js';

export const notify: Subcommand = {
  name: 'notify',
  define: (sub) =>
    localized(sub.setName('notify'), 'commands:notify')
      .addStringOption((o) =>
        localized(o.setName('dm'), 'commands:notify.dm').setRequired(true)
          .addChoices(localizedChoice('commands:onOff.on', 'on'), localizedChoice('commands:onOff.off', 'off')),
      ),
  async execute(ctx, i) {
    const sp = ctx.locales.reader(i);
    const on = i.options.getString('dm', true) === 'on';
    await ctx.services.settings.setDmNotify(i.user.id, on);
    await replyPrivately(i, sp.t(on ? 'commands:notify.on' : 'commands:notify.off'));
  },
};
