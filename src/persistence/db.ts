import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.js';
import { createPool, type StatementObserver } from './pool.js';

export type Db = PrismaClient;
export { Prisma } from '../generated/prisma/client.js';
import type { Prisma as PrismaTypes } from '../generated/prisma/client.js';
/** The client, or a transaction of it: what reads and writes that may share a transaction take. */
export type DbOrTx = Db | PrismaTypes.TransactionClient;

export function createDb(databaseUrl: string, poolSize = 10, onStatement?: StatementObserver): Db {
  const pool = createPool(databaseUrl, poolSize, 'games', onStatement);
  return new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
}
