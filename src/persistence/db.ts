import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.js';
import { createPool, type StatementObserver } from './pool.js';

export type Db = PrismaClient;
export { Prisma } from '../generated/prisma/client.js';
import type { Prisma as PrismaTypes } from '../generated/prisma/client.js';
/** The client, or a transaction of it: what reads and writes that may share a transaction take. */
export type DbOrTx = Db | PrismaTypes.TransactionClient;

/** Each client's pool, for the statements of every move (`hotQuery`). */
const pools = new WeakMap<object, pg.Pool>();

export function createDb(databaseUrl: string, poolSize = 10, onStatement?: StatementObserver): Db {
  const pool = createPool(databaseUrl, poolSize, 'games', onStatement);
  const db = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  pools.set(db, pool);
  return db;
}

/** A statement's text, written `sql`…`` (placeholders $1…, no interpolation): SQL, not words for a reader. */
export const sql = (text: TemplateStringsArray): string => text.join('');

const TIMESTAMP_OID = 1114;
/** Rows as Prisma's raw queries give them: a timestamp without zone (the columns hold UTC) is a Date in UTC. */
const ROW_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMP_OID && format !== 'binary'
      ? (text: string) => new Date(`${text.replace(' ', 'T')}Z`)
      : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

/**
 * One of the statements every move runs (its game read, its commit, its board recorded, its step
 * panel closed), sent straight to the client's pool as a named prepared statement: PostgreSQL
 * parses and plans it once per connection, and the client skips Prisma's query engine, which
 * cost more CPU than the pool itself for these (bench/README.md). `text` uses $1… placeholders and
 * is the same for every call of `name`. In a transaction, or on a client made elsewhere, it goes
 * through Prisma as a raw query: the rows are the same.
 */
export async function hotQuery<Row>(q: DbOrTx, name: string, text: string, values: unknown[]): Promise<Row[]> {
  const pool = pools.get(q);
  if (!pool) return (q as Db).$queryRawUnsafe<Row[]>(text, ...values);
  const result = await pool.query({ name, text, values, types: ROW_TYPES });
  return result.rows as Row[];
}
