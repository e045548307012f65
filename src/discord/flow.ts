// What happens in Discord after the game changed: a new board at a hand-over (retiring the one
// before it, mentioning whoever must now act, a DM for those who asked), the current board
// updated in place for a step of the same turn; then the game's clock jobs and the AI's answer.
// Also the game thread.
import { ChannelType, DiscordAPIError, RESTJSONErrorCodes, type Client, type SendableChannels, type Message } from 'discord.js';
import type { Logger } from '../config/logger.js';
import type { RenderPool } from '../render/pool.js';
import type { Scheduler } from '../scheduling/scheduler.js';
import { HOUR_MS } from '../services/clocks.js';
import type { Services } from '../services/index.js';
import { describeSeat, type MoveApplied } from '../services/games.js';
import { AI_MARK, type GameSnapshot } from '../services/types.js';
import { boardComponents, buildBoardMessage, supersededEdit, type BoardNews } from './boardMessage.js';
import type { Row } from './components/moveComponents.js';
import { announceDailyResult } from './daily.js';
import { createRetireQueue } from './retireQueue.js';
import { isDailyGame } from '../services/daily.js';
import { createTakebackService } from '../services/records/takebacks.js';

export function createGameFlow(client: Client, services: Services, scheduler: Scheduler, render: RenderPool, log: Logger) {
  const aiRunning = new Set<number>();
  const takebacks = createTakebackService(services.deps, services.games);
  const background = new Set<Promise<unknown>>();
  const retirements = createRetireQueue((task) => track(task));

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
    log.warn(`the thread of game ${game.id} is unreachable; moving the game to its channel`);
    await services.games.setThread(game.id, null);
    return { channel: await sendable(game.channelId), game: { ...game, threadId: null } };
  }

  /** Display names per seat for the board image: members from discord.js's cache (or fetched once), the AI by level. */
  async function playerNames(game: GameSnapshot): Promise<string[]> {
    const guild = game.guildId ? client.guilds.cache.get(game.guildId) : undefined;
    return Promise.all(game.seats.map(async (seat) => {
      if (seat.kind === 'ai') return `AI (${seat.level})`;
      const member = guild?.members.cache.get(seat.userId);
      if (member) return member.displayName;
      const user = client.users.cache.get(seat.userId) ?? (await client.users.fetch(seat.userId).catch(() => null));
      return user?.displayName ?? 'Player';
    }));
  }

  /** The message of a board, with its log of the moves since `afterVersion` (the turn it shows). */
  async function boardPayload(game: GameSnapshot, news: BoardNews, afterVersion: number | null, ping: string[]) {
    const def = services.games.defOf(game);
    const [logged, vacations, players] = await Promise.all([
      !news.steps && afterVersion !== null && afterVersion < game.version ? services.games.movesAfter(game.id, afterVersion) : [],
      services.timekeeping.onVacation(game.seats.flatMap((s) => (s.kind === 'human' ? [s.userId] : []))),
      playerNames(game),
    ]);
    const steps = news.steps ?? logged;
    const offers = await takebacks.boardOffers(def, game, logged.at(-1));
    return buildBoardMessage(def, game, boardImage, { ...news, steps }, { vacations, offers, ping, players });
  }

  /** A board's image from the render workers; a board without one still goes out (and says why in the log). */
  async function boardImage(gameType: string, view: object, opts: Parameters<RenderPool['boardPng']>[2]): Promise<Buffer | null> {
    try {
      return await render.boardPng(gameType, view, opts);
    } catch (e) {
      log.error(`a ${gameType} board could not be drawn; posting it without its image`, { err: e });
      return null;
    }
  }

  const boardEdits = new Map<number, Promise<unknown>>();
  /**
   * The newest version each running game's board was posted or edited at, here. Boards are drawn
   * in workers, so the payload of an older step can be ready after a newer one's: its edit is then
   * dropped instead of turning the board back.
   */
  const newestShown = new Map<number, number>();
  const showing = (game: GameSnapshot) => {
    if (game.status === 'FINISHED') newestShown.delete(game.id);
    else newestShown.set(game.id, Math.max(newestShown.get(game.id) ?? -1, game.version));
  };
  const overtaken = (game: GameSnapshot) => (newestShown.get(game.id) ?? -1) > game.version;

  /**
   * Runs the in-place edits of one game's board one at a time, in the order they were asked for.
   * An edit that rebuilds the board from the game as it stands (a takeback offer withdrawn) then
   * never lands after an older one, nor an older one after it. A game's presses are all handled
   * by the process that serves its guild, so this order holds.
   */
  async function editingBoard<T>(gameId: number, edit: () => Promise<T>): Promise<T> {
    const before = boardEdits.get(gameId) ?? Promise.resolve();
    const run = before.then(edit, edit);
    const settled = run.catch(() => {});
    boardEdits.set(gameId, settled);
    try {
      return await run;
    } finally {
      if (boardEdits.get(gameId) === settled) boardEdits.delete(gameId);
    }
  }

  /**
   * The board `messageId` stops offering "Take back?" for the move that made `version` (it was
   * asked). Its buttons are those of the game as it stands; a board that moved on offers no
   * takeback anyway and is left alone.
   */
  async function withdrawTakebackOffer(gameId: number, messageId: string, version: number): Promise<void> {
    await editingBoard(gameId, async () => {
      const game = await services.games.load(gameId);
      if (!game || game.status !== 'ACTIVE' || game.version !== version || game.boardMessageId !== messageId) return;
      const channel = await sendable(game.threadId ?? game.channelId);
      await channel?.messages.edit(messageId, { components: boardComponents(services.games.defOf(game), game, undefined) });
    });
  }

  /**
   * Retires a board a newer one replaces: no components, no "your move", no clock. The edit is
   * queued behind the boards being posted (retireQueue.ts), so it never delays a new board.
   */
  async function stripBoard(game: GameSnapshot, text: string): Promise<void> {
    const messageId = game.boardMessageId;
    if (!messageId) return;
    retirements.retire(async () => {
      const channel = await sendable(game.threadId ?? game.channelId);
      await channel?.messages
        .edit(messageId, supersededEdit(text))
        .catch((e) => log.warn(`could not retire the old board of game ${game.id}`, { err: e }));
    });
  }

  /**
   * Posts a new board message for `original` (a hand-over, the start, the end). It pings `ping`
   * only. The board before it is retired, unless the press on it already did that
   * (`retiredId`: the message that press was on).
   */
  async function postBoard(
    original: GameSnapshot,
    news: BoardNews,
    previous?: GameSnapshot,
    opts: { ping?: string[]; retiredId?: string | null; retiredText?: string } = {},
  ): Promise<Message | null> {
    const { channel, game } = await gameChannel(original);
    if (!channel) return null;
    const afterVersion = previous ? (previous.boardVersion ?? previous.version) : null;
    const message = await retirements.posting(async () => channel.send(await boardPayload(game, news, news.headline && !news.steps ? null : afterVersion, opts.ping ?? [])));
    showing(game);
    const stored = await services.games.setBoardMessage(game.id, message.id, game.version);
    track(notifyByDm(game, previous, message.url));
    const text = opts.retiredText ?? (news.headline ? news.headline : 'A newer board follows.');
    // The board stored until now is retired, unless the press on it did that already. Reading it
    // afresh (not from `previous`) also retires a board another move posted a moment ago.
    if (stored.replaced && stored.replaced !== opts.retiredId) await stripBoard({ ...game, boardMessageId: stored.replaced }, text);
    // A newer board got there first: this one is out of date as soon as it is out.
    if (!stored.current) await stripBoard({ ...game, boardMessageId: message.id }, 'A newer board follows.');
    return message;
  }

  /** Who a hand-over is news to: the members who must act now, but not the one who just moved. */
  function freshlyToAct(game: GameSnapshot, mover: string | null): string[] {
    if (game.status !== 'ACTIVE') return [];
    return [...new Set(game.toActUserIds.filter((id) => id !== AI_MARK && id !== mover))];
  }

  /** "Red (<@1>) played F7 E", the line a retired board keeps. */
  function playedText(m: MoveApplied): string {
    return `${describeSeat(m.def, m.previous, m.seat)} played ${m.notation}.`;
  }

  /**
   * The board after saved moves (a member's, then any the rules forced). A hand-over posts a new
   * board that pings whoever must act now; a step that keeps the turn updates the board in place
   * (`editBoard`: through the press on it; otherwise by editing the message). The move is saved
   * already: when Discord refuses the board, the caller tells the player and nothing is lost.
   */
  async function announceMoves(
    moves: MoveApplied[],
    how: { retiredId?: string | null; editBoard?: (payload: Awaited<ReturnType<typeof boardPayload>>) => Promise<unknown>; mover?: string | null } = {},
  ): Promise<{ posted: boolean }> {
    const first = moves[0]!;
    const last = moves[moves.length - 1]!.game;
    let posted = false;
    try {
      if (!moves.some((m) => m.handOver)) {
        const payload = await boardPayload(last, {}, last.boardVersion ?? first.previous.version, []);
        const edit = { ...payload, attachments: [] };
        const { channel, game } = await gameChannel(last);
        if (game.threadId !== last.threadId || !last.boardMessageId) {
          // The board's thread is gone: the game goes on under a new board in its channel.
          posted = (await postBoard(game, {}, first.previous, { ping: [], retiredId: last.boardMessageId })) !== null;
        } else {
          await editingBoard(last.id, async () => {
            if (overtaken(last)) return;
            if (how.editBoard) await how.editBoard(edit);
            else await channel?.messages.edit(last.boardMessageId!, edit);
            showing(last);
          });
          // Recorded once Discord has it: a crash before this leaves the board behind, to be
          // posted again at start-up.
          await services.games.markBoardShown(last.id, last.boardMessageId, last.version);
          posted = true;
        }
      } else if (last.status === 'ACTIVE' && !last.toActUserIds.some((id) => id !== AI_MARK)) {
        // The AI's turn: its run posts the one board when it hands back.
        if (!how.retiredId) await stripBoard(first.previous, playedText(first));
        posted = true;
      } else {
        const firstHandOver = moves.find((m) => m.handOver)!;
        posted = (await postBoard(last, {}, first.previous, {
          ping: freshlyToAct(last, how.mover ?? null),
          retiredId: how.retiredId,
          retiredText: playedText(firstHandOver),
        })) !== null;
      }
    } catch (e) {
      log.warn(`the board of game ${last.id} v${last.version} could not be posted`, { err: e });
    }
    // A daily siege that just ended: its result line and the day's leaderboard.
    if (last.status === 'FINISHED') await announceDailyResult({ services, log, sendable }, last).catch((e) => log.warn(`the daily result of game ${last.id} could not be announced`, { err: e }));
    await settle(last);
    return { posted };
  }

  /**
   * Redraws the current board in place after something that is not a move changed what it shows
   * (a player's setting), pinging nobody. A move that lands meanwhile posts or edits its own
   * board; this one then checks that it did not overwrite that, and mends it if it did.
   */
  async function refreshBoard(gameId: number): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const game = await services.games.load(gameId);
      if (!game || game.status !== 'ACTIVE' || !game.boardMessageId) return;
      const { channel } = await gameChannel(game);
      if (!channel) return;
      try {
        const payload = await boardPayload(game, {}, game.boardVersion ?? game.version, []);
        await editingBoard(gameId, async () => {
          if (!overtaken(game)) await channel.messages.edit(game.boardMessageId!, { ...payload, attachments: [] });
        });
      } catch (e) {
        log.warn(`could not redraw the board of game ${gameId}`, { err: e });
        return;
      }
      const after = await services.games.load(gameId);
      if (!after || after.version === game.version) return;
      // A move came in: a new board replaced this one (retire it again, in case this edit came
      // last), or the same board was edited for the move (draw it again, newest).
      if (after.boardMessageId !== game.boardMessageId) return stripBoard(game, 'A newer board follows.');
    }
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

  /** Records the AI's owed move as a job; this process's worker picks it up at once. */
  function startAiTurns(game: GameSnapshot): void {
    if (game.status !== 'ACTIVE' || !game.toActUserIds.includes(AI_MARK)) return;
    track(scheduler.aiTurn(game));
  }

  /**
   * Plays the owed AI moves of a game (the AI thinks in a worker thread), then the moves the rules
   * force on its opponent, and posts one board when the game is handed back or ends.
   */
  async function runAiTurns(gameId: number): Promise<void> {
    if (aiRunning.has(gameId)) return;
    aiRunning.add(gameId);
    const moves: MoveApplied[] = [];
    const task = services.games
      .playAiTurns(gameId, async (m) => { moves.push(m); })
      .then(async () => { if (moves.length) moves.push(...(await services.games.playForcedMoves(moves[moves.length - 1]!))); })
      .finally(() => aiRunning.delete(gameId));
    background.add(task);
    try {
      await task;
    } finally {
      background.delete(task);
    }
    if (!moves.length) return;
    const first = moves[0]!;
    const last = moves[moves.length - 1]!.game;
    // A board posted for the AI's turn (a game the AI opens) still says so; one a member's move
    // handed over was retired by that move.
    const retired = first.previous.boardVersion !== first.previous.version;
    try {
      await postBoard(last, {}, first.previous, { ping: freshlyToAct(last, null), retiredId: retired ? first.previous.boardMessageId : null, retiredText: playedText(first) });
    } catch (e) {
      log.warn(`the board of game ${last.id} v${last.version} could not be posted`, { err: e });
    }
    if (last.status === 'FINISHED') await announceDailyResult({ services, log, sendable }, last).catch(() => {});
    await settle(last);
  }

  /**
   * At start-up: a game whose board fell behind it (a crash between a move and its board) or that
   * never had one (a crash between its start and its first board) gets its current board, in its
   * thread (opened now if it has none yet), retiring the stale one and pinging whoever must act.
   * When the AI is to act, its recovered move posts the board; only a stale board is retired here.
   */
  async function recoverBoard(gameId: number): Promise<void> {
    let game = await services.games.load(gameId);
    if (!game) return;
    const def = services.games.defOf(game);
    if (!game.boardMessageId && !game.threadId && game.status === 'ACTIVE') {
      // A ranked daily's private thread is saved with its game: a daily without one is not
      // opened in public here.
      const attempt = isDailyGame(game) ? await services.daily.attemptOfGame(game.id) : null;
      if (attempt?.ranked) return log.warn(`daily game ${game.id} has no thread; its board is not posted in public`);
      const names = await playerNames(game);
      game = await openGameThread(game, `${def.title}: ${game.seats.length === 1 ? `${names[0]} (solo)` : names.join(' vs ')}`);
    }
    const shown = game.boardShownVersion ?? null;
    if (game.status === 'ACTIVE' && game.toActUserIds.includes(AI_MARK)) {
      if (game.boardMessageId && (shown === null || shown < game.version)) await stripBoard(game, 'A newer board follows.');
      return;
    }
    const first = !game.boardMessageId;
    // The board it replaces, as it was: the log of the new one starts where the old one's did,
    // and the old one says which move it missed.
    const previous = { ...game, status: 'ACTIVE' as const, version: shown ?? game.version };
    const missed = first || shown === null ? undefined : (await services.games.movesAfter(game.id, shown))[0];
    await postBoard(game, first ? { headline: `Game #${game.id} begins` } : {}, first ? undefined : previous, {
      ping: game.toActUserIds.filter((id) => id !== AI_MARK),
      retiredText: missed?.kind === 'move' ? `${describeSeat(def, game, missed.seat)} played ${missed.notation}.` : 'A newer board follows.',
    });
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
    stripBoard,
    withdrawTakebackOffer,
    recoverBoard,
    boardPayload,
    announceMoves,
    refreshBoard,
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
    /**
     * Queues a request that tidies up after a move (a used private panel removed) behind the boards
     * being posted, as old boards' edits are: it counts against the same global limit.
     */
    afterBoards(run: () => Promise<void>): void {
      retirements.retire(run);
    },
    /** Sends the queued retirements and waits for background work (shutdown, tests). */
    async idle(): Promise<void> {
      retirements.flush();
      while (background.size) await Promise.allSettled([...background]);
    },
  };
}

export type GameFlow = ReturnType<typeof createGameFlow>;
