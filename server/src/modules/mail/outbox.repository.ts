import { desc } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { outbox } from '@db/schema';
import { type Cursor, beforeCursor, cursorText, pageLimit } from '@server/lib/keyset';

export function listOutbox(db: Executor, cursor: Cursor | null, limit: number) {
  return db
    .select({
      id: outbox.id,
      toAddress: outbox.toAddress,
      subject: outbox.subject,
      bodyText: outbox.bodyText,
      bodyHtml: outbox.bodyHtml,
      headers: outbox.headers,
      createdAt: outbox.createdAt,
      cursorTs: cursorText(outbox.createdAt),
    })
    .from(outbox)
    .where(beforeCursor(outbox.createdAt, outbox.id, cursor))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(pageLimit(limit + 1));
}

/** The local outbox's copy of a message (no SMTP_URL). */
export async function insertOutboxMessage(db: Executor, message: typeof outbox.$inferInsert): Promise<void> {
  await db.insert(outbox).values(message);
}
