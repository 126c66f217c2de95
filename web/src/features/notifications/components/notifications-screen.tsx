import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { Bell, BellOff, CheckCheck, Inbox } from 'lucide-react';
import { NOTIFICATION_TEXTS, type Notification, type NotificationCounts } from '@common/schemas/notification';
import { Button } from '@/components/ui/button';
import { CountBadge } from '@/components/ui/count-badge';
import { QueryFailure, hasQueryFailed } from '@/components/feedback/query-failure';
import { NoticeCard } from '@/components/ui/notice-card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { notifyError, notifySuccess } from '@/lib/notify';
import type { NotificationFilter } from '../api/keys';
import { useNotificationCounts } from '../api/get-notification-counts';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-read';
import { useMarkNotification } from '../api/mark-notification';
import { NotificationItem } from './notification-item';
import { notificationTarget } from './notification-target';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { useFocusAfterRemoval } from '@/lib/use-focus-after-removal';

const TABS: { value: NotificationFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'read', label: 'Read' },
];

const EMPTY: Record<NotificationFilter, { title: string; description?: string; icon: typeof Bell }> = {
  all: { title: NOTIFICATION_TEXTS.emptyAll, description: NOTIFICATION_TEXTS.emptyAllDescription, icon: Inbox },
  unread: { title: NOTIFICATION_TEXTS.emptyUnread, icon: CheckCheck },
  read: { title: NOTIFICATION_TEXTS.emptyRead, icon: BellOff },
};

const isFilter = (value: string): value is NotificationFilter => TABS.some((tab) => tab.value === value);

/** What can be done from a notification itself (issue 36), composed by app/ from other features. */
export type RenderNotificationActions = (notification: Notification) => ReactNode;

export function NotificationsScreen({ renderActions }: { renderActions?: RenderNotificationActions }) {
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const counts = useNotificationCounts();
  const markAll = useMarkAllNotificationsRead();
  const unread = counts.data?.unread ?? 0;

  const onMarkAll = () =>
    markAll.mutate(undefined, {
      onSuccess: () => notifySuccess(NOTIFICATION_TEXTS.allMarked),
      onError: () => notifyError(NOTIFICATION_TEXTS.markAllFailed),
    });

  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="flex items-center gap-3 font-display text-3xl font-bold tracking-tight">
            Notifications
            <CountBadge count={unread} label="unread" className="text-xs leading-6" />
          </h1>
          <p className="text-sm text-muted-foreground">Connection requests and activity on your tips and guides.</p>
        </div>
        <Button variant="outline" disabled={unread === 0 || markAll.isPending} onClick={onMarkAll}>
          <CheckCheck aria-hidden />
          {markAll.isPending ? 'Marking...' : 'Mark all as read'}
        </Button>
      </header>
      <Tabs className="min-w-0" value={filter} onValueChange={(next) => isFilter(next) && setFilter(next)}>
        <TabsList>
          {TABS.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
              <TabCount filter={tab.value} counts={counts.data} />
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((tab) => (
          <TabsContent key={tab.value} value={tab.value}>
            {tab.value === filter ? <NotificationList filter={filter} renderActions={renderActions} /> : null}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

function TabCount({ filter, counts }: { filter: NotificationFilter; counts: NotificationCounts | undefined }) {
  if (!counts) return null;
  return <span className="tabular-nums">({counts[filter]})</span>;
}

function NotificationList({ filter, renderActions }: { filter: NotificationFilter; renderActions?: RenderNotificationActions }) {
  const list = useNotifications(filter);
  const mark = useMarkNotification();
  const navigate = useNavigate();
  // Marking one read in the Unread tab (or unread in Read) takes it out of the list (issue 36).
  const focusAfterRemoval = useFocusAfterRemoval();

  if (hasQueryFailed(list)) return <QueryFailure query={list} />;
  if (list.isPending) return <NotificationsSkeleton />;

  const items = (list.data?.pages ?? []).flatMap((page) => page.items);
  if (items.length === 0) {
    const empty = EMPTY[filter];
    return <NoticeCard icon={empty.icon} tone="secondary" titleAs="p" title={empty.title} description={empty.description} />;
  }

  const toggleRead = (notification: Notification, control: HTMLElement) => {
    if (filter !== 'all') focusAfterRemoval(control);
    const isRead = !notification.isRead;
    mark.mutate(
      { id: notification.id, isRead },
      { onError: () => notifyError(isRead ? NOTIFICATION_TEXTS.markReadFailed : NOTIFICATION_TEXTS.markUnreadFailed) },
    );
  };

  const open = (notification: Notification) => {
    if (!notification.isRead) {
      mark.mutate({ id: notification.id, isRead: true }, { onError: () => notifyError(NOTIFICATION_TEXTS.markReadFailed) });
    }
    const target = notificationTarget(notification);
    if (target) void navigate(target);
  };

  return (
    <div className="grid gap-4">
      <ul className="grid gap-2" aria-label="Notifications">
        {items.map((notification) => (
          <NotificationItem
            key={notification.id}
            notification={notification}
            onOpen={open}
            onToggleRead={toggleRead}
            isToggling={mark.isPending && mark.variables?.id === notification.id}
            actions={renderActions?.(notification)}
          />
        ))}
      </ul>
      <LoadMoreButton query={list} />
    </div>
  );
}

function NotificationsSkeleton() {
  return (
    <ul className="grid gap-2" aria-label="Loading notifications" aria-busy>
      {Array.from({ length: 5 }, (_, index) => (
        <li key={index} className="flex items-center gap-3 rounded-xl border bg-card p-4">
          <Skeleton className="size-10 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-24" />
          </div>
          <Skeleton className="h-8 w-24" />
        </li>
      ))}
    </ul>
  );
}
