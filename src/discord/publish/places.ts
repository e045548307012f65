// Where a game lives on Discord: its thread (opened when it starts, named after its players), or
// its channel where threads are off, not allowed, or gone; and the names its boards show.
import { ChannelType, type Client, type SendableChannels } from 'discord.js';
import type { Logger } from '../../config/logger.js';
import { speaker, type Speaker } from '../../i18n/index.js';
import type { ChallengeRow } from '../../services/challenges.js';
import type { Services } from '../../services/index.js';
import type { GameSnapshot } from '../../services/types.js';
import { aiName } from '../views/words.js';

const EN = speaker('en-US');

export function createPlaces(client: Client, services: Services, log: Logger) {
  async function sendable(channelId: string): Promise<SendableChannels | null> {
    try {
      const ch = await client.channels.fetch(channelId);
      return ch && ch.isSendable() ? ch : null;
    } catch (e) {
      log.warn(`channel ${channelId} is unreachable`, { err: e });
      return null;
    }
  }

  /** Where a game is played: its thread, or its channel once the thread is gone. */
  async function gameChannel(game: GameSnapshot): Promise<{ channel: SendableChannels | null; game: GameSnapshot }> {
    const channel = await sendable(game.threadId ?? game.channelId);
    if (channel || !game.threadId) return { channel, game };
    // The game's thread is gone (deleted by a moderator): carry on in the channel it came from.
    log.warn(`the thread of game ${game.id} is unreachable; moving the game to its channel`, { gameId: game.id });
    await services.boards.setThread(game.id, null);
    return { channel: await sendable(game.channelId), game: { ...game, threadId: null } };
  }

  /** A member's name in the server (their nickname), else their name on Discord. */
  async function memberName(guildId: string | null, userId: string, sp: Speaker = EN): Promise<string> {
    const guild = guildId ? client.guilds.cache.get(guildId) : undefined;
    const cached = guild?.members.cache.get(userId);
    if (cached) return cached.displayName;
    try {
      if (guild) return (await guild.members.fetch(userId)).displayName;
    } catch {
      // not a member any more: their name on Discord
    }
    const user = client.users.cache.get(userId) ?? (await client.users.fetch(userId).catch(() => null));
    return user?.displayName ?? sp.t('discord:names.unknownPlayer');
  }

  /**
   * Display names per seat for the board image and the thread's name, in `sp`'s language: members
   * by name, the AI by level ("AI (easy)"). Without a speaker (the web's pages), in English.
   */
  async function playerNames(game: GameSnapshot, sp: Speaker = EN): Promise<string[]> {
    return Promise.all(game.seats.map((seat) => (seat.kind === 'ai' ? aiName(sp, seat.level) : memberName(game.guildId, seat.userId, sp))));
  }

  /**
   * The channel a challenge's message is in: its channel, but a rematch is posted where Rematch
   * was pressed, in the finished game's thread.
   */
  async function challengeChannelId(c: ChallengeRow): Promise<string> {
    const rematchOf = (c as ChallengeRow & { rematchOf?: number | null }).rematchOf;
    const game = rematchOf ? await services.games.load(rematchOf) : null;
    return game?.threadId ?? c.channelId;
  }

  /** A public thread for the game; the channel itself where threads fail or the server turned them off. */
  async function openGameThread(game: GameSnapshot, name: string, sp: Speaker = EN): Promise<GameSnapshot> {
    if (!(await services.settings.guild(game.guildId)).threadMode) return game;
    try {
      const parent = await client.channels.fetch(game.channelId);
      if (parent && (parent.type === ChannelType.GuildText || parent.type === ChannelType.GuildAnnouncement)) {
        const thread = await parent.threads.create({
          name: name.slice(0, 100),
          autoArchiveDuration: 10080,
          reason: sp.t('discord:audit.gameThread', { id: game.id }),
        });
        await services.boards.setThread(game.id, thread.id);
        return { ...game, threadId: thread.id };
      }
    } catch (e) {
      log.warn(`no thread for game ${game.id}; playing in the channel`, { err: e, gameId: game.id });
    }
    return game;
  }

  return { sendable, gameChannel, memberName, playerNames, challengeChannelId, openGameThread };
}

export type Places = ReturnType<typeof createPlaces>;
