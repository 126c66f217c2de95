import { AnswerRequest } from '@/features/connections/components/answer-request';
import type { RenderNotificationActions } from '@/features/notifications/components/notifications-screen';
import { NotificationsScreen } from '@/features/notifications/components/notifications-screen';
import { useDocumentTitle } from '@/lib/document-title';

/** A connection request is answered where the member is told of it (issue 36). */
const renderActions: RenderNotificationActions = (notification) =>
  notification.type === 'connection_request' && notification.actor ? <AnswerRequest requesterId={notification.actor.id} /> : null;

export function NotificationsRoute() {
  useDocumentTitle('Notifications');
  return <NotificationsScreen renderActions={renderActions} />;
}
