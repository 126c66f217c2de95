import type { z } from 'zod';
import type { NotificationFilterSchema } from '@common/schemas/notification';

export type NotificationFilter = z.infer<typeof NotificationFilterSchema>;

/** Every notification query starts with 'notifications': the live event refreshes them all. */
export const notificationKeys = {
  all: ['notifications'] as const,
  counts: ['notifications', 'counts'] as const,
  list: (filter: NotificationFilter) => ['notifications', 'list', filter] as const,
};
