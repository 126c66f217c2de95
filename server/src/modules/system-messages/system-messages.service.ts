/** System messages as members see them (SPEC 4: only active ones). Admin management comes later. */
import type { SystemMessage } from '@common/schemas/system-message';
import type { Database } from '@db/client';
import * as repo from './system-messages.repository';

export function createSystemMessagesService(deps: { db: Database }) {
  const { db } = deps;

  async function listActive(): Promise<SystemMessage[]> {
    const rows = await repo.listActive(db);
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  }

  return { listActive };
}

export type SystemMessagesService = ReturnType<typeof createSystemMessagesService>;
