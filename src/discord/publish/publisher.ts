// The Discord publisher, the master's subscriber for Discord: what the game master's events look
// like in a game's thread. A start opens the thread and posts the first board; a step edits the
// board in place; a hand-over posts a new board that mentions whoever must act and retires the old
// one (or, when the AI is to act, only retires it: the AI's answer posts the next board); an end
// posts the final board. A press that caused the event answers on its own message first: the
// event's origin names the interaction, and the press's answers are found by it (pressAnswers.ts).
// All of it is public, in the server's language (locales.ts); a direct message speaks its reader's.
import type { Client } from 'discord.js';
import type { Logger } from '../../config/logger.js';
import type { Speaker } from '../../i18n/index.js';
import type { Locales } from '../locales.js';
import type { RenderPool } from '../../render/pool.js';
import type { Services } from '../../services/index.js';
import { isDailyGame } from '../../services/daily.js';
import { isBoardEvent, type BoardEvent, type ChangeOrigin, type Finished, type GameStarted, type HandedOver, type MasterEvent, type MasterSubscriber, type Notice, type Receipt } from '../../master/index.js';
import { AI_MARK, tournamentTagOf, type GameSnapshot } from '../../services/types.js';
import { expiredEdit } from '../views/challenge.js';
import { dailyThreadName } from '../views/daily.js';
import { memberLine } from '../views/memberText.js';
import { reminderNotice, takebackNotice, timedOutNotice, vacationNotice, type NoticeMessage } from '../views/notices.js';
import { gameTitle, seatWho } from '../views/words.js';
import { createBoards } from './boards.js';
import { createDailyBoards } from './dailyBoards.js';
import { headlineOf, retiredTextOf, startedHeadline, turnPlayedText } from './headlines.js';
import { createPlaces } from './places.js';
import { createPressAnswers } from './pressAnswers.js';

export const DISCORD = 'discord';

/** The origin of an event that came from Discord (a press, a command), else none. */
const discordOrigin = (event: { origin?: ChangeOrigin }): ChangeOrigin | undefined => (event.origin?.front === DISCORD ? event.origin : undefined);

export type PublisherDeps = {
  client: Client;
  services: Services;
  render: RenderPool;
  log: Logger;
  /** The language of each server's public messages, and of each member's direct messages. */
  locales: Locales;
  /** Where the host exposes the web front (PUBLIC_URL): boards link to their watch pages there. */
  publicUrl?: string | null;
  /** The Activity is set up (ACTIVITY=on): running games' boards offer "Play on the board". */
  activity?: boolean;
  /** Told how long a member's move took to reach its board, by game (the metrics). */
  onMoveShown?: (gameType: string, seconds: number) => void;
};

