/** The local outbox, for admins (docs/product.md#e-mail): each message with the app's own links it carries (ADR 032). */
import type { Database } from '@db/client';
import { decodeCursor, toPage } from '@server/lib/keyset';
import { listOutbox } from './outbox.repository';
import { linksOfHtml } from './templates';

export function createOutboxService(deps: { db: Database }) {
  const { db } = deps;

  /** Newest first, a keyset page at a time. */
  async function listPage(cursor: string | undefined, limit: number) {
    const rows = await listOutbox(db, decodeCursor(cursor), limit);
    return toPage(rows, limit, (row) => ({
      id: row.id,
      to: row.toAddress,
      subject: row.subject,
      text: row.bodyText,
      links: linksOfHtml(row.bodyHtml),
      headers: row.headers ?? {},
      createdAt: row.createdAt.toISOString(),
    }));
  }

  return { listPage };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
