// What every part of the tournaments shares: the store, the services and the game master below
// them, the job port, and the listeners told what happened (`tell`), as the master's context does.
import type { Logger } from '../config/logger.js';
import type { GameMaster } from '../master/index.js';
import type { Db } from '../persistence/db.js';
import type { Services } from '../services/index.js';
import { arenaStandingsOf, asStandings } from './arenaStandings.js';
import type { TournamentEvent, TournamentSubscriber } from './events.js';
import { standings, type Standing } from './pairing/index.js';
import type { TournamentJobPort, TournamentRef } from './port.js';
import { entrantsOf, gamesOf, loadTournament, type TournamentView } from './store.js';

export type TournamentDeps = {
  db: Db;
  services: Services;
  master: GameMaster;
  jobs: TournamentJobPort;
  log: Logger;
  now: () => Date;
};

/** The rating of a member never rated in the game (Glicko-2's start). */
export const UNRATED = 1500;
export const DAY_MS = 24 * 3_600_000;

export type TournamentContext = ReturnType<typeof createTournamentContext>;

export function createTournamentContext(deps: TournamentDeps) {
  const { db, log } = deps;
  const subscribers = new Set<TournamentSubscriber>();

  /** Tells every listener an event, together; one that fails is logged and the others go on (the change is saved already). */
  async function tell(event: TournamentEvent): Promise<void> {
    await Promise.all([...subscribers].map(async (s) => {
      try {
        await s.hear(event);
      } catch (e) {
        log.warn(`a tournament's ${event.type} could not be shown`, { err: e, tournamentId: event.tournament.id });
      }
    }));
  }

  /** The standings as the pairing core computes them from every game recorded so far (an arena's: arenaStandings.ts). */
  async function standingsOf(tournament: Pick<TournamentView, 'id' | 'format'>): Promise<Standing[]> {
    if (tournament.format === 'arena') return asStandings(await arenaStandingsOf(db, tournament.id));
    const [entrants, games] = await Promise.all([entrantsOf(db, tournament.id), gamesOf(db, tournament.id)]);
    const players = entrants.map((e) => ({ id: e.userId, rating: e.rating ?? UNRATED, withdrawn: e.withdrawn }));
    return standings(tournament.format, players, games);
  }

  return {
    ...deps,
    tell,
    standingsOf,
    load: (id: number) => loadTournament(db, id),
    ref: (t: Pick<TournamentView, 'id' | 'guildId'>): TournamentRef => ({ id: t.id, guildId: t.guildId }),
    subscribe(subscriber: TournamentSubscriber): () => void {
      subscribers.add(subscriber);
      return () => void subscribers.delete(subscriber);
    },
  };
}
