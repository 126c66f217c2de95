import { Link } from 'react-router';
import { CheckCircle2, MailWarning, Undo2 } from 'lucide-react';
import { EMAIL_UNDO_TEXTS } from '@common/schemas/auth';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useUndoEmailChange } from '../api/undo-email-change';

/**
 * The undo link mailed to the address being left (issue 36, ADR 108). Undoing takes a click, not
 * the page load: mail scanners that open links must not use the single-use token up.
 */
export function UndoEmailChange({ token }: { token: string }) {
  const undo = useUndoEmailChange();

  if (undo.isSuccess) {
    return (
      <div className="grid gap-4" role="status">
        <p className="flex items-center gap-2 font-medium">
          <CheckCircle2 className="size-5 text-primary" aria-hidden />
          {EMAIL_UNDO_TEXTS.undone}
        </p>
        <p className="text-sm text-muted-foreground">
          Your account uses <strong className="break-all text-foreground">{undo.data.email}</strong> again.{' '}
          {EMAIL_UNDO_TEXTS.signedOut}
        </p>
        <Button asChild>
          <Link to="/forgot-password">Set a new password</Link>
        </Button>
      </div>
    );
  }

  const failure = undo.isError ? errorMessage(undo.error) : !token ? EMAIL_UNDO_TEXTS.linkInvalid : null;
  return (
    <div className="grid gap-4">
      {failure ? (
        <p role="alert" className="flex items-start gap-2 text-sm font-medium text-destructive">
          <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden />
          {failure}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          Your account goes back to the address this link was sent to, every session is signed out and any pending change is
          cancelled.
        </p>
      )}
      {token && !undo.isError ? (
        <Button type="button" onClick={() => undo.mutate(token)} disabled={undo.isPending}>
          <Undo2 aria-hidden />
          {undo.isPending ? 'Undoing...' : 'Undo the email change'}
        </Button>
      ) : (
        <Button asChild variant="outline">
          <Link to="/">Sign in</Link>
        </Button>
      )}
    </div>
  );
}
