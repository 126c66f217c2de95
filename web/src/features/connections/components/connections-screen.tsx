import { useEffect, type ReactNode } from 'react';
import { formatDistanceToNow } from 'date-fns';
import { toast } from 'sonner';
import { Check, Clock, Inbox, Send, UserPlus, Users, X, type LucideIcon } from 'lucide-react';
import {
  CONNECTION_TEXTS,
  CONNECTIONS_TABS,
  type ConnectionEntry,
  type ConnectionsTab,
  type MyConnections,
} from '@common/schemas/connection';
import type { ProfileCard } from '@common/schemas/profile';
import { TEXTS } from '@common/texts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { type FailableQuery, QueryFailure, hasQueryFailed } from '@/components/feedback/query-failure';
import { NoticeCard } from '@/components/ui/notice-card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/document-title';
import { useTabParam } from '@/components/navigation/use-tab-param';
import { useFocusAfterRemoval } from '@/lib/use-focus-after-removal';
import { useAcceptConnectionRequest } from '../api/accept-request';
import { useCancelConnectionRequest } from '../api/cancel-request';
import { useConnections } from '../api/get-connections';
import { useDiscover } from '../api/get-discover';
import { useRejectConnectionRequest } from '../api/reject-request';
import { useSendConnectionRequest } from '../api/send-request';
import { requestFailureToast } from './card-helpers';
import { MemberCard } from './member-card';
import { LoadMoreButton } from '@/components/ui/load-more-button';

const TABS: { value: ConnectionsTab; label: string; list?: keyof MyConnections }[] = [
  { value: 'connected', label: 'Connected', list: 'connected' },
  { value: 'requests', label: 'Requests', list: 'received' },
  { value: 'sent', label: 'Sent', list: 'sent' },
  { value: 'discover', label: 'Discover' },
];

const TAB_VALUES = CONNECTIONS_TABS;
const isTab = (value: string): value is ConnectionsTab => TABS.some((tab) => tab.value === value);

const GRID = 'grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3';

/** A card's "More actions" menu, composed by app/ (blocks): the accepted connection's id, or null. */
export type RenderCardMenu = (member: ProfileCard, connectionId: string | null) => ReactNode;

