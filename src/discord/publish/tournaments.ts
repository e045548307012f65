// The tournaments' listener for Discord: what their events look like in a tournament's channel.
// Three kinds of message are edited in place, each read afresh from the store under its own lock
// before each edit (so edits landing out of order never turn one back): the sign-up announcement,
// each round's pairings (posted once, pinging the round's players), and the standings (posted with
// the first round, pinging nobody). Withdrawals, cancellations and the final podium are said as
// notices. All of it in the server's language.
import { DiscordAPIError, RESTJSONErrorCodes, type Message, type SendableChannels } from 'discord.js';
import type { Logger } from '../../config/logger.js';
import type { GameDefinition } from '../../engine/contract.js';
import { gameById } from '../../games/index.js';
import type { Speaker } from '../../i18n/index.js';
import { createKeyedLock } from '../../services/keyedLock.js';
import { hasCrosstable, MIN_PLAYERS, type TournamentEvent, type Tournaments, type TournamentSubscriber, type TournamentView } from '../../tournaments/index.js';
import type { Locales } from '../locales.js';
import { jumpLink } from '../views/links.js';
import { cancelledNotice, signupMessage, withdrawnNotice } from '../views/tournament.js';
import { finalMessage, roundMessage, standingsMessage } from '../views/tournamentRounds.js';
import { crosstableAttachment } from '../views/tournamentCrosstable.js';
import type { Places } from './places.js';
import { createArenaPublisher } from './tournamentArena.js';

