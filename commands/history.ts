// `/siege history game:<number>`: a game's moves in words, in the reader's language, who made them and when, paged.
// Without a game: the member's finished tournaments on this server, with their places.
import { MessageFlags } from 'discord.js';
import { historyOf } from '../src/discord/handlers/recordsPress.js';
import { replyPrivately } from '../src/discord/handlers/replies.js';
import { tournamentHistoryEmbed } from '../src/discord/views/tournamentRecord.js';
import { localized } from './localize.js';
import { commandText, refusal } from './speech.js';
import type { Subcommand } from './types.js';

export const history: Subcommand = {
  name: 'history',
  define: (sub) =>
    localized(sub.setName('history'), 'commands:history')
      .addIntegerOption((o) => localized(o.setName('game'), 'commands:history.game').setMinValue(1)),
  async execute(ctx, i) {
    const sp = ctx.locales.reader(i);
    // Private whatever the answer: acknowledged at once, the answer fills it in.
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    const id = i.options.getInteger('game');
    if (id === null) {
      // No game: the member's finished tournaments on this server, with their places.
      if (!i.guildId) return replyPrivately(i, sp.t('commands:stats.notInServer'));
      const record = await ctx.tournaments.record({ guildId: i.guildId, userId: i.user.id });
      await i.editReply({ embeds: [tournamentHistoryEmbed(sp, record, `\`${commandText(sp, 'tournament', 'tournament.list')}\``)], allowedMentions: { parse: [] } });
      return;
    }
    const game = await ctx.services.games.load(id);
    if (!game || game.guildId !== (i.guildId ?? null)) return replyPrivately(i, sp.t('commands:noGameNumber', { id }));
    const sight = await ctx.services.visibility.gameSightFor(game, i.user.id, 'moves');
    if (!sight.ok) return replyPrivately(i, refusal(sp, sight));
    await i.editReply(await historyOf(ctx, sp, ctx.services.games.defOf(game), game, null));
  },
};
