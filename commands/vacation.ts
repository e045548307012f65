import { MessageFlags } from 'discord.js';
import { replyPrivately } from '../src/discord/handlers/replies.js';
import { VACATION_MAX_DAYS, VACATION_WINDOW_DAYS } from '../src/services/timekeeping.js';
import type { Subcommand } from './types.js';

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

export const vacation: Subcommand = {
  name: 'vacation',
  defineGroup: (group) =>
    group
      .setName('vacation')
      .setDescription('Pause your move clocks while you are away')
      .addSubcommand((sub) =>
        sub
          .setName('start')
          .setDescription(`Pause all your move clocks (at most ${VACATION_MAX_DAYS} days in any ${VACATION_WINDOW_DAYS})`)
          .addIntegerOption((o) => o.setName('days').setDescription('How many days').setRequired(true).setMinValue(1).setMaxValue(VACATION_MAX_DAYS)),
      )
      .addSubcommand((sub) => sub.setName('end').setDescription('End your vacation now; your clocks run again')),
  async execute(ctx, i) {
    const action = i.options.getSubcommand(false);
    if (action === 'start') {
      const days = i.options.getInteger('days', true);
      await i.deferReply({ flags: MessageFlags.Ephemeral });
      const r = await ctx.master.vacation(i.user.id, { days });
      if (!r.ok) return replyPrivately(i, r.error.message);
      const { games, changed } = r.value;
      const endsAt = r.value.endsAt!;
      await i.editReply(
        `You are on vacation until <t:${unix(endsAt)}:f>. Your clocks are paused in ${games.length} active game(s)` +
          `${changed.length ? `; ${changed.length} deadline(s) moved forward` : ''}. End it early with \`/siege vacation end\`.`,
      );
      return;
    }
    if (action === 'end') {
      await i.deferReply({ flags: MessageFlags.Ephemeral });
      const r = await ctx.master.vacation(i.user.id, 'end');
      if (!r.ok) return replyPrivately(i, r.error.message);
      const { games } = r.value;
      await i.editReply(`Welcome back. Your clocks run again in ${games.length} active game(s).`);
      return;
    }
    return replyPrivately(i, 'Use `/siege vacation start days:<n>` or `/siege vacation end`.');
  },
};