export function ConnectionsScreen({ renderCardMenu }: { renderCardMenu?: RenderCardMenu }) {
  const menuOf = (member: ProfileCard, connectionId: string | null = null) => renderCardMenu?.(member, connectionId);
  // In the URL (?tab=): a reload, Back and a shared link keep it (ADR 046).
  const [tab, setTab] = useTabParam(TAB_VALUES, CONNECTIONS_TABS[0]);
  useDocumentTitle('Connections');
  const connections = useConnections();

  // docs/product.md#texts-word-for-word: one destructive toast for a failed load.
  useEffect(() => {
    if (connections.isError)
      toast.error(TEXTS.errorTitle, { id: CONNECTION_TEXTS.loadFailed, description: CONNECTION_TEXTS.loadFailed });
  }, [connections.isError]);

  return (
    <div className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="font-display text-3xl font-bold tracking-tight">Connections</h1>
        <p className="text-sm text-muted-foreground">Travellers you know, requests waiting for you, and members to discover.</p>
      </header>
      <Tabs className="min-w-0" value={tab} onValueChange={(next) => isTab(next) && setTab(next)}>
        <div className="-mx-1 px-1 pb-1">
          <TabsList className="h-auto flex-wrap justify-start">
            {TABS.map(({ value, label, list }) => (
              <TabsTrigger key={value} value={value}>
                {label}
                {list && connections.data ? <span className="tabular-nums">({connections.data[list].length})</span> : null}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value="connected">
          <EntryList
            query={connections}
            isPending={connections.isPending}
            entries={connections.data?.connected}
            empty={{
              icon: Users,
              title: 'No connections yet',
              description: 'Discover other travellers and send them a connection request.',
            }}
            render={(entry) => (
              <MemberCard
                member={entry.member}
                note={`Connected ${ago(entry.updatedAt)}`}
                menu={menuOf(entry.member, entry.id)}
              />
            )}
          />
        </TabsContent>
        <TabsContent value="requests">
          <EntryList
            query={connections}
            isPending={connections.isPending}
            entries={connections.data?.received}
            empty={{ icon: Inbox, title: 'No pending requests', description: 'Requests other members send you appear here.' }}
            render={(entry) => (
              <MemberCard
                member={entry.member}
                note={`Requested ${ago(entry.createdAt)}`}
                actions={<RequestActions entry={entry} />}
                menu={menuOf(entry.member)}
              />
            )}
          />
        </TabsContent>
        <TabsContent value="sent">
          <EntryList
            query={connections}
            isPending={connections.isPending}
            entries={connections.data?.sent}
            empty={{ icon: Send, title: 'No sent requests', description: 'Requests you send wait here until they are answered.' }}
            render={(entry) => (
              <MemberCard
                member={entry.member}
                note={`Sent ${ago(entry.createdAt)}`}
                actions={<CancelAction entry={entry} />}
                menu={menuOf(entry.member)}
              />
            )}
          />
        </TabsContent>
        <TabsContent value="discover">{tab === 'discover' ? <DiscoverList menuOf={menuOf} /> : null}</TabsContent>
      </Tabs>
    </div>
  );
}

const ago = (iso: string) => formatDistanceToNow(new Date(iso), { addSuffix: true });

type Empty = { icon: LucideIcon; title: string; description: string };

function EntryList({
  query,
  isPending,
  entries,
  empty,
  render,
}: {
  query: FailableQuery;
  isPending: boolean;
  entries: ConnectionEntry[] | undefined;
  empty: Empty;
  render: (entry: ConnectionEntry) => ReactNode;
}) {
  if (hasQueryFailed(query)) return <QueryFailure query={query} />;
  if (isPending) return <CardsSkeleton />;
  if (!entries || entries.length === 0) return <EmptyNotice {...empty} />;
  return (
    <ul className={GRID}>
      {entries.map((entry) => (
        <li key={entry.id} data-focus-item>
          {render(entry)}
        </li>
      ))}
    </ul>
  );
}

function EmptyNotice({ icon, title, description }: Empty) {
  return <NoticeCard icon={icon} tone="secondary" titleAs="p" title={title} description={description} />;
}

/** When a list's last card goes: the selected tab, which names the list (issue 36). */
const selectedTab = () => document.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');

function RequestActions({ entry }: { entry: ConnectionEntry }) {
  const accept = useAcceptConnectionRequest();
  const reject = useRejectConnectionRequest();
  const isBusy = accept.isPending || reject.isPending;
  const focusAfterRemoval = useFocusAfterRemoval(selectedTab);

  const onAccept = (control: HTMLElement) => {
    focusAfterRemoval(control);
    accept.mutate(entry.id, {
      onSuccess: () => notifySuccess(CONNECTION_TEXTS.acceptedTitle, CONNECTION_TEXTS.accepted),
      onError: () => notifyError(CONNECTION_TEXTS.statusFailed),
    });
  };
  const onReject = (control: HTMLElement) => {
    focusAfterRemoval(control);
    reject.mutate(entry.id, {
      onSuccess: () => notifySuccess(CONNECTION_TEXTS.rejectedTitle, CONNECTION_TEXTS.rejected),
      onError: () => notifyError(CONNECTION_TEXTS.statusFailed),
    });
  };

  return (
    <>
      <Button size="sm" className="flex-1" disabled={isBusy} onClick={(event) => onAccept(event.currentTarget)}>
        <Check aria-hidden />
        {accept.isPending ? 'Accepting...' : 'Accept'}
      </Button>
      <Button size="sm" variant="outline" className="flex-1" disabled={isBusy} onClick={(event) => onReject(event.currentTarget)}>
        <X aria-hidden />
        {reject.isPending ? 'Rejecting...' : 'Reject'}
      </Button>
    </>
  );
}

function CancelAction({ entry }: { entry: ConnectionEntry }) {
  const cancel = useCancelConnectionRequest();
  const focusAfterRemoval = useFocusAfterRemoval(selectedTab);
  const onCancel = (control: HTMLElement) => {
    focusAfterRemoval(control);
    cancel.mutate(entry.id, {
      onSuccess: () => notifySuccess(CONNECTION_TEXTS.cancelled),
      onError: () => notifyError(CONNECTION_TEXTS.cancelFailed),
    });
  };
  return (
    <Button
      size="sm"
      variant="outline"
      className="flex-1"
      disabled={cancel.isPending}
      onClick={(event) => onCancel(event.currentTarget)}
    >
      <Clock aria-hidden />
      {cancel.isPending ? 'Cancelling...' : 'Cancel request'}
    </Button>
  );
}

function DiscoverList({ menuOf }: { menuOf: (member: ProfileCard) => ReactNode }) {
  const discover = useDiscover();
  if (hasQueryFailed(discover)) return <QueryFailure query={discover} />;
  if (discover.isPending) return <CardsSkeleton />;
  const members = (discover.data?.pages ?? []).flatMap((page) => page.items);
  if (members.length === 0) {
    return (
      <EmptyNotice
        icon={UserPlus}
        title="No one new to discover"
        description="You have a relation with every member for now. Check back later."
      />
    );
  }
  return (
    <div className="grid gap-6">
      <ul className={GRID}>
        {members.map((member) => (
          <li key={member.userId} data-focus-item>
            <MemberCard member={member} actions={<ConnectAction member={member} />} menu={menuOf(member)} />
          </li>
        ))}
      </ul>
      <LoadMoreButton query={discover} />
    </div>
  );
}

function ConnectAction({ member }: { member: ProfileCard }) {
  const send = useSendConnectionRequest();
  const focusAfterRemoval = useFocusAfterRemoval(selectedTab);
  const onConnect = (control: HTMLElement) => {
    // The card leaves Discover once the request is sent (issue 36).
    focusAfterRemoval(control);
    send.mutate(member.userId, {
      onSuccess: () => notifySuccess(CONNECTION_TEXTS.requestSent),
      onError: (error) => {
        const { title, description } = requestFailureToast(error);
        notifyError(description, title);
      },
    });
  };
  return (
    <Button size="sm" className="flex-1" disabled={send.isPending} onClick={(event) => onConnect(event.currentTarget)}>
      <UserPlus aria-hidden />
      {send.isPending ? 'Sending...' : 'Connect'}
    </Button>
  );
}

function CardsSkeleton() {
  return (
    <ul className={GRID} aria-label="Loading members" aria-busy>
      {Array.from({ length: 6 }, (_, index) => (
        <li key={index}>
          <Card className="grid gap-4 p-5">
            <div className="flex items-center gap-3">
              <Skeleton className="size-14 rounded-full" />
              <div className="grid flex-1 gap-2">
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-3 w-1/3" />
              </div>
            </div>
            <Skeleton className="h-10" />
            <Skeleton className="h-8 w-1/2" />
          </Card>
        </li>
      ))}
    </ul>
  );
}
