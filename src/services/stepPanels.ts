// The record of each player's open private step panel in a game (at most one): which message it
// is, and the latest interaction token that can still edit or remove it. Discord accepts a token
// for 15 minutes of real time (not the games' clock), so a record older than that names a panel
// nobody can reach any more.
import { hotQuery, sql } from '../persistence/db.js';
import type { ServiceDeps } from './types.js';

export type StepPanel = {
  token: string;
  tokenAt: Date;
  messageId: string;
  /** How the token names the panel: "@original", or the panel's message id (a follow-up). */
  ref: string;
};

/** A token is used until 14 minutes after it was issued: a margin before Discord's 15. */
export const PANEL_TOKEN_MS = 14 * 60_000;

/**
 * close's one statement (game $1, player $2, asked at $3, the panel pressed $4): the panel pressed
 * to make the move goes with it, however recently it was recorded.
 */
const CLOSE_PANEL = sql`
        DELETE FROM "StepPanel"
        WHERE "gameId" = $1::int AND "userId" = $2::text AND ("tokenAt" < ($3::timestamptz AT TIME ZONE 'UTC') OR "messageId" = $4::text)
        RETURNING "token", "tokenAt", "messageId", "ref"`;

export function createStepPanelService(deps: Pick<ServiceDeps, 'db'>) {
  const { db } = deps;
  const key = (gameId: number, userId: string) => ({ gameId_userId: { gameId, userId } });
  const reachable = (p: StepPanel | null): StepPanel | null => (p && Date.now() - p.tokenAt.getTime() < PANEL_TOKEN_MS ? p : null);
  const select = { token: true, tokenAt: true, messageId: true, ref: true } as const;

  return {
    /** The player's open panel in the game, while a token can still reach it. */
    async reachable(gameId: number, userId: string): Promise<StepPanel | null> {
      return reachable(await db.stepPanel.findUnique({ where: key(gameId, userId), select }));
    },
    /**
     * `panel` is the player's open panel in the game now (opened, or pressed). Returns the panel
     * recorded before it when that was another message a token can still reach (to be removed).
     */
    async record(gameId: number, userId: string, panel: Omit<StepPanel, 'tokenAt'>): Promise<StepPanel | null> {
      const old = await db.stepPanel.findUnique({ where: key(gameId, userId), select });
      const data = { ...panel, tokenAt: new Date() };
      await db.stepPanel.upsert({ where: key(gameId, userId), create: { gameId, userId, ...data }, update: data });
      return old && old.messageId !== panel.messageId ? reachable(old) : null;
    },
    /**
     * The player's move, asked for at `askedAt`, is made: the panel open then is forgotten, and
     * returned when a token can still reach it (to be removed). A panel recorded since (opened
     * from the board the move updated) is the player's next step, and stays, unless it is the
     * panel pressed to make the move (`pressedMessageId`).
     */
    async close(gameId: number, userId: string, askedAt: Date, pressedMessageId?: string): Promise<StepPanel | null> {
      // One statement: this runs after every move, most often with no panel open.
      const [gone] = await hotQuery<StepPanel>(db, 'siege_close_step_panel', CLOSE_PANEL, [gameId, userId, askedAt.toISOString(), pressedMessageId ?? null]);
      return reachable(gone ? { ...gone, tokenAt: new Date(gone.tokenAt) } : null);
    },
  };
}

export type StepPanelService = ReturnType<typeof createStepPanelService>;
