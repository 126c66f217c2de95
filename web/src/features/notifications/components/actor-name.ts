import { CONNECTION_TEXTS } from '@common/schemas/connection';
import type { Notification } from '@common/schemas/notification';

/** The actor's name, else username; 'Administrator' when the actor has no profile (SPEC 6). */
export function actorName(actor: Notification['actor']): string {
  return actor?.name?.trim() || actor?.username?.trim() || CONNECTION_TEXTS.fallbackName;
}
