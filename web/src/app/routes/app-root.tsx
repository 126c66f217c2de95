import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { AppShell } from '@/components/layout/app-shell';
import { SystemMessageBanners } from '@/components/layout/system-message-banners';
import { ME_QUERY_KEY, useMe } from '@/lib/api/get-me';
import { useSignOut } from '@/features/auth/api/sign-out';
import { withSignInNotice } from '@/features/auth/sign-in-notice';
import { useActiveSystemMessages } from '@/lib/api/get-active-system-messages';
import { useNotificationCounts } from '@/features/notifications/api/get-notification-counts';
import { afterMutationsSettle } from '@/lib/after-mutations';
import { useLiveEvents } from '@/lib/live-events';
import { signInPathFor } from '@/lib/safe-next';
import { hasQueryFailed } from '@/components/feedback/query-failure';
import { useIsOnline } from '@/lib/use-is-online';
import { wantToaster } from '@/lib/toaster';
import { OfflineBanner } from '@/features/offline/components/offline-banner';
import { useOfflineMember } from '@/features/offline/use-offline-member';
import { dropMemberOffline } from '@/features/offline/drop-member';
import { useUpdatePrompt } from '@/features/offline/update-prompt';
import { SessionError, SessionLoading } from './session-status';
import { WaitingScreen } from './waiting';

/**
 * Every member screen sits under this layout: signed-out visitors go to sign-in remembering the
 * screen they asked for (docs/product.md#signing-in-and-sessions); pending accounts see only the waiting screen (docs/product.md#roles).
 */
export function AppRoot() {
  const me = useMe();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const location = useLocation();
  // Signed-in members only: the live stream, the sidebar's unread badge and the system messages.
  const isMember = Boolean(me.data && me.data.role !== 'pending');
  const queryClient = useQueryClient();
  // The stream ended with the session (signed out, password changed, demoted, deleted), here or
  // in another tab: ask who is signed in; the layout follows (sign-in, waiting screen). Not while
  // this tab's own request is in flight: a password change answers with the new session's cookie.
  // Offline the stream is closed, not retried: it comes back with the network (issue 23).
  const isOnline = useIsOnline();
  useLiveEvents(
    isMember && isOnline,
    () => afterMutationsSettle(queryClient, () => void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY })),
    // A block or a removed connection: the offline copy drops that member's pages (ADR 086).
    (change) => change.memberId && dropMemberOffline(change.memberId),
  );
  const notificationCounts = useNotificationCounts({ enabled: isMember });
  const systemMessages = useActiveSystemMessages({ enabled: isMember });

  // The service worker stores for whoever is signed in, and forgets everyone when nobody is (ADR 071).
  useOfflineMember(me.isSuccess ? (me.data?.id ?? null) : undefined);
  // "A new version of Waymark is ready" (ADR 070).
  useUpdatePrompt();
  // Members' screens toast without being asked (a failed load, a new version): the toaster is ready first.
  useEffect(() => wantToaster(), []);

  // A session that ends while this page shows (signed out elsewhere, ended from another device's
  // Security Settings) leaves for sign-in saying why (ADR 074); a first visit just asks to sign in.
  const [wasSignedIn, setWasSignedIn] = useState(false);
  if (me.data && !wasSignedIn) setWasSignedIn(true);

  const onSignOut = () => signOut.mutate(undefined, { onSettled: () => void navigate('/', { replace: true }) });

  if (hasQueryFailed(me)) return <SessionError query={me} />;
  if (me.isPending) return <SessionLoading />;
  if (!me.data) {
    // After a deliberate sign-out there is nothing to come back to.
    const hasSignedOut = signOut.isPending || signOut.isSuccess || signOut.isError;
    const state = wasSignedIn && !hasSignedOut ? withSignInNotice({ kind: 'session-ended' }) : undefined;
    return <Navigate to={hasSignedOut ? '/' : signInPathFor(location.pathname, location.search)} state={state} replace />;
  }
  if (me.data.role === 'pending') {
    return <WaitingScreen email={me.data.email} isSigningOut={signOut.isPending} onSignOut={onSignOut} />;
  }

  return (
    <AppShell
      user={me.data}
      isSigningOut={signOut.isPending}
      onSignOut={onSignOut}
      unreadCount={notificationCounts.data?.unread ?? 0}
    >
      <OfflineBanner />
      <SystemMessageBanners messages={systemMessages.data ?? []} userId={me.data.id} />
      <Outlet />
    </AppShell>
  );
}
