import { MessageFlags } from 'discord.js';
import { replyPrivately } from '../src/discord/handlers/replies.js';
import { VACATION_MAX_DAYS, VACATION_WINDOW_DAYS } from '../src/services/timekeeping.js';
import { localized } from './localize.js';
import { commandText, refusal, unix } from './speech.js';
import type { Subcommand } from './types.js';

export const vacation: Subcommand = {
  name: 'vacation',
  defineGroup: (group) =>
    localized(group.setName('vacation'), 'commands:vacation')
      .addSubcommand((sub) =>
        localized(sub.setName('start'), 'commands:vacation.start', { max: VACATION_MAX_DAYS, window: VACATION_WINDOW_DAYS })
          .addIntegerOption((o) => localized(o.setName('days'), 'commands:vacation.start.days').setRequired(true).setMinValue(1).setMaxValue(VACATION_MAX_DAYS)),
      )
      .addSubcommand((sub) => localized(sub.setName('end'), 'commands:vacation.end')),
  async execute(ctx, i) {
    const sp = ctx.locales.reader(i);
    const action = i.options.getSubcommand(false);
    if (action === 'start') {
      const days = i.options.getInteger('days', true);
      await i.deferReply({ flags: MessageFlags.Ephemeral });
      const r = await ctx.master.vacation(i.user.id, { days });
      if (!r.ok) return replyPrivately(i, refusal(sp, r.error));
      const { games, changed } = r.value;
      const endsAt = r.value.endsAt!;
      const parts = [
        sp.t('commands:vacation.started', { until: `<t:${unix(endsAt)}:f>` }),
        sp.t('commands:vacation.paused', { count: games.length, n: sp.number(games.length) }),
        ...(changed.length ? [sp.t('commands:vacation.moved', { count: changed.length, n: sp.number(changed.length) })] : []),
        sp.t('commands:vacation.endEarly', { command: commandText(sp, 'vacation', 'vacation.end') }),
      ];
      await i.editReply(parts.join(' '));
      return;
    }
    if (action === 'end') {
      await i.deferReply({ flags: MessageFlags.Ephemeral });
      const r = await ctx.master.vacation(i.user.id, 'end');
      if (!r.ok) return replyPrivately(i, refusal(sp, r.error));
      const { games } = r.value;
      await i.editReply(sp.t('commands:vacation.ended', { count: games.length, n: sp.number(games.length) }));
      return;
    }
    return replyPrivately(i, sp.t('commands:vacation.which', {
      start: `${commandText(sp, 'vacation', 'vacation.start')} ${sp.t('commands:vacation.start.days.name')}:<n>`,
      end: commandText(sp, 'vacation', 'vacation.end'),
    }));
  },
};
