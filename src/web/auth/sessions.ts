// Web sessions of members logged in with Discord (README, "Playing your Discord games in the
// browser"), kept in PostgreSQL so that a restart, or another process behind the same site, knows
// them. A session's id is 256 random bits that only the member's browser holds (a cookie, or the
// Activity's Bearer header); the table keeps its SHA-256, so that a copy of the database logs
// nobody in. The CSRF token of a session's forms is derived from its id, so it needs no row
// either. A session lasts SESSION_DAYS; a member keeps at most MAX_PER_USER at once (the oldest
// go), and expired rows are swept as new ones are made.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../persistence/db.js';

export const SESSION_DAYS = 30;
export const MAX_PER_USER = 10;
const DAY_MS = 86_400_000;

export type WebSession = {
  userId: string;
  displayName: string;
  /** The token the session's forms carry (csrf), checked with `csrfOk`. */
  csrf: string;
  expiresAt: Date;
};

const digest = (text: string) => createHash('sha256').update(text).digest();
const idHash = (id: string) => digest(`session\0${id}`).toString('hex');
const csrfOf = (id: string) => digest(`csrf\0${id}`).toString('base64url');
/** A session id as `create` makes them: 43 base64url characters. */
const ID_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Whether `given` is the session's CSRF token, compared in constant time. */
export function csrfOk(session: WebSession, given: unknown): boolean {
  const a = Buffer.from(typeof given === 'string' ? given : '');
  const b = Buffer.from(session.csrf);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function createSessions(db: () => Db, now: () => Date = () => new Date()) {
  return {
    /** A new session for a member who just logged in: its id (for their browser only) and its CSRF token. */
    async create(userId: string, displayName: string): Promise<{ id: string; csrf: string; expiresAt: Date }> {
      const id = randomBytes(32).toString('base64url');
      const at = now();
      const expiresAt = new Date(at.getTime() + SESSION_DAYS * DAY_MS);
      await db().$transaction(async (tx) => {
        await tx.webSession.deleteMany({ where: { expiresAt: { lte: at } } });
        await tx.webSession.create({ data: { idHash: idHash(id), userId, displayName: displayName.slice(0, 100), createdAt: at, expiresAt } });
        const kept = await tx.webSession.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { idHash: 'asc' }], skip: MAX_PER_USER, select: { idHash: true } });
        if (kept.length) await tx.webSession.deleteMany({ where: { idHash: { in: kept.map((k) => k.idHash) } } });
      });
      return { id, csrf: csrfOf(id), expiresAt };
    },

    /** The session of an id, or null: unknown, ended, expired, or not an id at all. */
    async find(id: string | null | undefined): Promise<WebSession | null> {
      if (!id || !ID_SHAPE.test(id)) return null;
      const row = await db().webSession.findUnique({ where: { idHash: idHash(id) } });
      if (!row || row.expiresAt.getTime() <= now().getTime()) return null;
      return { userId: row.userId, displayName: row.displayName, csrf: csrfOf(id), expiresAt: row.expiresAt };
    },

    /** Ends a session (logout); an unknown id is already ended. */
    async end(id: string | null | undefined): Promise<void> {
      if (!id || !ID_SHAPE.test(id)) return;
      await db().webSession.deleteMany({ where: { idHash: idHash(id) } });
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