export function createTournamentPublisher(deps: {
  tournaments: Tournaments; places: Places; locales: Locales; log: Logger;
  /** The tournament's web page, when the host exposes the web front and its server shows its pages. */
  pageUrl?: (t: TournamentView) => Promise<string | null>;
}): TournamentSubscriber & { idle(): Promise<void> } {
  const { tournaments, places, locales, log } = deps;
  const pageOf = (t: TournamentView): Promise<string | null> => (deps.pageUrl ? deps.pageUrl(t).catch(() => null) : Promise.resolve(null));
  const messages = createKeyedLock();
  const inFlight = new Set<Promise<unknown>>();

  const defOf = (t: TournamentView): GameDefinition => {
    const def = gameById(t.gameType);
    if (!def) throw new Error(`tournament ${t.id} has unknown game ${t.gameType}`);
    return def;
  };
  const speakerOf = (t: TournamentView): Promise<Speaker> => locales.server(t.guildId);
  const channelOf = (t: TournamentView): Promise<SendableChannels | null> => places.sendable(t.channelId);

  /** Runs under the message's lock, and is waited for by `idle`. */
  function serially<T>(key: string, work: () => Promise<T>): Promise<T> {
    const run = messages.run(key, work);
    const tracked = run.catch(() => {}).finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
    return run;
  }

  /** Edits a message the bot posted: 'gone' when it was deleted (by a moderator), and a new one is to replace it. */
  async function edited(channel: SendableChannels, messageId: string, body: Parameters<SendableChannels['send']>[0] & object): Promise<'edited' | 'gone' | 'failed'> {
    try {
      await channel.messages.edit(messageId, body as never);
      return 'edited';
    } catch (e) {
      if (e instanceof DiscordAPIError && e.code === RESTJSONErrorCodes.UnknownMessage) return 'gone';
      log.warn(`a tournament message ${messageId} could not be edited`, { err: e });
      return 'failed';
    }
  }

  /** The sign-up announcement, as the roster stands now. */
  function showSignup(tournamentId: number): Promise<void> {
    return serially(`signup:${tournamentId}`, async () => {
      const t = await tournaments.get(tournamentId);
      if (!t?.signupMessageId) return;
      const channel = await channelOf(t);
      if (channel) await edited(channel, t.signupMessageId, signupMessage(await speakerOf(t), defOf(t), t, await tournaments.players(t.id), await pageOf(t)));
    });
  }

  /** A round's pairings: edited in place, or posted (pinging its players only when `ping`: the round's first telling). */
  function showRound(tournamentId: number, roundNumber: number, ping: boolean): Promise<void> {
    return serially(`round:${tournamentId}:${roundNumber}`, async () => {
      const [t, round] = await Promise.all([tournaments.get(tournamentId), tournaments.round(tournamentId, roundNumber)]);
      if (!t || !round) return;
      const channel = await channelOf(t);
      if (!channel) return;
      const [sp, pageUrl] = await Promise.all([speakerOf(t), pageOf(t)]);
      if (round.messageId && (await edited(channel, round.messageId, roundMessage(sp, defOf(t), t, round, false, pageUrl))) !== 'gone') return;
      const posted = await channel.send(roundMessage(sp, defOf(t), t, round, ping || !round.messageId, pageUrl));
      await keepOrDrop(posted, await tournaments.keepRoundMessage(t.id, round.round, posted.id, round.messageId));
    });
  }

  /** The standings message: edited in place, or posted once (pinging nobody). */
  function showStandings(tournamentId: number): Promise<void> {
    return serially(`standings:${tournamentId}`, async () => {
      const t = await tournaments.get(tournamentId);
      if (!t || t.round === 0) return;
      const channel = await channelOf(t);
      if (!channel) return;
      const [standings, round] = await Promise.all([tournaments.standings(t), tournaments.round(t.id, t.round)]);
      const body = standingsMessage(await speakerOf(t), t, standings, round, t.status === 'FINISHED', await pageOf(t));
      if (t.standingsMessageId && (await edited(channel, t.standingsMessageId, body)) !== 'gone') return;
      const posted = await channel.send(body);
      await keepOrDrop(posted, await tournaments.keepStandingsMessage(t.id, posted.id, t.standingsMessageId));
    });
  }

  /** Another process kept its own message first: this one goes. */
  async function keepOrDrop(posted: Message, kept: boolean): Promise<void> {
    if (!kept) await posted.delete().catch((e) => log.warn('a second tournament message could not be removed', { err: e }));
  }

  async function notice(t: TournamentView, body: { content: string; allowedMentions: { users: string[] }; files?: { attachment: Buffer; name: string; description: string }[] }): Promise<void> {
    const channel = await channelOf(t);
    if (channel) await channel.send(body);
    else log.warn(`the channel of tournament ${t.id} is unreachable; a notice was not posted`, { tournamentId: t.id });
  }

  // An arena (the solo games' tournament) shows its own messages (tournamentArena.ts).
  const arena = createArenaPublisher({ tournaments, locales, channelOf, serially, edited, keepOrDrop, notice, showSignup });

  async function hear(event: TournamentEvent): Promise<void> {
    const t = event.tournament;
    if (t.format === 'arena' && (await arena.hear(event))) return;
    switch (event.type) {
      case 'signup-changed':
      case 'signup-closed':
        return showSignup(t.id);
      case 'cancelled': {
        await showSignup(t.id);
        if (t.round > 0) await showStandings(t.id);
        return notice(t, cancelledNotice(await speakerOf(t), t, event.players, event.why, event.by, MIN_PLAYERS));
      }
      case 'round-started':
        await showRound(t.id, event.round.round, true);
        return showStandings(t.id);
      case 'round-changed':
        return showRound(t.id, event.round.round, false);
      case 'result':
        await showRound(t.id, event.round.round, false);
        return showStandings(t.id);
      case 'withdrawn':
        return notice(t, withdrawnNotice(await speakerOf(t), t, event.userId, event.why, event.by));
      case 'finished': {
        await showStandings(t.id);
        const kept = (await tournaments.get(t.id))?.standingsMessageId ?? null;
        const sp = await speakerOf(t);
        // The crosstable comes with the podium; the podium is said even when the image cannot be made.
        const crosstable = hasCrosstable(t)
          ? await crosstableAttachment(sp, tournaments, t, (id) => places.memberName(t.guildId, id, sp))
            .catch((e) => void log.warn(`the crosstable of tournament ${t.id} could not be drawn`, { err: e, tournamentId: t.id }))
          : null;
        return notice(t, { ...finalMessage(sp, t, event.standings, kept ? jumpLink(t.guildId, t.channelId, kept) : null), ...(crosstable ? { files: [crosstable] } : {}) });
      }
    }
  }

  return {
    hear,
    async idle() {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
  };
}
