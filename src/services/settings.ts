// A server's settings (`/siege config`) and a player's own (`/siege notify`, `/siege settings`).
import { ok, type Result } from '../engine/result.js';
import { parseDuration } from '../config/env.js';
import { CLOCK_CHOICES, clockSeconds, HOUR_MS } from './clocks.js';
import { isLocale, LOCALES, type Locale } from '../i18n/index.js';
import type { DbOrTx } from '../persistence/db.js';
import type { ServiceDeps } from './types.js';
import { mention, refusal, refuse, type Refusal } from './phrases.js';

export type GuildConfig = {
  /** Channels where games may start; empty: all. */
  allowedChannelIds: string[];
  threadMode: boolean;
  defaultClock: string;
  timeoutGraceHours: number;
  maxActiveGames: number;
  challengeExpiryMs: number;
  /** The daily siege is offered here. */
  dailyEnabled: boolean;
  /** Where daily result lines and leaderboards go; null: the channel each daily was started in. */
  dailyChannelId: string | null;
  /** The watch pages of this server's games are served, and boards link to them. */
  webEnabled: boolean;
  /** The language of public messages and boards here; null: the server's own. */
  language: Locale | null;
  /** The most challenges a member may have waiting for an answer. */
  maxPendingChallenges: number;
  /** The most new games (starts, challenges, dailies) a member may begin in any hour. */
  gamesPerHour: number;
  /** Besides members with Manage Server, who may organise tournaments here (a role); null: nobody else. */
  tournamentRoleId: string | null;
  /** The most tournaments in sign-up or running here at once. */
  maxTournaments: number;
};

/** What `/siege config` may change, as typed by an admin; each is validated before anything is saved. */
export type GuildConfigInput = {
  channels?: string;
  threads?: boolean;
  clock?: string;
  grace?: string;
  maxGames?: number;
  challengeExpiry?: string;
  daily?: boolean;
  dailyChannelId?: string;
  web?: boolean;
  /** A locale, or `auto` for the server's own. */
  language?: string;
  maxPendingChallenges?: number;
  gamesPerHour?: number;
  /** A role id, or `none`. */
  tournamentRoleId?: string;
  maxTournaments?: number;
};

export const GRACE_LIMITS_HOURS = { min: 1, max: 7 * 24 } as const;
export const MAX_GAMES_LIMITS = { min: 1, max: 100 } as const;
export const EXPIRY_LIMITS_MS = { min: 5 * 60_000, max: 7 * 24 * HOUR_MS } as const;
export const PENDING_CHALLENGES_LIMITS = { min: 1, max: 25 } as const;
export const GAMES_PER_HOUR_LIMITS = { min: 1, max: 100 } as const;
export const MAX_TOURNAMENTS_LIMITS = { min: 1, max: 20 } as const;
export const MAX_CHANNELS = 25;

const DEFAULTS = { allowedChannelIds: [] as string[], threadMode: true, defaultClock: '3d', timeoutGraceHours: 24, maxActiveGames: 20, maxPendingChallenges: 5, gamesPerHour: 10, maxTournaments: 3 };

const wholeIn = (n: number, limits: { min: number; max: number }) => Number.isInteger(n) && n >= limits.min && n <= limits.max;

