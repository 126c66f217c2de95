/**
 * Records the SQL the app really sends, without a hook in production code: the harness's
 * DatabaseHandle holds a drizzle node-postgres database whose `$client` is the pg Pool, and every
 * query (pool.query, transactions, LISTEN) runs on a client the pool hands out with an 'acquire'
 * event. Wrapping each client's `query` there catches them all, in or out of a transaction.
 */
import type pg from 'pg';
import type { DatabaseHandle } from '@db/client';

export interface RecordedQuery {
  /** The route call it was issued under, e.g. `GET /api/explore?type=tips`. */
  route: string;
  text: string;
  values: unknown[];
}

type QueryArgs = [textOrConfig: string | { text: string; values?: unknown[] }, values?: unknown, ...rest: unknown[]];

export function recordQueries(database: DatabaseHandle) {
  if (database.kind !== 'postgres') throw new Error('query recording needs the PostgreSQL driver');
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const wrapped = new WeakSet<pg.PoolClient>();
  const queries: RecordedQuery[] = [];
  let route: string | null = null;

  const wrap = (client: pg.PoolClient) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const original = client.query.bind(client) as (...args: QueryArgs) => unknown;
    (client as unknown as { query: (...args: QueryArgs) => unknown }).query = (...args: QueryArgs) => {
      const [first, second] = args;
      if (route !== null && first !== undefined) {
        const text = typeof first === 'string' ? first : first.text;
        const values = Array.isArray(second) ? second : typeof first === 'string' ? [] : (first.values ?? []);
        queries.push({ route, text, values });
      }
      return original(...args);
    };
  };
  pool.on('acquire', wrap);

  return {
    pool,
    queries,
    /** Records what `work` sends under the name `label`; nothing is recorded outside. */
    async during<T>(label: string, work: () => Promise<T>): Promise<T> {
      route = label;
      try {
        return await work();
      } finally {
        route = null;
      }
    },
  };
}
