// An arena's messages in its tournament's channel (the solo games' tournament; views in
// views/tournamentArena.ts): its opening message with a button per deal (posted once, pinging its
// players; its buttons gone once it is over), its standings (posted once, edited after every deal
// begun or finished, final at the end), and the closing message with the podium. Each message is
// read afresh from the store under its own lock before each edit, as publish/tournaments.ts does
// for the other formats, whose helpers it is handed.
import type { Message, SendableChannels } from 'discord.js';
import { gameById } from '../../games/index.js';
import type { Speaker } from '../../i18n/index.js';
import { MIN_PLAYERS, type TournamentEvent, type Tournaments, type TournamentView } from '../../tournaments/index.js';
import type { Locales } from '../locales.js';
import { jumpLink } from '../views/links.js';
import { cancelledNotice } from '../views/tournament.js';
import { arenaFinalMessage, arenaMessage, arenaStandingsMessage } from '../views/tournamentArena.js';

type Body = Parameters<SendableChannels['send']>[0] & object;

export type ArenaPublisherDeps = {
  tournaments: Tournaments;
  locales: Locales;
  channelOf(t: TournamentView): Promise<SendableChannels | null>;
  serially<T>(key: string, work: () => Promise<T>): Promise<T>;
  edited(channel: SendableChannels, messageId: string, body: Body): Promise<'edited' | 'gone' | 'failed'>;
  keepOrDrop(posted: Message, kept: boolean): Promise<void>;
  notice(t: TournamentView, body: { content: string; allowedMentions: { users: string[] } }): Promise<void>;
  showSignup(tournamentId: number): Promise<void>;
};

export function createArenaPublisher(deps: ArenaPublisherDeps) {
  const { tournaments, locales, channelOf, serially, edited, keepOrDrop, notice } = deps;
  const speakerOf = (t: TournamentView): Promise<Speaker> => locales.server(t.guildId);

  /** The opening message, as the arena stands (kept as its first deal's round message). */
  function showArena(tournamentId: number, ping: boolean): Promise<void> {
    return serially(`round:${tournamentId}:1`, async () => {
      const [t, first] = await Promise.all([tournaments.get(tournamentId), tournaments.round(tournamentId, 1)]);
      const def = t && gameById(t.gameType);
      if (!t || !first || !def) return;
      const channel = await channelOf(t);
      if (!channel) return;
      const players = (await tournaments.players(t.id)).filter((p) => !p.withdrawn).map((p) => p.userId);
      const sp = await speakerOf(t);
      if (first.messageId && (await edited(channel, first.messageId, arenaMessage(sp, def, t, players, first.deadlineAt, false))) !== 'gone') return;
      const posted = await channel.send(arenaMessage(sp, def, t, players, first.deadlineAt, ping || !first.messageId));
      await keepOrDrop(posted, await tournaments.keepRoundMessage(t.id, 1, posted.id, first.messageId));
    });
  }

  /** The standings message: edited in place, or posted once (pinging nobody). */
  function showStandings(tournamentId: number): Promise<void> {
    return serially(`standings:${tournamentId}`, async () => {
      const t = await tournaments.get(tournamentId);
      if (!t || t.round === 0) return;
      const channel = await channelOf(t);
      if (!channel) return;
      const body = arenaStandingsMessage(await speakerOf(t), t, await tournaments.arenaStandings(t), t.status === 'FINISHED');
      if (t.standingsMessageId && (await edited(channel, t.standingsMessageId, body)) !== 'gone') return;
      const posted = await channel.send(body);
      await keepOrDrop(posted, await tournaments.keepStandingsMessage(t.id, posted.id, t.standingsMessageId));
    });
  }

  /** What an arena's event looks like; false for the events every format shows alike (publish/tournaments.ts). */
  async function hear(event: TournamentEvent): Promise<boolean> {
    const t = event.tournament;
    switch (event.type) {
      case 'arena-opened':
        await showArena(t.id, true);
        await showStandings(t.id);
        return true;
      case 'arena-result':
        await showStandings(t.id);
        return true;
      case 'arena-finished': {
        await showArena(t.id, false);
        await showStandings(t.id);
        const kept = (await tournaments.get(t.id))?.standingsMessageId ?? null;
        await notice(t, arenaFinalMessage(await speakerOf(t), t, event.standings, kept ? jumpLink(t.guildId, t.channelId, kept) : null));
        return true;
      }
      case 'cancelled':
        await deps.showSignup(t.id);
        if (t.round > 0) {
          await showArena(t.id, false);
          await showStandings(t.id);
        }
        await notice(t, cancelledNotice(await speakerOf(t), t, event.players, event.why, event.by, MIN_PLAYERS));
        return true;
      default:
        return false;
    }
  }

  return { hear };
}
