import { sql } from 'drizzle-orm';
import type { Executor } from '@db/client';

/** The cheapest statement the database must answer: readiness's probe. */
export function ping(db: Executor): Promise<unknown> {
  return db.execute(sql`SELECT 1`);
}
