import { connectionsPath } from '@common/schemas/connection';
import type { Notification } from '@common/schemas/notification';
import { guidePath, tipPath } from '@/components/navigation/content-path';

type Target = Pick<Notification, 'type' | 'tipId' | 'guideId'>;

/**
 * Where clicking a notification leads (docs/product.md#notifications; null: nowhere to go). Every type is named, so a
 * new type must say where it goes. A connection notice opens the tab of /connections it is
 * about (issue 36): a request the Requests tab, where it is answered; an acceptance the
 * Connected tab; a decline the Sent tab, the member's own requests.
 */
const TARGETS: Record<Notification['type'], (n: Target) => string | null> = {
  connection_request: () => connectionsPath('requests'),
  connection_accepted: () => connectionsPath('connected'),
  connection_declined: () => connectionsPath('sent'),
  connection: () => connectionsPath('connected'),
  like: itemTarget,
  guide: itemTarget,
  tip: itemTarget,
  tip_saved: itemTarget,
  guide_saved: itemTarget,
  /** A report's outcome names no item (issue 25). */
  moderation: () => null,
  /** The author's own item that a moderator hid, showed again or deleted (issue 36). */
  content_moderated: itemTarget,
  /** An admin's notice of a new report opens the Reports tab (issue 36). */
  report_received: () => '/admin?tab=reports',
};

function itemTarget(notification: Target): string | null {
  if (notification.tipId) return tipPath(notification.tipId);
  if (notification.guideId) return guidePath(notification.guideId);
  return null;
}

export function notificationTarget(notification: Target): string | null {
  return TARGETS[notification.type](notification);
}