export function createDiscordPublisher(deps: PublisherDeps) {
  const { client, services, log, locales } = deps;
  const places = createPlaces(client, services, log);
  const boards = createBoards({ ...deps, places });
  const dailyBoards = createDailyBoards(services, places, locales, log);
  const pressAnswers = createPressAnswers();
  /** How the press an event came from answers on its own message, while its handler runs. */
  const pressOf = (event: { origin?: ChangeOrigin }) => pressAnswers.of(discordOrigin(event)?.interactionId);
  /** Everything posted in a game's place is public: the language of its server. */
  const serverOf = (game: Pick<GameSnapshot, 'guildId'>) => locales.server(game.guildId);

  /** The name of a new game's thread, in `sp`'s language: its players (and a tournament's name and round), or a daily's day. */
  async function threadName(game: GameSnapshot, daily: GameStarted['daily'], sp: Speaker): Promise<string> {
    const def = services.games.defOf(game);
    // A thread's name is plain text: the names go in as one line each.
    const names = (await places.playerNames(game, sp)).map(memberLine);
    if (daily) return dailyThreadName(sp, def, daily.day, daily.ranked, names[0] ?? '');
    const tag = tournamentTagOf(game);
    if (tag) return sp.t('tournaments:thread', { name: memberLine(tag.name), round: tag.round, players: names.join(` ${sp.t('discord:board.versus')} `) }).slice(0, 100);
    const values = { game: gameTitle(sp, def), name: names[0], players: names.join(` ${sp.t('discord:board.versus')} `) };
    return sp.t(game.seats.length === 1 ? 'discord:thread.solo' : 'discord:thread.players', values).slice(0, 100);
  }

  async function started(change: GameStarted): Promise<Receipt> {
    let game = change.game;
    const sp = await serverOf(game);
    if (!game.threadId && game.status === 'ACTIVE') {
      // A daily's deal is shown only in the private thread made for it before it was dealt, never in public.
      if (isDailyGame(game)) {
        log.warn(`daily game ${game.id} has no private thread; its board is not posted`, { gameId: game.id });
        return { shown: false };
      }
      game = await places.openGameThread(game, await threadName(game, change.daily, sp), sp);
    }
    const message = await boards.post(game, { headline: await headlineOf(services, change, sp) }, undefined, { ping: change.ping, speaker: sp });
    return { shown: message !== null, where: game.threadId ? `<#${game.threadId}>` : (message?.url ?? null) };
  }

  /** A hand-over, an undo or takeback, or the end: a new board, the old one retired. */
  async function newBoard(change: HandedOver | Finished): Promise<Receipt> {
    const { game, previous } = change;
    const origin = discordOrigin(change);
    const press = pressOf(change);
    const sp = await serverOf(game);
    // The board before showed the game just before these moves (the usual hand-over): the new
    // board's log is these moves, as they were written, without reading them back.
    const fromShown = previous && (previous.boardVersion ?? previous.version) === previous.version && change.moves.length > 0;
    // A hand-over's turn, for the line the old board keeps and the new board's log: these moves,
    // else (a turn of several steps) the moves since the old board was posted, read once here.
    const turn = !change.moves.some((m) => m.handOver)
      ? undefined
      : fromShown || !previous
        ? change.moves.flatMap((m) => m.logged)
        : await services.boards.movesAfter(game.id, previous.boardVersion ?? previous.version);
    const retiredText = retiredTextOf(services, change, sp, turn);
    if (press?.retirePressed && retiredText) await press.retirePressed(retiredText);
    const aiToAct = game.status === 'ACTIVE' && game.toActUserIds.length > 0 && !game.toActUserIds.some((id) => id !== AI_MARK);
    if (aiToAct && change.moves.length) {
      // The AI's turn: its answer posts the one board when it hands back.
      if (!press?.retirePressed && previous) boards.retire(previous, retiredText ?? sp.t('discord:retired.newer'));
      return { shown: true };
    }
    // After the AI's moves, the board it answered was retired when the game passed to it, unless
    // the AI opened the game (then that board still shows the AI's turn).
    const byAi = change.moves[0]?.actor.kind === 'ai';
    const alreadyRetired = origin?.pressedBoardId ?? (byAi && previous && previous.boardVersion !== previous.version ? previous.boardMessageId : null);
    const headline = await headlineOf(services, change, sp);
    const news = headline ? { headline } : turn ? { steps: turn } : fromShown ? { steps: change.moves.flatMap((m) => m.logged) } : {};
    const message = await boards.post(game, news, previous, {
      ping: change.ping,
      retiredId: alreadyRetired,
      retiredText,
      speaker: sp,
    });
    return { shown: message !== null, where: message?.url ?? null };
  }

  async function changed(event: BoardEvent): Promise<Receipt> {
    // A game of local play has no place on Discord.
    if (event.game.front === 'local') return { shown: false };
    const receipt = await show(event);
    const startedAt = discordOrigin(event)?.startedAt;
    if (receipt.shown && startedAt && event.type !== 'game-started' && event.moves.length) deps.onMoveShown?.(event.game.gameType, (Date.now() - startedAt) / 1000);
    return receipt;
  }

  async function show(event: BoardEvent): Promise<Receipt> {
    switch (event.type) {
      case 'game-started':
        return started(event);
      case 'moved':
        if (!event.moves.length) {
          await boards.redraw(event.game.id);
          return { shown: true };
        }
        return { shown: await boards.showStep(event.game, event.previous, pressOf(event)?.editPressed) };
      case 'handed-over':
      case 'finished':
        return newBoard(event);
    }
  }

  /** Posts a notice in the game's thread (or its channel), mentioning only its `mention`. */
  async function postNotice(game: GameSnapshot, message: NoticeMessage): Promise<void> {
    const { channel } = await places.gameChannel(game);
    if (!channel) return log.warn(`game ${game.id}: its thread and channel are unreachable; notice not posted`, { gameId: game.id });
    await channel.send({ content: message.content.slice(0, 2000), components: message.components, allowedMentions: { users: message.mention } });
  }

  async function notice(n: Notice): Promise<void> {
    if ('game' in n && n.game.front === 'local') return;
    switch (n.type) {
      case 'reminder':
        return postNotice(n.game, reminderNotice(await serverOf(n.game), services.games.defOf(n.game), n, services.now()));
      case 'timed-out':
        return postNotice(n.game, timedOutNotice(await serverOf(n.game), services.games.defOf(n.game), n));
      case 'takeback-asked': {
        await postNotice(n.game, takebackNotice(await serverOf(n.game), services.games.defOf(n.game), n));
        // One request per move: the board no longer offers it.
        const board = discordOrigin(n)?.askedOnBoardId;
        if (board) await boards.withdrawTakebackOffer(n.game.id, board, n.version).catch((e) => log.warn(`could not retire the takeback button of game ${n.game.id}`, { err: e }));
        return;
      }
      case 'vacation': {
        const message = vacationNotice(await serverOf(n.game), n);
        return message ? postNotice(n.game, message) : undefined;
      }
      case 'challenge-expired': {
        const c = n.challenge;
        if (!c.messageId) return;
        const channel = await places.sendable(await places.challengeChannelId(c));
        await channel?.messages.edit(c.messageId, expiredEdit(await serverOf(c), c)).catch((e) => log.warn(`could not mark challenge ${c.id} expired`, { err: e }));
        return;
      }
      case 'daily-result':
        return dailyBoards.announce(n);
    }
  }

  /**
   * At start-up: a game whose board fell behind it (a crash between a move and its board) or that
   * never had one (a crash between its start and its first board) gets its current board, in its
   * thread (opened now if it has none yet), retiring the stale one and mentioning whoever must
   * act. When the AI is to act, its recovered move posts the board; only a stale board is retired.
   */
  async function recoverBoard(gameId: number): Promise<void> {
    let game = await services.games.load(gameId);
    if (!game) return;
    const def = services.games.defOf(game);
    const sp = await serverOf(game);
    if (!game.boardMessageId && !game.threadId && game.status === 'ACTIVE') {
      // A daily's private thread is saved with its game: a daily without one is not opened in public here.
      if (isDailyGame(game)) return log.warn(`daily game ${game.id} has no thread; its board is not posted in public`, { gameId });
      game = await places.openGameThread(game, await threadName(game, undefined, sp), sp);
    }
    const shown = game.boardShownVersion ?? null;
    if (game.status === 'ACTIVE' && game.toActUserIds.includes(AI_MARK)) {
      if (game.boardMessageId && (shown === null || shown < game.version)) boards.retire(game, sp.t('discord:retired.newer'));
      return;
    }
    const first = !game.boardMessageId;
    // The board it replaces, as it was: the log of the new one starts where the old one's did,
    // and the old one says which move it missed.
    const previous = { ...game, status: 'ACTIVE' as const, version: shown ?? game.version };
    const missed = first || shown === null ? undefined : (await services.boards.movesAfter(game.id, shown))[0];
    await boards.post(game, first ? { headline: startedHeadline(sp, def, game) } : {}, first ? undefined : previous, {
      ping: game.toActUserIds.filter((id) => id !== AI_MARK),
      retiredText: missed?.kind === 'move' ? turnPlayedText(sp, def, game, missed.seat, [missed]) : sp.t('discord:retired.newer'),
      speaker: sp,
    });
  }

  /** Every event of the master: a board event is shown (and answered with its receipt), a notice posted. */
  async function hear(event: MasterEvent): Promise<Receipt | void> {
    return isBoardEvent(event) ? changed(event) : notice(event);
  }

  const subscriber: MasterSubscriber = { front: DISCORD, hear };
  return {
    ...subscriber,
    places,
    /** The presses being answered: a handler registers how its press answers before it asks the master. */
    pressAnswers,
    boardPayload: boards.boardPayload,
    /** Posts a new board of a game as it stands (an event's board is posted as it is heard). */
    postBoard: boards.post,
    retire: boards.retire,
    afterBoards: boards.afterBoards,
    idle: boards.idle,
    /**
     * A player posted the board again in the game's thread (`/siege board`): that message is the
     * game's live board now, and the one it replaces stops offering moves.
     */
    async postedAgain(game: GameSnapshot, messageId: string): Promise<void> {
      await services.boards.setBoardMessage(game.id, messageId, game.version);
      if (game.boardMessageId && game.boardMessageId !== messageId) boards.retire(game, (await serverOf(game)).t('discord:retired.postedAgain'));
    },
    /** Posts again, at start-up, the boards a crash left behind their games (see recoverBoard). */
    async recoverBoards(gameIds: number[]): Promise<number> {
      for (const id of gameIds) await recoverBoard(id).catch((e) => log.warn(`the board of game ${id} could not be posted again`, { err: e, gameId: id }));
      return gameIds.length;
    },
  };
}

export type DiscordPublisher = ReturnType<typeof createDiscordPublisher>;
