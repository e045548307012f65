// The animated replay that the result message of a finished game carries.
import { AttachmentBuilder } from 'discord.js';
import type { Logger } from '../../config/logger.js';
import type { GameDefinition } from '../../engine/contract.js';
import type { Db } from '../../persistence/db.js';
import { renderReplay } from '../../render/replay.js';
import { moveLogOf, replayViews } from '../../services/records/history.js';
import type { GameSnapshot } from '../../services/types.js';

/** The replay of a finished game as an attachment, or null (no board renderer, or it failed: the result is posted anyway). */
export async function replayAttachment(db: Db, def: GameDefinition, game: GameSnapshot, log: Logger): Promise<AttachmentBuilder | null> {
  if (game.status !== 'FINISHED') return null;
  try {
    const views = replayViews(def, game, await moveLogOf(db, game.id));
    const replay = await renderReplay(game.gameType, views, { name: `replay-game-${game.id}` });
    if (!replay) return null;
    return new AttachmentBuilder(replay.data, {
      name: replay.fileName,
      description: `Replay of game #${game.id}, ${replay.frames} frames`.slice(0, 1024),
    });
  } catch (e) {
    log.warn(`the replay of game ${game.id} could not be drawn`, { err: e });
    return null;
  }
}
