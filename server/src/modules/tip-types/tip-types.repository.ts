import { asc } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { tipTypes } from '@db/schema';

export function listTipTypes(db: Executor) {
  return db.select().from(tipTypes).orderBy(asc(tipTypes.name));
}
