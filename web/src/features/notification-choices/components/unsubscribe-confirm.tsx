import { Link } from 'react-router';
import { NOTIFICATION_KIND_LABELS, PREFERENCE_TEXTS } from '@common/schemas/notification-preferences';
import { Button } from '@/components/ui/button';
import { serverMessageOr } from '@/lib/api-client';
import { useUnsubscribe } from '../api/unsubscribe';

/**
 * The unsubscribe link's page (ADR 090): one button, no sign-in. Not on opening the page: link
 * scanners open links in e-mails, and must not unsubscribe anyone.
 */
export function UnsubscribeConfirm({ token }: { token: string }) {
  const mutation = useUnsubscribe();
  if (!token) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {PREFERENCE_TEXTS.unsubscribeInvalid}
      </p>
    );
  }
  if (mutation.isSuccess) {
    const kinds = mutation.data.kinds.map((k) => NOTIFICATION_KIND_LABELS[k].toLowerCase()).join(', ');
    return (
      <div className="grid gap-3" role="status">
        <p>{PREFERENCE_TEXTS.unsubscribeDone}</p>
        <p className="text-sm text-muted-foreground">E-mails turned off: {kinds}.</p>
        <p className="text-sm">
          You can choose again any time under{' '}
          <Link className="font-medium text-primary underline-offset-4 hover:underline" to="/profile">
            your profile
          </Link>
          .
        </p>
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">Waymark will stop sending you the e-mails this link was in.</p>
      <Button onClick={() => mutation.mutate(token)} disabled={mutation.isPending}>
        {PREFERENCE_TEXTS.unsubscribeButton}
      </Button>
      {mutation.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {serverMessageOr(mutation.error, PREFERENCE_TEXTS.unsubscribeInvalid)}
        </p>
      ) : null}
    </div>
  );
}
