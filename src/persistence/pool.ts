// The bot's PostgreSQL connection pools (the store's, through Prisma, and the job queue's), with
// every statement they send counted (the metrics: database load per move, per pool).
import pg from 'pg';

/** Told of each statement a pool sends, by the pool's name. */
export type StatementObserver = (pool: string) => void;

export function createPool(connectionString: string, max: number, name: string, onStatement?: StatementObserver): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  if (onStatement) {
    // Every statement goes through a client's `query`, the pool's own `query` included.
    pool.on('connect', (client) => {
      const query = client.query;
      client.query = function counted(this: pg.PoolClient, ...args: unknown[]) {
        onStatement(name);
        return (query as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof client.query;
    });
  }
  return pool;
}
