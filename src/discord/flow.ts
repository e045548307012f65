// What happens in Discord after the game changed: post the new board, retire the old one's
// components, tell whoever must act (a mention, and a DM for those who asked), re-arm the game's
// clock jobs and let AI seats answer. Also the game thread.
import { ChannelType, DiscordAPIError, RESTJSONErrorCodes, type Client, type SendableChannels, type Message } from 'discord.js';
import type { Logger } from '../config/logger.js';
import type { Scheduler } from '../scheduling/scheduler.js';
import { HOUR_MS } from '../services/clocks.js';
import type { Services } from '../services/index.js';
import { describeSeat, type MoveApplied } from '../services/games.js';
import { AI_MARK, type GameSnapshot } from '../services/types.js';
import { buildBoardMessage, staleRows, type BoardNews } from './boardMessage.js';
import type { Row } from './components/moveComponents.js';
import { replayAttachment } from './components/recordsReplay.js';
import { announceDailyResult } from './daily.js';
import { createTakebackService } from '../services/records/takebacks.js';

export function createGameFlow(client: Client, services: Services, scheduler: Scheduler, log: Logger) {
  const aiRunning = new Set<number>();
  const takebacks = createTakebackService(services.deps, services.games);
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
  /** Where a game is played: its thread, or its channel once the thread is gone. */
  async function gameChannel(game: GameSnapshot): Promise<{ channel: SendableChannels | null; game: GameSnapshot }> {
    const channel = await sendable(game.threadId ?? game.channelId);
    if (channel || !game.threadId) return { channel, game };
    // The game's thread is gone (deleted by a moderator): carry on in the channel it came from.
    log.warn(`the thread of game ${game.id} is unreachable; moving the game to its channel`);
    await services.games.setThread(game.id, null);
    return { channel: await sendable(game.channelId), game: { ...game, threadId: null } };
  }

  async function postBoard(original: GameSnapshot, news: BoardNews, previous?: GameSnapshot): Promise<Message | null> {
    const def = services.games.defOf(original);
    const { channel, game } = await gameChannel(original);
    if (!channel) return null;
    const vacations = await services.timekeeping.onVacation(game.seats.flatMap((s) => (s.kind === 'human' ? [s.userId] : [])));
    const offers = await takebacks.boardOffers(def, game);
    const payload = await buildBoardMessage(def, game, news, { vacations, offers });
    const message = await channel.send(payload);
    // The result of a game that just ended gets its animated replay, drawn after the result is
    // out (seconds for a long game) so that neither the result nor the mover's answer waits.
    if (game.status === 'FINISHED' && previous?.status === 'ACTIVE') track(attachReplay(message, game));
    await services.games.setBoardMessage(game.id, message.id);
    track(notifyByDm(game, previous, message.url));
    const old = previous ?? null;
    if (old?.boardMessageId) {
      const oldChannel = await sendable(old.threadId ?? old.channelId);
      await oldChannel?.messages
        .edit(old.boardMessageId, { components: staleRows(def, old) })
        .catch((e) => log.warn(`could not disable the old board of game ${game.id}`, { err: e }));
    }
    return message;
  }

  async function attachReplay(message: Message, game: GameSnapshot): Promise<void> {
    const replay = await replayAttachment(services.deps.db, services.games.defOf(game), game, log);
    if (!replay) return;
    await message.edit({ attachments: [...message.attachments.values()], files: [replay] });
  }

  function track(task: Promise<unknown>): void {
    const t = task.catch((e) => log.warn('background task failed', { err: e })).finally(() => background.delete(t));
    background.add(t);
  }

  /**
   * "Your turn" by direct message, for players who opted in and whose turn has just begun. When
   * their DMs are closed (50007), that is remembered and the thread mention alone remains.
   */
  async function notifyByDm(game: GameSnapshot, previous: GameSnapshot | undefined, url: string): Promise<void> {
    if (game.status !== 'ACTIVE') return;
    const fresh = game.toActUserIds.filter((id) => id !== AI_MARK && !previous?.toActUserIds.includes(id));
    const recipients = await services.settings.dmRecipients(fresh);
    if (!recipients.length) return;
    const def = services.games.defOf(game);
    for (const userId of recipients) {
      try {
        await client.users.send(userId, {
          content: `Your turn in **${def.title}** (game #${game.id}): ${url}`,
          allowedMentions: { parse: [] },
        });
      } catch (e) {
        if (e instanceof DiscordAPIError && e.code === RESTJSONErrorCodes.CannotSendMessagesToThisUser) {
          await services.settings.markDmFailed(userId);
          log.info(`DMs to user ${userId} are closed; turn notices stay in the thread`);
        } else {
          log.warn(`could not DM user ${userId} about game ${game.id}`, { err: e });
        }
      }
    }
  }

  /** The grace after a timeout, from the server's settings. */
  async function graceMs(guildId: string | null): Promise<number> {
    return (await services.settings.guild(guildId)).timeoutGraceHours * HOUR_MS;
  }

  /** After any change of a game: its reminder and timeout jobs follow the new turn, and the AI answers. */
  async function settle(game: GameSnapshot): Promise<void> {
    await armClock(game);
    startAiTurns(game);
  }

  const arming = new Map<number, Promise<void>>();

  /**
   * Arms a game's clock jobs from its stored state, one arming per game at a time. A caller's
   * snapshot may be stale (a reminder and a timeout coming due together each re-arm), and the
   * last arming wins: so each reads the game afresh once the one before it is done. A game's jobs
   * and moves are all handled by the process that serves its guild, so this order holds.
   */
  async function armClock(game: GameSnapshot): Promise<void> {
    if (game.clockSeconds === null && !game.deadlineAt) return;
    const before = arming.get(game.id) ?? Promise.resolve();
    const run = before.then(async () => {
      try {
        const fresh = (await services.games.load(game.id)) ?? game;
        if (await scheduler.armGame(fresh, fresh.timedOutAt ? await graceMs(fresh.guildId) : 0)) {
          await services.games.markClockArmed(fresh.id, fresh.version);
        }
      } catch (e) {
        log.error(`could not arm the clock of game ${game.id}`, { err: e });
      }
    });
    arming.set(game.id, run);
    await run;
    if (arming.get(game.id) === run) arming.delete(game.id);
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
    // A daily siege that just ended: its result line and the day's leaderboard.
    if (m.game.status === 'FINISHED') await announceDailyResult({ services, log, sendable }, m.game).catch((e) => log.warn(`the daily result of game ${m.game.id} could not be announced`, { err: e }));
    await settle(m.game);
    return { posted };
  }

  /** Records the AI's owed move as a job; this process's worker picks it up at once. */
  function startAiTurns(game: GameSnapshot): void {
    if (game.status !== 'ACTIVE' || !game.toActUserIds.includes(AI_MARK)) return;
    track(scheduler.aiTurn(game));
  }

  /** Plays the owed AI moves of a game (the AI thinks in a worker thread), posting each board. */
  async function runAiTurns(gameId: number): Promise<void> {
    if (aiRunning.has(gameId)) return;
    aiRunning.add(gameId);
    let last: GameSnapshot | null = null;
    const task = services.games
      .playAiTurns(gameId, async (m) => {
        last = m.game;
        await postBoard(m.game, { headline: headline(m), events: m.events }, m.previous).catch((e) =>
          log.warn(`the board of game ${m.game.id} v${m.game.version} could not be posted`, { err: e }),
        );
      })
      .finally(() => aiRunning.delete(gameId));
    background.add(task);
    try {
      await task;
    } finally {
      background.delete(task);
    }
    if (last) await armClock(last);
  }

  /** Posts a notice in the game's thread (or its channel), mentioning only `mention`. */
  async function postNotice(game: GameSnapshot, content: string, mention: string[], components: Row[] = []): Promise<Message | null> {
    const { channel } = await gameChannel(game);
    if (!channel) {
      log.warn(`game ${game.id}: its thread and channel are unreachable; notice not posted`);
      return null;
    }
    return channel.send({ content: content.slice(0, 2000), components, allowedMentions: { users: mention } });
  }

  /** A public thread for the game, named after its players; the channel itself where threads fail or the server turned them off. */
  async function openGameThread(game: GameSnapshot, name: string): Promise<GameSnapshot> {
    if (!(await services.settings.guild(game.guildId)).threadMode) return game;
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
    settle,
    startAiTurns,
    runAiTurns,
    graceMs,
    /** Arms the clock jobs of a stored game (start-up, after a crash between a move and its arming). */
    async armClockOf(gameId: number): Promise<void> {
      const game = await services.games.load(gameId);
      if (game) await armClock(game);
    },
    openGameThread,
    postNotice,
    sendable,
    /** Waits for background AI work (shutdown, tests). */
    async idle(): Promise<void> {
      while (background.size) await Promise.allSettled([...background]);
    },
  };
}

export type GameFlow = ReturnType<typeof createGameFlow>;
