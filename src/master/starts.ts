// How games begin: at once (solo, or against the AI), from an accepted challenge, a rematch, and
// the daily siege. The server's limits are checked in the transaction that saves the start
// (services/startLimits.ts); the first board is published, then the game is settled (its clock
// armed, the AI asked when it opens).
import { err, ok, type Result } from '../engine/result.js';
import { english, mention, phrase, refuse, seatPhrase, titlePhrase } from '../services/phrases.js';
import type { GameDefinition } from '../engine/contract.js';
import type { ChallengeRow } from '../services/challenges.js';
import type { DailyAttempt } from '../services/daily.js';
import { AI_MARK, type GameFront, type GameSnapshot, type SeatAssignment } from '../services/types.js';
import type { MasterContext } from './context.js';
import type { ChangeOrigin, Receipt } from './events.js';

/** Where a daily's private place was made, or that the front end may not make one here. */
export type DailyPlace = { threadId: string; discard(): Promise<void> } | { refused: true };

export function createStartVerbs(m: MasterContext) {
  const { services } = m;

  /** A game that starts at once: solo, or against the AI. */
  async function startGame(input: {
    gameType: string;
    guildId: string | null;
    channelId: string;
    seats: SeatAssignment[];
    rawOptions?: Record<string, unknown>;
    clockSeconds?: number | null;
    starterId: string;
    /** Where it is played: on Discord (default), or in local play. */
    front?: GameFront;
    origin?: ChangeOrigin;
  }): Promise<Result<{ game: GameSnapshot; receipt: Receipt }>> {
    // In a server the game is a new game of its starter's, within the server's limits.
    const started = input.guildId
      ? await services.startLimits.admit({ guildId: input.guildId, starterId: input.starterId, kind: 'game' }, (tx) => services.games.startGame(input, tx), (g) => `game:${g.id}`)
      : await services.games.startGame(input);
    if (!started.ok) return started;
    const game = started.value;
    const headline = phrase('headline.begins', { id: game.id });
    const receipt = await m.publishAndSettle({ type: 'game-started', game, headline: english(headline), headlinePhrase: headline, ping: [], origin: input.origin });
    return ok({ game, receipt });
  }

  /**
   * A game the platform pairs (a tournament's round): no member's start limits apply (nobody
   * started it), and it is saved in one transaction with `link`, the pairing's record of it. When
   * `link` finds the pairing names a game already (another process made it), nothing is saved and
   * null returns. Its first board pings nobody: the players were told of their pairing already.
   * An arena's deal comes with its private thread, made before it is dealt (`threadId`).
   */
  async function startPaired(
    input: Omit<Parameters<typeof services.games.startGame>[0], 'front' | 'daily'>,
    link: Parameters<typeof services.games.startGameLinked>[1],
  ): Promise<Result<{ game: GameSnapshot; receipt: Receipt }> | null> {
    const started = await services.games.startGameLinked(input, link);
    if (!started?.ok) return started;
    const game = started.value;
    const headline = phrase('headline.begins', { id: game.id });
    const receipt = await m.publishAndSettle({ type: 'game-started', game, headline: english(headline), headlinePhrase: headline, ping: [] });
    return ok({ game, receipt });
  }

  /**
   * A member challenges another to a two-player game (a new game of the challenger's, within the
   * server's limits, checked as it is saved); its expiry is armed at once.
   */
  async function challenge(input: Parameters<typeof services.challenges.create>[0]): Promise<Result<ChallengeRow>> {
    await expireOverdue(input.guildId, input.challengerId, input.opponentId, input.gameType);
    const created = await services.challenges.create(input);
    if (created.ok) await m.jobs.armChallenge(created.value);
    return created;
  }

  /**
   * The challenged member accepts: the game is saved with the challenge's acceptance, its first
   * board names both players and mentions whoever moves first unless it is the one who accepted.
   * Only the most active games are checked: the challenger spent a new game of the hour already.
   */
  async function acceptChallenge(challengeId: number, userId: string, origin?: ChangeOrigin): Promise<Result<{ game: GameSnapshot; challenge: ChallengeRow; receipt: Receipt }>> {
    const c = await services.challenges.get(challengeId);
    if (c?.status === 'PENDING') {
      const full = await services.settings.gameLimitReached(c.guildId, [c.opponentId, c.challengerId]);
      if (full) return err('limit', full.message, full.phrase);
    }
    const accepted = await services.challenges.accept(challengeId, userId);
    if (!accepted.ok) return accepted;
    const { game, challenge: row } = accepted.value;
    const def = services.games.defOf(game);
    const member = (seat: number) => {
      const s = game.seats[seat];
      return mention(s?.kind === 'human' ? s.userId : '');
    };
    const headline = phrase('headline.beginsVersus', { id: game.id, first: seatPhrase(def, 0), firstPlayer: member(0), second: seatPhrase(def, 1), secondPlayer: member(1) });
    const receipt = await m.publishAndSettle({
      type: 'game-started',
      game,
      headline: english(headline),
      headlinePhrase: headline,
      // The challenger learns the game is on when it is their move; the one who accepted is here.
      ping: game.toActUserIds.filter((id) => id !== userId && id !== AI_MARK),
      origin,
    });
    return ok({ game, challenge: row, receipt });
  }

  /** Either player of a finished two-member game challenges the other again, colours swapped. */
  async function rematch(gameId: number, userId: string): Promise<Result<{ challenge: ChallengeRow; game: GameSnapshot; def: GameDefinition }>> {
    const game = await services.games.load(gameId);
    if (!game) return refuse('no-game', 'games.noGame', { id: gameId });
    const server = await services.settings.guild(game.guildId);
    const other = game.seats.find((s) => s.kind === 'human' && s.userId !== userId);
    if (game.guildId && other?.kind === 'human') await expireOverdue(game.guildId, userId, other.userId, game.gameType);
    // The limits are checked as the rematch is saved: a refusal leaves the game's one rematch unasked.
    const created = await services.challenges.rematch(gameId, userId, server.challengeExpiryMs);
    if (!created.ok) return created;
    await m.jobs.armChallenge(created.value);
    return ok({ challenge: created.value, game, def: services.games.defOf(game) });
  }

  /** Challenges between two members in a game that are due but whose expiry job has not run yet: expired now, and told. */
  async function expireOverdue(guildId: string, a: string, b: string, gameType: string): Promise<void> {
    for (const expired of await services.challenges.expireOverdueBetween(guildId, a, b, gameType)) await m.notify({ type: 'challenge-expired', challenge: expired });
  }

  /** A challenge's expiry job: an unanswered challenge expires, and its message says so. */
  async function expireChallenge(challengeId: number): Promise<void> {
    const expired = await services.challenges.expire(challengeId);
    if (expired) await m.notify({ type: 'challenge-expired', challenge: expired });
  }

  /**
   * Today's daily siege of a solo game for one player: their one attempt of the day is taken (a
   * new game of theirs, within the server's limits), its place made by the front end (a private
   * thread), the day's deal dealt there, and its close armed. The attempt and the new game are
   * given back when no place can be made or the deal fails, so nothing is spent on a refusal.
   */
  async function startDaily(input: {
    userId: string;
    guildId: string;
    channelId: string;
    name: string;
    def: GameDefinition;
    ranked: boolean;
    day: string;
    /** Makes the game's private place before it is dealt (a ranked daily); absent: the game opens its own. */
    openPlace?: (attempt: DailyAttempt) => Promise<DailyPlace>;
    origin?: ChangeOrigin;
  }): Promise<Result<{ game: GameSnapshot; attempt: DailyAttempt; receipt: Receipt }>> {
    const claimed = await services.startLimits.admit(
      { guildId: input.guildId, starterId: input.userId, kind: 'daily' },
      (tx) => services.daily.claim({ userId: input.userId, guildId: input.guildId, channelId: input.channelId, name: input.name, gameType: input.def.id, ranked: input.ranked, day: input.day }, tx),
      (a) => `daily:${a.id}`,
    );
    if (!claimed.ok) return claimed;
    const attempt = claimed.value;
    const giveBack = async () => {
      await services.daily.release(attempt.id);
      await services.startLimits.refund(`daily:${attempt.id}`);
    };
    let place: DailyPlace | null = null;
    try {
      place = input.openPlace ? await input.openPlace(attempt) : null;
    } catch (e) {
      await giveBack();
      throw e;
    }
    if (place && 'refused' in place) {
      await giveBack();
      return refuse('no-private-place', 'daily.noPrivatePlace');
    }
    const started = await services.daily.start(attempt, place?.threadId ?? null);
    if (!started.ok) {
      await giveBack();
      await place?.discard().catch(() => {});
      return started;
    }
    const game = started.value;
    await m.jobs.armDailyClose(game, attempt.closesAt);
    const headline = phrase(input.ranked ? 'headline.daily' : 'headline.dailyPractice', { day: input.day, game: titlePhrase(input.def.id, input.def.title) });
    const receipt = await m.publishAndSettle({ type: 'game-started', game, headline: english(headline), headlinePhrase: headline, ping: [], daily: { day: input.day, ranked: input.ranked }, origin: input.origin });
    return ok({ game, attempt, receipt });
  }

  return { startGame, startPaired, challenge, acceptChallenge, declineChallenge: services.challenges.decline, rematch, expireChallenge, startDaily };
}
