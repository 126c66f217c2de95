import type { Notification } from '@common/schemas/notification';

const CONNECTION_TYPES: ReadonlySet<Notification['type']> = new Set([
  'connection_request',
  'connection_accepted',
  'connection_declined',
]);

/** SPEC 2: where clicking a notification leads (null: nowhere to go). */
export function notificationTarget(notification: Pick<Notification, 'type' | 'tipId' | 'guideId'>): string | null {
  if (CONNECTION_TYPES.has(notification.type)) return '/connections';
  if (notification.tipId) return `/view-tip/${encodeURIComponent(notification.tipId)}`;
  if (notification.guideId) return `/view-guide/${encodeURIComponent(notification.guideId)}`;
  return null;
}
