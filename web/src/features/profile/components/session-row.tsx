import { formatDistanceToNow, format } from 'date-fns';
import { LogOut, Monitor, Smartphone, Tablet } from 'lucide-react';
import type { MemberSession } from '@common/schemas/sessions';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

const DEVICE_ICONS = { mobile: Smartphone, tablet: Tablet } as const;

/** "Firefox 133 on Windows 10"; what the user agent did not say is left out. */
export function sessionLabel(session: Pick<MemberSession, 'browser' | 'os'>): string {
  if (session.browser && session.os) return `${session.browser} on ${session.os}`;
  return session.browser ?? session.os ?? 'Unknown browser';
}

function When({ label, at }: { label: string; at: string }) {
  const date = new Date(at);
  return (
    <span>
      {label}{' '}
      <time dateTime={at} title={format(date, 'PPpp')}>
        {formatDistanceToNow(date, { addSuffix: true })}
      </time>
    </span>
  );
}

/** One session of the member: which device, since when, last used; "Sign out" for the others. */
export function SessionRow({
  session,
  onEnd,
  isEnding,
}: {
  session: MemberSession;
  onEnd: (session: MemberSession) => void;
  isEnding: boolean;
}) {
  const Icon = (session.deviceType && DEVICE_ICONS[session.deviceType as keyof typeof DEVICE_ICONS]) || Monitor;
  const label = sessionLabel(session);
  return (
    <li
      data-focus-item
      className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2 py-3 sm:grid-cols-[auto_minmax(0,1fr)_auto]"
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted" aria-hidden>
        <Icon className="size-4.5 text-muted-foreground" />
      </span>
      <div className="grid min-w-0 gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="wrap-anywhere">{label}</span>
          {session.isCurrent ? <Badge variant="success">This device</Badge> : null}
        </p>
        <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
          <When label="Signed in" at={session.createdAt} />
          {session.isCurrent ? <span>Active now</span> : <When label="Last seen" at={session.lastSeenAt} />}
        </p>
      </div>
      {session.isCurrent ? null : (
        <ConfirmDeleteDialog
          title="Sign out this session?"
          description={`${label} will be signed out at once. Anyone using it will have to sign in again.`}
          confirmLabel="Sign out"
          onConfirm={() => onEnd(session)}
        >
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="col-start-2 justify-self-start sm:col-start-auto"
            disabled={isEnding}
          >
            <LogOut aria-hidden />
            Sign out
            <span className="sr-only"> {label}</span>
          </Button>
        </ConfirmDeleteDialog>
      )}
    </li>
  );
}
