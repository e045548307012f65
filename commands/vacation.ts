import { MessageFlags } from 'discord.js';
import type { BotContext } from '../src/discord/context.js';
import { replyPrivately } from '../src/discord/replies.js';
import { VACATION_MAX_DAYS, VACATION_WINDOW_DAYS } from '../src/services/timekeeping.js';
import type { GameSnapshot } from '../src/services/types.js';
import type { Subcommand } from './types.js';

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** Tells the other players of each game, in its thread, and re-arms the clocks that moved. */
async function announce(ctx: BotContext, userId: string, games: GameSnapshot[], changed: GameSnapshot[], text: string): Promise<void> {
  for (const game of changed) await ctx.flow.settle(game);
  for (const game of games) {
    const others = game.seats.flatMap((s) => (s.kind === 'human' && s.userId !== userId ? [s.userId] : []));
    const to = others.length ? `${others.map((u) => `<@${u}>`).join(' ')}: ` : '';
    await ctx.flow.postNotice(game, `${to}${text}`, others).catch((e) => ctx.log.warn(`could not post a vacation notice in game ${game.id}`, { err: e }));
  }
}

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
      const r = await ctx.services.timekeeping.vacationStart(i.user.id, days);
      if (!r.ok) return replyPrivately(i, r.error.message);
      const { endsAt, games, changed } = r.value;
      await announce(ctx, i.user.id, games, changed, `🌴 <@${i.user.id}> is on vacation until <t:${unix(endsAt)}:f>. Their move clocks are paused: deadlines move forward by the time away.`);
      await i.editReply(
        `You are on vacation until <t:${unix(endsAt)}:f>. Your clocks are paused in ${games.length} active game(s)` +
          `${changed.length ? `; ${changed.length} deadline(s) moved forward` : ''}. End it early with \`/siege vacation end\`.`,
      );
      return;
    }
    if (action === 'end') {
      await i.deferReply({ flags: MessageFlags.Ephemeral });
      const r = await ctx.services.timekeeping.vacationEnd(i.user.id);
      if (!r.ok) return replyPrivately(i, r.error.message);
      const { games, changed } = r.value;
      await announce(ctx, i.user.id, games, changed, `🏰 <@${i.user.id}> is back from vacation; their move clocks run again.`);
      await i.editReply(`Welcome back. Your clocks run again in ${games.length} active game(s).`);
      return;
    }
    return replyPrivately(i, 'Use `/siege vacation start days:<n>` or `/siege vacation end`.');
  },
};
