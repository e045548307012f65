// Replays on request: the first player to ask for a finished game's replay has it drawn (in a
// render worker, never on the bot's main thread) and kept in the database by game, version and
// language; everyone after gets the same file. Asking while it is being drawn waits for that drawing.
import { gameById } from '../../games/index.js';
import { SOURCE_LOCALE, type Locale } from '../../i18n/index.js';
import { seatSpecs } from '../gameStore.js';
import { createKeyedLock } from '../keyedLock.js';
import { standingMoves } from '../replay.js';
import type { GameSnapshot, ReplayMaker, ServiceDeps } from '../types.js';

export type { ReplayMaker };

export type StoredReplay = {
  data: Buffer;
  fileName: string;
  contentType: string;
  frames: number;
  positions: number;
  width: number;
  height: number;
  /** Drawn for this request (false: an earlier request's file). */
  fresh: boolean;
};

export function createReplayService(deps: Pick<ServiceDeps, 'db' | 'log'>, make: ReplayMaker) {
  const drawing = createKeyedLock();

  async function stored(game: GameSnapshot, locale: Locale): Promise<StoredReplay | null> {
    const row = await deps.db.gameReplay.findUnique({ where: { gameId_version_locale: { gameId: game.id, version: game.version, locale } } });
    return row ? { ...row, data: Buffer.from(row.data), fresh: false } : null;
  }

  async function draw(game: GameSnapshot, locale: Locale): Promise<StoredReplay | null> {
    const def = gameById(game.gameType);
    if (!def) return null;
    const rows = await deps.db.move.findMany({ where: { gameId: game.id }, orderBy: { seq: 'asc' }, select: { seat: true, move: true, kind: true } });
    const replay = await make({
      gameType: game.gameType,
      seed: game.seed,
      seats: seatSpecs(game.seats),
      options: game.options,
      moves: standingMoves(rows).map((r) => ({ seat: r.seat, move: r.move })),
      // A solo game is shown as its player saw it; a duel as everyone saw it.
      viewer: def.seats.max === 1 ? 0 : undefined,
      name: `replay-game-${game.id}${locale === SOURCE_LOCALE ? '' : `-${locale}`}`,
      locale,
    });
    if (!replay) return null;
    const { data, fileName, contentType, frames, positions, width, height } = replay;
    // Another process may have kept one a moment ago: either file is the same game.
    await deps.db.gameReplay.createMany({
      data: [{ gameId: game.id, version: game.version, locale, fileName, contentType, data: new Uint8Array(data), frames, positions, width, height }],
      skipDuplicates: true,
    });
    deps.log.info(`replay of game ${game.id} v${game.version} (${locale}): ${frames} frames, ${Math.round(data.length / 1024)} KB`);
    return { data, fileName, contentType, frames, positions, width, height, fresh: true };
  }

  return {
    /** The replay of a finished game, its boards' texts in `locale`; null when the game has no board image. */
    async replayOf(game: GameSnapshot, locale: Locale = SOURCE_LOCALE): Promise<StoredReplay | null> {
      if (game.status !== 'FINISHED') throw new Error(`game ${game.id} is not finished`);
      // A second request while the first is drawing waits for it, then finds its file.
      return drawing.run(`${game.id}:${game.version}:${locale}`, async () => (await stored(game, locale)) ?? (await draw(game, locale)));
    },
  };
}

export type ReplayService = ReturnType<typeof createReplayService>;
