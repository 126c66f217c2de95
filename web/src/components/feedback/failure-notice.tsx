import type { ReactNode } from 'react';
import { CloudOff, Loader2, MapPinOff, RefreshCw, TriangleAlert, WifiOff, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { NoticeCard } from '@/components/ui/notice-card';
import { FAILURE_TEXTS, type FailureKind } from '@/lib/network-error';

const ICONS: Record<FailureKind, LucideIcon> = {
  offline: WifiOff,
  unreachable: CloudOff,
  'not-found': MapPinOff,
  server: TriangleAlert,
};

type FailureNoticeProps = {
  kind: FailureKind;
  onRetry?: () => void;
  isRetrying?: boolean;
  /** A way out besides retrying, e.g. a link home. */
  action?: ReactNode;
  /** h1 when the notice is the whole screen. */
  titleAs?: 'h1' | 'h2' | 'p';
};

/**
 * Says what went wrong in a person's words (offline, the server not answering, not found, our
 * error) with a Try again button; never an empty list pretending there is nothing (issue 19).
 */
export function FailureNotice({ kind, onRetry, isRetrying = false, action, titleAs = 'p' }: FailureNoticeProps) {
  const { title, description } = FAILURE_TEXTS[kind];
  const retry = onRetry ? (
    <Button variant="outline" onClick={onRetry} disabled={isRetrying}>
      {isRetrying ? <Loader2 className="animate-spin" aria-hidden /> : <RefreshCw aria-hidden />}
      {isRetrying ? 'Trying again...' : 'Try again'}
    </Button>
  ) : null;
  return (
    <div role="alert" data-failure={kind}>
      <NoticeCard
        icon={ICONS[kind]}
        tone={kind === 'not-found' ? 'secondary' : 'muted'}
        titleAs={titleAs}
        title={title}
        description={description}
        action={
          retry || action ? (
            <div className="flex flex-wrap justify-center gap-3">
              {retry}
              {action}
            </div>
          ) : undefined
        }
      />
    </div>
  );
}
