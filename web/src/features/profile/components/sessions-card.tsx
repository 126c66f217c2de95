import { MonitorSmartphone, ShieldOff } from 'lucide-react';
import { TEXTS } from '@common/texts';
import type { MemberSession } from '@common/schemas/sessions';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { QueryFailure, hasQueryFailed } from '@/components/feedback/query-failure';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { Skeleton } from '@/components/ui/skeleton';
import { serverMessageOr } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/get-sessions';
import { useSignOutOtherSessions } from '../api/sign-out-other-sessions';
import { SessionRow, sessionLabel } from './session-row';

/** "Where you're signed in" (ADR 074): the member's live sessions, each one can be signed out. */
export function SessionsCard() {
  const sessions = useSessions();
  const endSession = useEndSession();
  const signOutOthers = useSignOutOtherSessions();
  const items = sessions.data?.pages.flatMap((page) => page.items) ?? [];
  const hasOthers = items.some((s) => !s.isCurrent) || sessions.hasNextPage;

  const onEnd = (session: MemberSession) =>
    endSession.mutate(session.id, {
      onSuccess: () => notifySuccess('Signed out', `${sessionLabel(session)} is signed out.`),
      onError: (error) => notifyError(serverMessageOr(error, TEXTS.genericFailure)),
    });

  const onSignOutOthers = () =>
    signOutOthers.mutate(undefined, {
      onSuccess: ({ ended }) =>
        notifySuccess(
          'Signed out everywhere else',
          ended === 1 ? '1 other session was signed out.' : `${ended} other sessions were signed out.`,
        ),
      onError: (error) => notifyError(serverMessageOr(error, TEXTS.genericFailure)),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MonitorSmartphone className="size-5 text-primary" aria-hidden />
          Where you&apos;re signed in
        </CardTitle>
        <CardDescription>Sign out any device you don&apos;t recognize or no longer use.</CardDescription>
      </CardHeader>
      <CardContent>
        {hasQueryFailed(sessions) ? (
          <QueryFailure query={sessions} />
        ) : sessions.isPending ? (
          <div className="grid gap-3" role="status">
            <span className="sr-only">Loading sessions...</span>
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : (
          <>
            <ul className="divide-y" aria-label="Sessions">
              {items.map((session) => (
                <SessionRow key={session.id} session={session} onEnd={onEnd} isEnding={endSession.isPending} />
              ))}
            </ul>
            <LoadMoreButton query={sessions} />
          </>
        )}
      </CardContent>
      {hasOthers ? (
        <CardFooter>
          <ConfirmDeleteDialog
            title="Sign out everywhere else?"
            description="Every other device and browser signed in to your account will be signed out at once. This one stays signed in."
            confirmLabel="Sign out everywhere else"
            onConfirm={onSignOutOthers}
          >
            <Button type="button" variant="outline" className="w-full sm:w-auto" disabled={signOutOthers.isPending}>
              <ShieldOff aria-hidden />
              {signOutOthers.isPending ? 'Signing out...' : 'Sign out everywhere else'}
            </Button>
          </ConfirmDeleteDialog>
        </CardFooter>
      ) : null}
    </Card>
  );
}
