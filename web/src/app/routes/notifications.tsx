import { NotificationsScreen } from '@/features/notifications/components/notifications-screen';
import { useDocumentTitle } from '@/lib/document-title';

export function NotificationsRoute() {
  useDocumentTitle('Notifications');
  return <NotificationsScreen />;
}
