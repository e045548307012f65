// A finished daily siege on Discord: its spoiler-free result line in the server's channel, and the
// day's leaderboard message edited in place (posted the first time, or again when it was deleted).
// Both are public: the server's language.
import { DiscordAPIError, RESTJSONErrorCodes } from 'discord.js';
import type { Logger } from '../../config/logger.js';
import type { GameDefinition } from '../../engine/contract.js';
import type { Services } from '../../services/index.js';
import { createKeyedLock } from '../../services/keyedLock.js';
import type { Notice } from '../../master/index.js';
import type { Locales } from '../locales.js';
import { dailyResultLine, leaderboardEmbed } from '../views/daily.js';
import type { Places } from './places.js';

export function createDailyBoards(services: Services, places: Places, locales: Locales, log: Logger) {
  const editing = createKeyedLock();

  /** Edits the day's leaderboard message in place, or posts it the first time (one at a time per board). */
  async function refreshLeaderboard(guildId: string, def: GameDefinition, day: string, channelId: string): Promise<void> {
    const key = `${guildId}:${def.id}:${day}`;
    await editing.run(key, async () => {
      const sp = await locales.server(guildId);
      const payload = { embeds: [leaderboardEmbed(sp, def, day, await services.daily.leaderboard(guildId, def.id, day))], allowedMentions: { parse: [] as never[] } };
      const known = await services.daily.boardMessage(guildId, def.id, day);
      if (known) {
        const channel = await places.sendable(known.channelId);
        try {
          if (channel) return void (await channel.messages.edit(known.messageId, payload));
        } catch (e) {
          if (!(e instanceof DiscordAPIError && e.code === RESTJSONErrorCodes.UnknownMessage)) throw e;
        }
        // The message (or its channel) is gone: post it afresh below.
      }
      const channel = await places.sendable(channelId);
      if (!channel) return;
      const message = await channel.send(payload);
      await services.daily.setBoardMessage(guildId, def.id, day, channel.id, message.id);
    }).catch((e) => log.warn(`the daily leaderboard ${key} could not be updated`, { err: e }));
  }

  /** The result line of a ranked daily that scored, then its day's leaderboard. */
  async function announce(n: Extract<Notice, { type: 'daily-result' }>): Promise<void> {
    const channel = await places.sendable(n.channelId);
    await channel?.send({ content: dailyResultLine(await locales.server(n.attempt.guildId), n), allowedMentions: { parse: [] } });
    await refreshLeaderboard(n.attempt.guildId, n.def, n.attempt.day, n.channelId);
  }

  return { announce, refreshLeaderboard };
}
