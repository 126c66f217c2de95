/** A member's own notification choices (ADR 090); the routes pass only the signed-in member's id. */
import type { NotificationPreference, NotificationPreferences } from '@common/schemas/notification-preferences';
import type { Database } from '@db/client';
import * as repo from './preferences.repository';

export function createPreferencesService(deps: { db: Database }) {
  const { db } = deps;

  async function get(userId: string): Promise<NotificationPreferences> {
    return { preferences: await repo.readPreferences(db, userId) };
  }

  async function update(userId: string, list: NotificationPreference[]): Promise<NotificationPreferences> {
    await repo.writePreferences(db, userId, list);
    return get(userId);
  }

  return { get, update };
}

export type PreferencesService = ReturnType<typeof createPreferencesService>;
