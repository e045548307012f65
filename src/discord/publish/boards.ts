// A game's board messages on Discord: a new board at a hand-over (retiring the one before it,
// mentioning whoever must act now, a DM for those who asked), the current board updated in place
// for a step of the same turn, and old boards retired behind the new ones. A board is public: it
// speaks the server's language; a DM speaks its reader's.
import { DiscordAPIError, RESTJSONErrorCodes, type Client, type Message } from 'discord.js';
import type { Logger } from '../../config/logger.js';
import type { Speaker } from '../../i18n/index.js';
import type { RenderPool } from '../../render/pool.js';
import type { Services } from '../../services/index.js';
import { createKeyedLock } from '../../services/keyedLock.js';
import { AI_MARK, type GameSnapshot } from '../../services/types.js';
import { boardComponents, boardImageRequest, buildBoardMessage, supersededEdit, type BoardNews, type BoardPayload, type TurnStep } from '../views/board.js';
import type { Locales } from '../locales.js';
import { describeWithin } from '../views/describe.js';
import { turnDm } from '../views/notices.js';
import { altNames } from '../views/words.js';
import type { Places } from './places.js';
import { createRetireQueue } from './retireQueue.js';
import { seatOf } from '../../services/seats.js';

export type PostOptions = {
  /** The members this board mentions: those the game has just been handed to. */
  ping?: string[];
  /** The board a press already retired in its own answer (not retired again). */
  retiredId?: string | null;
  /** What the board this one replaces says it became (said already, in the board's language). */
  retiredText?: string;
  /** The language of the game's server, when the caller has it already. */
  speaker?: Speaker;
};

