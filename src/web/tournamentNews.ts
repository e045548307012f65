// The tournaments' listener for the web (subscribed where the app is composed): each event of a
// tournament (a sign-up changed, a round started, a result, a withdrawal, the end) makes a new
// version of its page, and the page's open streams hear it (README: On the web). The versions are
// this process's count of what it heard, from 1; a page made before the process started shows
// version 0 and is brought up to date by its stream's first event.
import type { TournamentEvent, Tournaments, TournamentSubscriber, TournamentView } from '../tournaments/index.js';

export type TournamentNews = { tournamentId: number; version: number; status: TournamentView['status']; event: TournamentEvent['type'] };
type Listener = (news: TournamentNews) => void;

export function createTournamentNews() {
  const versions = new Map<number, number>();
  const listeners = new Map<number, Set<Listener>>();

  async function hear(event: TournamentEvent): Promise<void> {
    const id = event.tournament.id;
    const version = (versions.get(id) ?? 0) + 1;
    versions.set(id, version);
    // A finished or cancelled tournament changes no more: its count is kept only while it is heard of.
    if (versions.size > 10_000) versions.delete(versions.keys().next().value!);
    const news: TournamentNews = { tournamentId: id, version, status: event.tournament.status, event: event.type };
    for (const listener of listeners.get(id) ?? []) listener(news);
  }

  return {
    hear,
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
  } satisfies TournamentSubscriber & Record<string, unknown>;
}

export type TournamentNewsSource = ReturnType<typeof createTournamentNews>;

/** What the tournament pages are given where the app is composed. */
export type TournamentSite = {
  tournaments: Pick<Tournaments, 'byWebToken' | 'players' | 'round' | 'standings'>;
  news: TournamentNewsSource;
  /** A member's name on their server, or null when it cannot be known (no Discord). */
  memberName(guildId: string, userId: string): Promise<string | null>;
};
