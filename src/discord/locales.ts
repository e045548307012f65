// Who reads what in which language. A private answer: the presser's client language. A public
// message (a board, a thread's name, a reminder, a leaderboard): the server's, as set with
// `/siege config language:`, else the server's own locale as Discord gives it. A direct message or
// a job's message to one member: the language their client spoke when last seen.
import type { Client, Interaction } from 'discord.js';
import { localeOf, speaker, type Locale, type Speaker } from '../i18n/index.js';
import type { Services } from '../services/index.js';

export type Locales = {
  /** The presser's language (their Discord client's). */
  reader(i: Interaction): Speaker;
  /** The language of a server's public messages. */
  server(guildId: string | null): Promise<Speaker>;
  /** The language a member's client spoke when last seen; else `fallback` (their server's). */
  member(userId: string, fallback?: Locale): Promise<Speaker>;
  /** Notes the language of an interaction's member, for their later direct messages. */
  remember(i: Interaction): Promise<void>;
};

export function createLocales(deps: { client: Client; services: Services }): Locales {
  const { client, services } = deps;
  return {
    reader: (i) => speaker(localeOf(i.locale)),
    async server(guildId) {
      if (!guildId) return speaker(localeOf(null));
      const chosen = (await services.settings.guild(guildId)).language;
      return speaker(chosen ?? localeOf(client.guilds.cache.get(guildId)?.preferredLocale));
    },
    async member(userId, fallback) {
      return speaker((await services.settings.memberLocale(userId)) ?? fallback ?? localeOf(null));
    },
    async remember(i) {
      await services.settings.rememberLocale(i.user.id, localeOf(i.locale));
    },
  };
}