/** Channel ids from "all", or from mentions and ids separated by spaces or commas. */
export function parseChannelList(text: string): Result<string[]> {
  const t = text.trim();
  if (/^(all|any|\*)$/i.test(t)) return ok([]);
  const parts = t.split(/[\s,]+/).filter(Boolean);
  const ids: string[] = [];
  for (const part of parts) {
    const m = /^(?:<#(\d{15,21})>|(\d{15,21}))$/.exec(part);
    if (!m) return refuse('bad-channels', 'settings.notAChannel', { text: part.slice(0, 40) });
    ids.push((m[1] ?? m[2])!);
  }
  if (!ids.length) return refuse('bad-channels', 'settings.noChannel');
  if (ids.length > MAX_CHANNELS) return refuse('bad-channels', 'settings.tooManyChannels', { max: MAX_CHANNELS });
  return ok([...new Set(ids)]);
}

export function createSettingsService(deps: ServiceDeps) {
  const { db, now } = deps;

  /**
   * Each server's settings as read lately: every board and clock reads them, and they change
   * rarely. A change made here is seen at once; one made by another process within this long.
   */
  const recent = new Map<string, { at: number; config: GuildConfig }>();
  const FRESH_MS = 30_000;

  async function guild(guildId: string | null): Promise<GuildConfig> {
    const known = guildId ? recent.get(guildId) : undefined;
    if (known && Date.now() - known.at < FRESH_MS) return known.config;
    const config = await readGuild(guildId);
    if (guildId) {
      recent.set(guildId, { at: Date.now(), config });
      if (recent.size > 5000) recent.delete(recent.keys().next().value!);
    }
    return config;
  }

  async function readGuild(guildId: string | null): Promise<GuildConfig> {
    const row = guildId ? await db.guildSettings.findUnique({ where: { guildId } }) : null;
    return {
      allowedChannelIds: row?.allowedChannelIds ?? DEFAULTS.allowedChannelIds,
      threadMode: row?.threadMode ?? DEFAULTS.threadMode,
      defaultClock: row?.defaultClock ?? DEFAULTS.defaultClock,
      timeoutGraceHours: row?.timeoutGraceHours ?? DEFAULTS.timeoutGraceHours,
      maxActiveGames: row?.maxActiveGames ?? DEFAULTS.maxActiveGames,
      challengeExpiryMs: row?.challengeExpiryMinutes ? row.challengeExpiryMinutes * 60_000 : deps.challengeExpiryMs,
      dailyEnabled: row?.dailyEnabled ?? true,
      dailyChannelId: row?.dailyChannelId ?? null,
      webEnabled: row?.webEnabled ?? true,
      language: isLocale(row?.language) ? row.language : null,
      maxPendingChallenges: row?.maxPendingChallenges ?? DEFAULTS.maxPendingChallenges,
      gamesPerHour: row?.gamesPerHour ?? DEFAULTS.gamesPerHour,
      tournamentRoleId: row?.tournamentRoleId ?? null,
      maxTournaments: row?.maxTournaments ?? DEFAULTS.maxTournaments,
    };
  }

  /** Validates every given setting first; saves them together, or none with the reason. */
  async function updateGuild(guildId: string, input: GuildConfigInput): Promise<Result<GuildConfig>> {
    const data: Record<string, unknown> = {};
    if (input.channels !== undefined) {
      const ids = parseChannelList(input.channels);
      if (!ids.ok) return ids;
      data.allowedChannelIds = ids.value;
    }
    if (input.threads !== undefined) data.threadMode = input.threads;
    if (input.clock !== undefined) {
      if (clockSeconds(input.clock) === undefined) return refuse('bad-clock', 'settings.clock', { choices: CLOCK_CHOICES.join(', ') });
      data.defaultClock = input.clock;
    }
    if (input.grace !== undefined) {
      const ms = parseDuration(input.grace);
      const hours = ms === null ? NaN : ms / HOUR_MS;
      if (!Number.isInteger(hours) || hours < GRACE_LIMITS_HOURS.min || hours > GRACE_LIMITS_HOURS.max) {
        // The limits as an admin types them (`24h`, `2d`).
        return refuse('bad-grace', 'settings.grace', { min: `${GRACE_LIMITS_HOURS.min}h`, max: `${GRACE_LIMITS_HOURS.max / 24}d` });
      }
      data.timeoutGraceHours = hours;
    }
    if (input.maxGames !== undefined) {
      if (!Number.isInteger(input.maxGames) || input.maxGames < MAX_GAMES_LIMITS.min || input.maxGames > MAX_GAMES_LIMITS.max) {
        return refuse('bad-max', 'settings.maxGames', { ...MAX_GAMES_LIMITS });
      }
      data.maxActiveGames = input.maxGames;
    }
    if (input.challengeExpiry !== undefined) {
      const ms = parseDuration(input.challengeExpiry);
      if (ms === null || ms < EXPIRY_LIMITS_MS.min || ms > EXPIRY_LIMITS_MS.max || ms % 60_000 !== 0) {
        return refuse('bad-expiry', 'settings.expiry', { min: `${EXPIRY_LIMITS_MS.min / 60_000}m`, max: `${EXPIRY_LIMITS_MS.max / (24 * HOUR_MS)}d` });
      }
      data.challengeExpiryMinutes = ms / 60_000;
    }
    if (input.maxPendingChallenges !== undefined) {
      if (!wholeIn(input.maxPendingChallenges, PENDING_CHALLENGES_LIMITS)) {
        return refuse('bad-pending', 'settings.pending', { ...PENDING_CHALLENGES_LIMITS });
      }
      data.maxPendingChallenges = input.maxPendingChallenges;
    }
    if (input.gamesPerHour !== undefined) {
      if (!wholeIn(input.gamesPerHour, GAMES_PER_HOUR_LIMITS)) {
        return refuse('bad-per-hour', 'settings.perHour', { ...GAMES_PER_HOUR_LIMITS });
      }
      data.gamesPerHour = input.gamesPerHour;
    }
    if (input.maxTournaments !== undefined) {
      if (!wholeIn(input.maxTournaments, MAX_TOURNAMENTS_LIMITS)) {
        return refuse('bad-max-tournaments', 'settings.maxTournaments', { ...MAX_TOURNAMENTS_LIMITS });
      }
      data.maxTournaments = input.maxTournaments;
    }
    if (input.tournamentRoleId !== undefined) {
      if (input.tournamentRoleId !== 'none' && !/^\d{15,21}$/.test(input.tournamentRoleId)) return refuse('bad-role', 'settings.notARole');
      data.tournamentRoleId = input.tournamentRoleId === 'none' ? null : input.tournamentRoleId;
    }
    if (input.daily !== undefined) data.dailyEnabled = input.daily;
    if (input.dailyChannelId !== undefined) data.dailyChannelId = input.dailyChannelId;
    if (input.web !== undefined) data.webEnabled = input.web;
    if (input.language !== undefined) {
      if (input.language !== 'auto' && !isLocale(input.language)) return refuse('bad-language', 'settings.language', { choices: LOCALES.join(', ') });
      data.language = input.language === 'auto' ? null : input.language;
    }
    if (Object.keys(data).length) {
      await db.guildSettings.upsert({ where: { guildId }, create: { guildId, ...data }, update: data });
    }
    recent.delete(guildId);
    return ok(await guild(guildId));
  }

  /**
   * Members' locales as last seen: an interaction tells its member's, and only a change is
   * written. Bounded: the oldest seen are forgotten first (and read again when needed).
   */
  const locales = new Map<string, Locale | null>();
  /** Members' wish for boards in words, as read lately (a change made elsewhere is seen within FRESH_MS). */
  const boardTexts = new Map<string, { at: number; on: boolean }>();
  const MAX_LOCALES = 50_000;
  const keepLocale = (userId: string, locale: Locale | null) => {
    locales.delete(userId);
    locales.set(userId, locale);
    if (locales.size > MAX_LOCALES) locales.delete(locales.keys().next().value!);
  };

  return {
    guild,
    updateGuild,
    /** Remembers the language a member's client speaks (seen in an interaction): their DMs use it. */
    async rememberLocale(userId: string, locale: Locale): Promise<void> {
      if (locales.get(userId) === locale) return;
      await db.userSettings.upsert({ where: { userId }, create: { userId, locale }, update: { locale } });
      keepLocale(userId, locale);
    },
    /** The language a member's client spoke when last seen, or null when never seen. */
    async memberLocale(userId: string): Promise<Locale | null> {
      if (locales.has(userId)) return locales.get(userId)!;
      const row = await db.userSettings.findUnique({ where: { userId }, select: { locale: true } });
      const locale = isLocale(row?.locale) ? row.locale : null;
      keepLocale(userId, locale);
      return locale;
    },
    /**
     * Why these members may not start another game here (the server's maximum), or null. `at`:
     * the transaction to read in, and the server's settings when the caller has them.
     */
    async gameLimitReached(guildId: string, userIds: string[], at: { store?: DbOrTx; server?: GuildConfig } = {}): Promise<Refusal | null> {
      const { maxActiveGames } = at.server ?? (await guild(guildId));
      for (const userId of userIds) {
        const active = await (at.store ?? db).game.count({ where: { status: 'ACTIVE', guildId, players: { some: { userId } } } });
        if (active >= maxActiveGames) return refusal('limits.activeGames', { member: mention(userId), count: active, max: maxActiveGames });
      }
      return null;
    },
    async setDmNotify(userId: string, on: boolean): Promise<void> {
      // Turning DMs on again is how a player says their DMs are open now: forget the failure.
      await db.userSettings.upsert({
        where: { userId },
        create: { userId, dmNotify: on },
        update: { dmNotify: on, dmFailedAt: null },
      });
    },
    /**
     * Of these users, those who want a DM when it is their turn and whose DMs have not failed;
     * `known`: those of a game's players, as read with their game (then nothing is read here).
     */
    async dmRecipients(userIds: string[], known?: string[]): Promise<string[]> {
      if (!userIds.length) return [];
      if (known) return userIds.filter((id) => known.includes(id));
      const rows = await db.userSettings.findMany({
        where: { userId: { in: userIds }, dmNotify: true, dmFailedAt: null },
        select: { userId: true },
      });
      return rows.map((r) => r.userId);
    },
    /** `/siege settings board:text|image`: whether the boards where the member acts come with the position in words. */
    async setBoardText(userId: string, on: boolean): Promise<void> {
      await db.userSettings.upsert({ where: { userId }, create: { userId, boardText: on }, update: { boardText: on } });
      boardTexts.set(userId, { at: Date.now(), on });
    },
    /** Whether `userId` asked for boards with their position in words (read lately, or now). */
    async boardText(userId: string): Promise<boolean> {
      const known = boardTexts.get(userId);
      if (known && Date.now() - known.at < FRESH_MS) return known.on;
      const row = await db.userSettings.findUnique({ where: { userId }, select: { boardText: true } });
      const on = row?.boardText ?? false;
      boardTexts.set(userId, { at: Date.now(), on });
      if (boardTexts.size > MAX_LOCALES) boardTexts.delete(boardTexts.keys().next().value!);
      return on;
    },
    async markDmFailed(userId: string): Promise<void> {
      await db.userSettings.updateMany({ where: { userId }, data: { dmFailedAt: now() } });
    },
    async userSettings(userId: string) {
      return db.userSettings.findUnique({ where: { userId } });
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
