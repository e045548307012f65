import { ChannelType, MessageFlags } from 'discord.js';
import { isDailyGame } from '../src/services/daily.js';
import { resolveGame } from '../src/discord/handlers/gameAccess.js';
import { describedFor, sendDescribed } from '../src/discord/handlers/describePress.js';
import { replyPrivately } from '../src/discord/handlers/replies.js';
import { localized } from './localize.js';
import { refusal } from './speech.js';
import type { Subcommand } from './types.js';
import { gameChoices, withGameOption } from './games.js';

export const board: Subcommand = {
  name: 'board',
  define: (sub) =>
    withGameOption(localized(sub.setName('board'), 'commands:board'))
      .addBooleanOption((o) => localized(o.setName('text'), 'commands:board.text')),
  async autocomplete(ctx, i) {
    await i.respond(await gameChoices(ctx, ctx.locales.reader(i), i.user.id, i.guildId));
  },
  async execute(ctx, i) {
    const sp = ctx.locales.reader(i);
    const found = await resolveGame(ctx.services, i.user.id, i.channelId, i.options.getInteger('game'), i.guildId);
    if (!found.ok) return replyPrivately(i, refusal(sp, found.error));
    const game = found.value;
    const sight = await ctx.services.visibility.gameSightFor(game, i.user.id, 'board');
    if (!sight.ok) return replyPrivately(i, refusal(sp, sight));
    // `text:true`: the whole position in words, privately, with the choices of the current step.
    if (i.options.getBoolean('text')) {
      await i.deferReply({ flags: MessageFlags.Ephemeral });
      const described = await describedFor(ctx, sp, game, i.user.id);
      return described.ok ? sendDescribed(i, described.messages) : replyPrivately(i, described.text);
    }
    const playing = sight.player;
    // Only a player's board is posted for all (and becomes the game's live board, in its own
    // thread); anyone else gets a private look. A daily's board is posted only in a private thread.
    const hidden = isDailyGame(game) && i.channel?.type !== ChannelType.PrivateThread;
    const live = playing && !hidden && game.status === 'ACTIVE' && i.channelId === (game.threadId ?? game.channelId);
    await i.deferReply(live ? {} : { flags: MessageFlags.Ephemeral });
    const message = await ctx.publisher.boardPayload(game, {}, game.boardVersion, [], live ? undefined : ctx.locales.reader(i));
    const sent = await i.editReply({ ...message, components: live || playing ? message.components : [], allowedMentions: { parse: [] } });
    if (live) await ctx.publisher.postedAgain(game, sent.id);
    // A player who asked for boards in words (`/siege settings board:text`) gets the position
    // privately beside the board they act on.
    if (playing && game.status === 'ACTIVE' && (await ctx.services.settings.boardText(i.user.id))) {
      const described = await describedFor(ctx, sp, game, i.user.id);
      if (described.ok) for (const embeds of described.messages) await i.followUp({ embeds, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
    }
  },
};
