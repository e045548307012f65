// The web publisher: what the game master's changes look like on the web. A watch page (and a
// local play page) listens to its game's events (server-sent events): each change of the game
// tells its listeners the new version (a watch page's stream brings its new part along). Notices are
// Discord's (a reminder mentions a member): the web shows the game as it stands instead.
import type { GameChange, GamePublisher, Notice, PublishReceipt } from '../master/index.js';

export const WEB = 'web';

/** What a listener hears: a game's new version, what changed, and the game as it now stands. */
export type GameNews = { gameId: number; version: number; kind: GameChange['kind']; status: 'ACTIVE' | 'FINISHED'; game: GameChange['game'] };
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

  async function changed(change: GameChange): Promise<PublishReceipt> {
    const news: GameNews = { gameId: change.game.id, version: change.game.version, kind: change.kind, status: change.game.status, game: change.game };
    for (const listener of listeners.get(change.game.id) ?? []) listener(news);
    // A local game is shown only here; a Discord game's own board is the Discord publisher's.
    return { shown: true, where: change.game.front === 'local' ? `/play/${change.game.id}` : null };
  }

  const publisher: GamePublisher = {
    front: WEB,
    changed,
    notice: async (_notice: Notice) => {},
  };
  return {
    ...publisher,
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
