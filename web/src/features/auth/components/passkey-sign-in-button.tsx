import * as React from 'react';
import { Fingerprint } from 'lucide-react';
import { PASSKEY_SIGN_IN_TEXTS as PASSKEY_TEXTS } from '@common/passkey-texts';
import { TEXTS } from '@common/texts';
import { Button } from '@/components/ui/button';
import { ApiError, serverMessageOr } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { ceremonyFailureOf, isWebAuthnAvailable } from '@/lib/webauthn';
import { usePasskeySignIn } from '../api/passkey-sign-in';

/**
 * "Continue with a passkey" (its name must not contain "Sign In", the password button's): no e-mail, no password. The WebAuthn library loads on the click.
 * A closed prompt is said calmly under the button; a refusal by the server is an error.
 */
export function PasskeySignInButton({ isDisabled }: { isDisabled: boolean }) {
  const signIn = usePasskeySignIn();
  const [status, setStatus] = React.useState('');

  const onClick = () => {
    setStatus('');
    if (!isWebAuthnAvailable()) {
      setStatus(PASSKEY_TEXTS.unsupported);
      return;
    }
    signIn.mutate(undefined, {
      onError: (error) => {
        if (!(error instanceof ApiError) && ceremonyFailureOf(error) === 'cancelled') {
          setStatus(PASSKEY_TEXTS.cancelled);
          return;
        }
        const message =
          error instanceof ApiError ? serverMessageOr(error, PASSKEY_TEXTS.signInFailed) : PASSKEY_TEXTS.signInFailed;
        setStatus(message);
        notifyError(message, TEXTS.loginFailedTitle);
      },
    });
  };

  return (
    <div className="grid gap-2">
      <Button
        type="button"
        variant="outline"
        size="lg"
        className="w-full"
        onClick={onClick}
        disabled={isDisabled || signIn.isPending}
      >
        <Fingerprint aria-hidden />
        {signIn.isPending ? 'Waiting for your passkey...' : 'Continue with a passkey'}
      </Button>
      <p role="status" className="text-center text-sm text-muted-foreground empty:hidden">
        {status}
      </p>
    </div>
  );
}