export function createBoards(deps: { client: Client; services: Services; render: RenderPool; places: Places; log: Logger; locales: Locales; publicUrl?: string | null; activity?: boolean }) {
  const { client, services, render, places, log, locales } = deps;
  /** A board is public: the language of its game's server. */
  const serverOf = (game: GameSnapshot) => locales.server(game.guildId);
  const background = new Set<Promise<unknown>>();
  const retirements = createRetireQueue((task) => track(task));
  const edits = createKeyedLock();
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

  function track(task: Promise<unknown>): void {
    const t = task.catch((e) => log.warn('background task failed', { err: e })).finally(() => background.delete(t));
    background.add(t);
  }

  /** A board's image from the render workers; a board without one still goes out (and says why in the log). */
  async function boardImage(request: ReturnType<typeof boardImageRequest>): Promise<Buffer | null> {
    if (!request) return null;
    try {
      return await render.boardPng(request.gameType, request.view, request.opts);
    } catch (e) {
      log.error(`a ${request.gameType} board could not be drawn; posting it without its image`, { err: e });
      return null;
    }
  }

  /** The game's watch page, when the host exposes the web front and the server did not turn it off. */
  async function watchUrlOf(game: GameSnapshot): Promise<string | null> {
    if (!deps.publicUrl || !game.watchToken) return null;
    return (await services.settings.guild(game.guildId)).webEnabled ? `${deps.publicUrl}/g/${game.watchToken}` : null;
  }

  /** "Play on the board" where the Activity is on and could show the game: not where the server turned its web pages off. */
  const activityFor = (watchUrl: string | null) => deps.activity === true && watchUrl !== null;

  /**
   * The message of a board, with the log of the turn it shows: `steps` when the caller has them,
   * else the moves since `afterVersion` (null: none). In the server's language unless `sp` says
   * otherwise (a board shown privately, in its reader's).
   */
  async function boardPayload(game: GameSnapshot, news: BoardNews, afterVersion: number | null, ping: string[], sp?: Speaker): Promise<BoardPayload> {
    const def = services.games.defOf(game);
    const reader = sp ?? (await serverOf(game));
    const [logged, vacations, players] = await Promise.all([
      !news.steps && afterVersion !== null && afterVersion < game.version ? services.boards.movesAfter(game.id, afterVersion) : [],
      services.timekeeping.onVacation(game.seats.flatMap((s) => (s.kind === 'human' ? [s.userId] : [])), game.players?.vacations),
      places.playerNames(game, reader),
    ]);
    const steps: TurnStep[] = news.steps ?? logged;
    const latest = steps.at(-1);
    const request = boardImageRequest(def, game, players, reader);
    const [offers, png, watchUrl] = await Promise.all([
      services.takebacks.boardOffers(def, game, latest && 'seq' in latest ? (latest as TurnStep & { seq: number }) : undefined),
      boardImage(request),
      watchUrlOf(game),
    ]);
    return buildBoardMessage(def, game, png, { ...news, steps }, { vacations, offers, ping, players, watchUrl, activity: activityFor(watchUrl), view: request?.view }, reader);
  }

  /**
   * Runs the in-place edits of one game's board one at a time, in the order they were asked for:
   * an edit that rebuilds the board from the game as it stands (a takeback offer withdrawn) never
   * lands after an older one, nor an older one after it.
   */
  const editingBoard = <T>(gameId: number, edit: () => Promise<T>) => edits.run(`board:${gameId}`, edit);

  /**
   * Retires a board a newer one replaces: no components, no "your move", no clock. The edit is
   * queued behind the boards being posted (retireQueue.ts), so it never delays a new board.
   */
  function retire(game: GameSnapshot, text: string): void {
    const messageId = game.boardMessageId;
    if (!messageId) return;
    retirements.retire(async () => {
      const channel = await places.sendable(game.threadId ?? game.channelId);
      await channel?.messages
        .edit(messageId, supersededEdit(text))
        .catch((e) => log.warn(`could not retire the old board of game ${game.id}`, { err: e, gameId: game.id }));
    });
  }

  /**
   * "Your turn" by direct message, for players who opted in and whose turn has just begun, each in
   * the language their client spoke when last seen (else the server's). When their DMs are closed
   * (50007), that is remembered and the thread mention alone remains.
   */
  async function notifyByDm(game: GameSnapshot, previous: GameSnapshot | undefined, url: string, server: Speaker): Promise<void> {
    if (game.status !== 'ACTIVE') return;
    const fresh = game.toActUserIds.filter((id) => id !== AI_MARK && !previous?.toActUserIds.includes(id));
    const recipients = await services.settings.dmRecipients(fresh, game.players?.dmUserIds);
    if (!recipients.length) return;
    const def = services.games.defOf(game);
    for (const userId of recipients) {
      try {
        const reader = await locales.member(userId, server.locale);
        // A member who asked for boards in words gets the position with the notice.
        const seat = seatOf(game, userId);
        const words = seat >= 0 && (await services.settings.boardText(userId))
          ? describeWithin(reader, { def, game, view: def.view(game.state, seat) as object, seat, withChoices: true, players: altNames(reader, game, await places.playerNames(game, reader)) })
          : [];
        await client.users.send(userId, { ...turnDm(reader, def, game, url), embeds: words });
      } catch (e) {
        if (e instanceof DiscordAPIError && e.code === RESTJSONErrorCodes.CannotSendMessagesToThisUser) {
          await services.settings.markDmFailed(userId);
          log.info(`DMs to user ${userId} are closed; turn notices stay in the thread`, { userId });
        } else {
          log.warn(`could not DM user ${userId} about game ${game.id}`, { err: e, gameId: game.id, userId });
        }
      }
    }
  }

  /**
   * Posts a new board message for `original` (a hand-over, the start, the end), mentioning `ping`
   * only. The board before it is retired, unless a press already did that (`retiredId`).
   */
  async function post(original: GameSnapshot, news: BoardNews, previous: GameSnapshot | undefined, opts: PostOptions = {}): Promise<Message | null> {
    const { channel, game } = await places.gameChannel(original);
    if (!channel) return null;
    const sp = opts.speaker ?? (await serverOf(game));
    const afterVersion = previous ? (previous.boardVersion ?? previous.version) : null;
    const message = await retirements.posting(async () => channel.send(await boardPayload(game, news, news.headline && !news.steps ? null : afterVersion, opts.ping ?? [], sp)));
    showing(game);
    const stored = await services.boards.setBoardMessage(game.id, message.id, game.version);
    track(notifyByDm(game, previous, message.url, sp));
    const newer = sp.t('discord:retired.newer');
    const text = opts.retiredText ?? (news.headline ? news.headline : newer);
    // The board stored until now is retired, unless the press on it did that already. Reading it
    // afresh (not from `previous`) also retires a board another move posted a moment ago.
    if (stored.replaced && stored.replaced !== opts.retiredId) retire({ ...game, boardMessageId: stored.replaced }, text);
    // A newer board got there first: this one is out of date as soon as it is out.
    if (!stored.current) retire({ ...game, boardMessageId: message.id }, newer);
    return message;
  }

  /**
   * The current board shows a step of the same turn: edited in place (`editPressed`: through the
   * press on it), or posted anew in the channel when its thread is gone.
   */
  async function showStep(last: GameSnapshot, previous: GameSnapshot, editPressed?: (payload: BoardPayload) => Promise<unknown>): Promise<boolean> {
    const sp = await serverOf(last);
    const payload = await boardPayload(last, {}, last.boardVersion ?? previous.version, [], sp);
    const edit = { ...payload, attachments: [] };
    const { channel, game } = await places.gameChannel(last);
    if (game.threadId !== last.threadId || !last.boardMessageId) {
      // The board's thread is gone: the game goes on under a new board in its channel.
      return (await post(game, {}, previous, { ping: [], retiredId: last.boardMessageId, speaker: sp })) !== null;
    }
    await editingBoard(last.id, async () => {
      if (overtaken(last)) return;
      if (editPressed) await editPressed(edit as BoardPayload);
      else await channel?.messages.edit(last.boardMessageId!, edit);
      showing(last);
    });
    // Recorded once Discord has it: a crash before this leaves the board behind, to be posted again at start-up.
    await services.boards.markBoardShown(last.id, last.boardMessageId, last.version);
    return true;
  }

  /**
   * Redraws the current board in place after something that is not a move changed what it shows
   * (a player's setting), pinging nobody. A move that lands meanwhile posts or edits its own
   * board; this one then checks that it did not overwrite that, and mends it if it did.
   */
  async function redraw(gameId: number): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const game = await services.games.load(gameId);
      if (!game || game.status !== 'ACTIVE' || !game.boardMessageId) return;
      const { channel } = await places.gameChannel(game);
      if (!channel) return;
      const sp = await serverOf(game);
      try {
        const payload = await boardPayload(game, {}, game.boardVersion ?? game.version, [], sp);
        await editingBoard(gameId, async () => {
          if (!overtaken(game)) await channel.messages.edit(game.boardMessageId!, { ...payload, attachments: [] });
        });
      } catch (e) {
        log.warn(`could not redraw the board of game ${gameId}`, { err: e, gameId });
        return;
      }
      const after = await services.games.load(gameId);
      if (!after || after.version === game.version) return;
      // A move came in: a new board replaced this one (retire it again, in case this edit came
      // last), or the same board was edited for the move (draw it again, newest).
      if (after.boardMessageId !== game.boardMessageId) return retire(game, sp.t('discord:retired.newer'));
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
      const channel = await places.sendable(game.threadId ?? game.channelId);
      // The board keeps its other buttons, its link to the watch page too.
      const watchUrl = await watchUrlOf(game);
      await channel?.messages.edit(messageId, { components: boardComponents(await serverOf(game), services.games.defOf(game), game, undefined, watchUrl, activityFor(watchUrl)) });
    });
  }

  return {
    boardPayload,
    post,
    retire,
    showStep,
    redraw,
    withdrawTakebackOffer,
    /**
     * Queues a request that tidies up after a move (a used private panel removed) behind the
     * boards being posted, as old boards' edits are: it counts against the same global limit.
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

export type Boards = ReturnType<typeof createBoards>;
