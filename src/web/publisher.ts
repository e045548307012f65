// The web publisher, the master's subscriber for the web: what the game master's events look like
// on the web. A watch page (and a local play page) listens to its game's events (server-sent
// events): each board event of the game tells its listeners the new version (a watch page's stream
// brings its new part along). Notices are Discord's (a reminder mentions a member): the web shows
// the game as it stands instead.
import { isBoardEvent, type BoardEvent, type MasterEvent, type MasterSubscriber, type Receipt } from '../master/index.js';

export const WEB = 'web';

/** What a listener hears: a game's new version, what happened, and the game as it now stands. */
export type GameNews = { gameId: number; version: number; type: BoardEvent['type']; status: 'ACTIVE' | 'FINISHED'; game: BoardEvent['game'] };
type Listener = (news: GameNews) => void;

export function createWebPublisher() {
  const listeners = new Map<number, Set<Listener>>();

  /** Listens to a game's changes; returns how to stop. */
  function subscribe(gameId: number, listener: Listener): () => void {
    let set = listeners.get(gameId);
    if (!set) listeners.set(gameId, (set = new Set()));
    set.add(listener);
    return () => {
      set!.delete(listener);
      if (!set!.size) listeners.delete(gameId);
    };
  }

  async function hear(event: MasterEvent): Promise<Receipt | void> {
    if (!isBoardEvent(event)) return;
    const { game } = event;
    const news: GameNews = { gameId: game.id, version: game.version, type: event.type, status: game.status, game };
    for (const listener of listeners.get(game.id) ?? []) listener(news);
    // A local game is shown only here; a Discord game's own board is the Discord publisher's.
    return { shown: true, where: game.front === 'local' ? `/play/${game.id}` : null };
  }

  const subscriber: MasterSubscriber = { front: WEB, hear };
  return {
    ...subscriber,
    subscribe,
    /** Listeners now, all games together (the metrics, the bench). */
    get listening(): number {
      let n = 0;
      for (const set of listeners.values()) n += set.size;
      return n;
    },
  };
}

export type WebPublisher = ReturnType<typeof createWebPublisher>;
