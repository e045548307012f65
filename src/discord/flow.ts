// What happens in Discord after the game changed: post the new board, retire the old one's
// components, and let AI seats answer. Also the game thread and the challenge message.
import { ChannelType, type Client, type SendableChannels, type Message } from 'discord.js';
import type { Logger } from '../config/logger.js';
import type { Services } from '../services/index.js';
import { describeSeat, type MoveApplied } from '../services/games.js';
import type { GameSnapshot } from '../services/types.js';
import { buildBoardMessage, staleRows, type BoardNews } from './boardMessage.js';

export function createGameFlow(client: Client, services: Services, log: Logger) {
  const aiRunning = new Set<number>();
  const background = new Set<Promise<unknown>>();

  async function sendable(channelId: string): Promise<SendableChannels | null> {
    try {
      const ch = await client.channels.fetch(channelId);
      return ch && ch.isSendable() ? ch : null;
    } catch (e) {
      log.warn(`channel ${channelId} is unreachable`, { err: e });
      return null;
    }
  }

  /** Posts the board of `game`, and disables the components of the board before it. */
  async function postBoard(game: GameSnapshot, news: BoardNews, previous?: GameSnapshot): Promise<Message | null> {
    const def = services.games.defOf(game);
    let channel = await sendable(game.threadId ?? game.channelId);
    if (!channel && game.threadId) {
      // The game's thread is gone (deleted by a moderator): carry on in the channel it came from.
      log.warn(`the thread of game ${game.id} is unreachable; moving the game to its channel`);
      await services.games.setThread(game.id, null);
      game = { ...game, threadId: null };
      channel = await sendable(game.channelId);
    }
    if (!channel) return null;
    const message = await channel.send(await buildBoardMessage(def, game, news));
    await services.games.setBoardMessage(game.id, message.id);
    const old = previous ?? null;
    if (old?.boardMessageId) {
      const oldChannel = await sendable(old.threadId ?? old.channelId);
      await oldChannel?.messages
        .edit(old.boardMessageId, { components: staleRows(def, old) })
        .catch((e) => log.warn(`could not disable the old board of game ${game.id}`, { err: e }));
    }
    return message;
  }

  function headline(m: MoveApplied): string {
    return `${describeSeat(m.def, m.previous, m.seat)} played ${m.notation}`;
  }

  /**
   * Posts the board after a move and lets the AI answer. The move is already saved: when Discord
   * refuses the board (after discord.js's own retries), the player is told and nothing is lost.
   */
  async function announceMove(m: MoveApplied): Promise<{ posted: boolean }> {
    let posted = false;
    try {
      posted = (await postBoard(m.game, { headline: headline(m), events: m.events }, m.previous)) !== null;
    } catch (e) {
      log.warn(`the board of game ${m.game.id} v${m.game.version} could not be posted`, { err: e });
    }
    startAiTurns(m.game);
    return { posted };
  }

  /** Runs owed AI moves in the background (the AI thinks in a worker thread). */
  function startAiTurns(game: GameSnapshot): void {
    if (game.status !== 'ACTIVE' || !game.toActUserIds.includes('ai') || aiRunning.has(game.id)) return;
    aiRunning.add(game.id);
    const task = services.games
      .playAiTurns(game.id, async (m) => {
        await postBoard(m.game, { headline: headline(m), events: m.events }, m.previous).catch((e) =>
          log.warn(`the board of game ${m.game.id} v${m.game.version} could not be posted`, { err: e }),
        );
      })
      .catch((e) => log.error(`AI turn failed in game ${game.id}`, { err: e }))
      .finally(() => {
        aiRunning.delete(game.id);
        background.delete(task);
      });
    background.add(task);
  }

  /** A public thread for the game, named after its players; the channel itself where threads fail. */
  async function openGameThread(game: GameSnapshot, name: string): Promise<GameSnapshot> {
    try {
      const parent = await client.channels.fetch(game.channelId);
      if (parent && (parent.type === ChannelType.GuildText || parent.type === ChannelType.GuildAnnouncement)) {
        const thread = await parent.threads.create({
          name: name.slice(0, 100),
          autoArchiveDuration: 10080,
          reason: `Siege game #${game.id}`,
        });
        await services.games.setThread(game.id, thread.id);
        return { ...game, threadId: thread.id };
      }
    } catch (e) {
      log.warn(`no thread for game ${game.id}; playing in the channel`, { err: e });
    }
    return game;
  }

  return {
    postBoard,
    announceMove,
    startAiTurns,
    openGameThread,
    sendable,
    /** Waits for background AI work (shutdown, tests). */
    async idle(): Promise<void> {
      while (background.size) await Promise.allSettled([...background]);
    },
  };
}

export type GameFlow = ReturnType<typeof createGameFlow>;
