import { useEffect, useState } from 'react';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { Home } from 'lucide-react';
import { FailureNotice } from '@/components/feedback/failure-notice';
import { CenteredScreen } from '@/components/layout/centered-screen';
import { Button } from '@/components/ui/button';
import { reloadOnceForMissingChunk } from '@/lib/chunk-reload';
import { type FailureKind, failureKindOf } from '@/lib/network-error';
import { useIsOnline } from '@/lib/use-is-online';

function kindOf(error: unknown, isOnline: boolean): FailureKind {
  if (isRouteErrorResponse(error)) {
    if (!isOnline) return 'offline';
    if (error.status === 404) return 'not-found';
    return error.status === 502 || error.status === 503 || error.status === 504 ? 'unreachable' : 'server';
  }
  return failureKindOf(error, isOnline);
}

/**
 * Every route's error element (routes.tsx), in place of React Router's developer page: a
 * screen's chunk that cannot load, a render error, a failed loader. A chunk missing after a
 * deploy reloads the page once (chunk-reload.ts); offline, the page reloads by itself when the
 * network is back. `isFullPage` outside the member shell; inside it the shell stays around it.
 */
export function RouteError({ isFullPage = false }: { isFullPage?: boolean }) {
  const error = useRouteError();
  const isOnline = useIsOnline();
  const [isReloading, setIsReloading] = useState(false);
  const kind = kindOf(error, isOnline);

  useEffect(() => {
    // The details are for developers, in the console; the person sees what happened.
    console.error('Route error:', error);
    void reloadOnceForMissingChunk(error).then(setIsReloading);
  }, [error]);

  // Back online after the screen failed offline: load it again.
  const [wasOffline, setWasOffline] = useState(!isOnline);
  if (!isOnline && !wasOffline) setWasOffline(true);
  useEffect(() => {
    if (isOnline && wasOffline) window.location.reload();
  }, [isOnline, wasOffline]);

  const notice = (
    <FailureNotice
      kind={kind}
      titleAs="h1"
      // Offline it reloads by itself once the network is back; a click would only reach the browser's own error page.
      onRetry={kind === 'not-found' || kind === 'offline' ? undefined : () => window.location.reload()}
      isRetrying={isReloading}
      action={
        <Button asChild variant={kind === 'not-found' ? 'default' : 'ghost'}>
          <Link to="/">
            <Home aria-hidden />
            Return to Home
          </Link>
        </Button>
      }
    />
  );
  if (!isFullPage) return <div className="mx-auto w-full max-w-xl py-6">{notice}</div>;
  return (
    <CenteredScreen>
      <div className="w-full max-w-md">{notice}</div>
    </CenteredScreen>
  );
}
