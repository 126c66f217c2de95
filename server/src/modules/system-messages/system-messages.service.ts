/** System messages as members see them (only active ones, docs/product.md#the-admin-panel). Admin management comes later. */
import type { SystemMessage } from '@common/schemas/system-message';
import type { Database } from '@db/client';
import { preferenceFor } from '../notification-choices/preferences.repository';
import * as repo from './system-messages.repository';

export function createSystemMessagesService(deps: { db: Database }) {
  const { db } = deps;

  /** None for a member who turned system messages off in Waymark (ADR 090). */
  /** The active messages for this member, but those they dismissed in this browser session. */
  async function listActive(userId: string, dismissed: readonly string[] = []): Promise<SystemMessage[]> {
    if (!(await preferenceFor(db, userId, 'system_messages')).inApp) return [];
    const rows = await repo.listActive(db);
    return rows.filter((row) => !dismissed.includes(row.id)).map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  }

  return { listActive };
}

export type SystemMessagesService = ReturnType<typeof createSystemMessagesService>;
