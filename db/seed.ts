/** Seeds what an empty database needs: the eight tip types (docs/product.md#the-admin-panel). Demo data: scripts/demo-data.ts. */
import { sql } from 'drizzle-orm';
import { SEEDED_TIP_TYPES } from '../common/lists/tip-types';
import type { Executor } from './client';
import { tipTypes } from './schema';

export async function seedTipTypes(db: Executor): Promise<void> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(tipTypes);
  if ((row?.n ?? 0) > 0) return; // admins may have renamed them; never re-add
  await db.insert(tipTypes).values(SEEDED_TIP_TYPES.map((t) => ({ name: t.name, color: t.color })));
}
