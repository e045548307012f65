// The tournaments' listener for the web (subscribed where the app is composed): each event of a
// tournament (a sign-up changed, a round started, a result, a withdrawal, the end) makes a new
// version of its page, and the page's open streams hear it (README: On the web). Versions count
// what this process heard, all tournaments together, so that one tournament's versions only ever
// grow; a page made before the process heard of its tournament shows version 0, and its stream's
// first event brings it up to date.
import type { TournamentEvent, Tournaments, TournamentSubscriber, TournamentView } from '../tournaments/index.js';

export type TournamentNews = { tournamentId: number; version: number; status: TournamentView['status']; event: TournamentEvent['type'] };
type Listener = (news: TournamentNews) => void;

/** Tournaments whose version is kept: the least recently changed is forgotten first (its page then reads as version 0). */
const VERSIONS_KEPT = 10_000;

export function createTournamentNews() {
  let heard = 0;
  const versions = new Map<number, number>();
  const listeners = new Map<number, Set<Listener>>();

  async function hear(event: TournamentEvent): Promise<void> {
    const id = event.tournament.id;
    const version = ++heard;
    versions.delete(id);
    versions.set(id, version);
    if (versions.size > VERSIONS_KEPT) versions.delete(versions.keys().next().value!);
    const news: TournamentNews = { tournamentId: id, version, status: event.tournament.status, event: event.type };
    for (const listener of listeners.get(id) ?? []) listener(news);
  }

  const subscriber: TournamentSubscriber = { hear };
  return {
    ...subscriber,
    /** The page's version now (0 until an event is heard). */
    version: (tournamentId: number): number => versions.get(tournamentId) ?? 0,
    /** Listens to a tournament's news; returns how to stop. */
    subscribe(tournamentId: number, listener: Listener): () => void {
      let set = listeners.get(tournamentId);
      if (!set) listeners.set(tournamentId, (set = new Set()));
      set.add(listener);
      return () => {
        set!.delete(listener);
        if (!set!.size) listeners.delete(tournamentId);
      };
    },
  };
}

export type TournamentNewsSource = ReturnType<typeof createTournamentNews>;

/** What the tournament pages are given where the app is composed. */
export type TournamentSite = {
  tournaments: Pick<Tournaments, 'byWebToken' | 'players' | 'round' | 'standings' | 'arenaStandings'>;
  news: TournamentNewsSource;
  /** A member's name on their server, or null when it cannot be known (no Discord). */
  memberName(guildId: string, userId: string): Promise<string | null>;
};
