import { desc, eq } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { systemMessages } from '@db/schema';

/** Active system messages, newest first (is_active true, docs/product.md#the-admin-panel). */
export function listActive(db: Executor) {
  return db
    .select({
      id: systemMessages.id,
      title: systemMessages.title,
      content: systemMessages.content,
      isActive: systemMessages.isActive,
      createdAt: systemMessages.createdAt,
    })
    .from(systemMessages)
    .where(eq(systemMessages.isActive, true))
    .orderBy(desc(systemMessages.createdAt), desc(systemMessages.id));
}
