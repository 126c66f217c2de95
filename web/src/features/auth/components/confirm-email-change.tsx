import { Link } from 'react-router';
import { CheckCircle2, MailCheck, MailWarning } from 'lucide-react';
import { TEXTS } from '@common/texts';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useConfirmEmailChange } from '../api/confirm-email-change';
import { useMe } from '@/lib/api/get-me';

/**
 * The link mailed to a new address (ADR 028). Confirming takes a click, not the page load: mail
 * scanners that open links must not use the single-use token up.
 */
export function ConfirmEmailChange({ token }: { token: string }) {
  const confirm = useConfirmEmailChange();
  const me = useMe();
  const next = me.data ? { to: '/profile', label: 'Back to your profile' } : { to: '/', label: 'Sign in' };

  if (confirm.isSuccess) {
    return (
      <div className="grid gap-4" role="status">
        <p className="flex items-center gap-2 font-medium">
          <CheckCircle2 className="size-5 text-primary" aria-hidden />
          {TEXTS.emailChanged}
        </p>
        <p className="text-sm text-muted-foreground">
          Your account now uses <strong className="break-all text-foreground">{confirm.data.email}</strong>. Sign in with it from
          now on.
        </p>
        <Button asChild>
          <Link to={next.to}>{next.label}</Link>
        </Button>
      </div>
    );
  }

  const failure = confirm.isError ? errorMessage(confirm.error) : !token ? TEXTS.emailChangeLinkInvalid : null;
  return (
    <div className="grid gap-4">
      {failure ? (
        <p role="alert" className="flex items-start gap-2 text-sm font-medium text-destructive">
          <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden />
          {failure}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">Confirm that this address is yours and your account switches to it.</p>
      )}
      {token && !confirm.isError ? (
        <Button type="button" onClick={() => confirm.mutate(token)} disabled={confirm.isPending}>
          <MailCheck aria-hidden />
          {confirm.isPending ? 'Confirming...' : 'Confirm my new email address'}
        </Button>
      ) : (
        <Button asChild variant="outline">
          <Link to={next.to}>{next.label}</Link>
        </Button>
      )}
    </div>
  );
}
