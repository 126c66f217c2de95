import * as React from 'react';
import { Fingerprint, Plus } from 'lucide-react';
import { PASSKEY_LIMITS, PASSKEY_TEXTS } from '@common/schemas/passkey';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, serverMessageOr } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { ceremonyFailureOf, useIsWebAuthnAvailable } from '@/lib/webauthn';
import { useAddPasskey } from '../api/add-passkey';
import { usePasskeys } from '../api/list-passkeys';
import { PasskeyRow } from './passkey-row';

/** What to tell the member when adding ended without a passkey; null: nothing to add to the toast. */
function addFailureText(error: unknown): { text: string; isCalm: boolean } {
  if (error instanceof ApiError) return { text: serverMessageOr(error, PASSKEY_TEXTS.addFailed), isCalm: false };
  const kind = ceremonyFailureOf(error);
  if (kind === 'cancelled') return { text: PASSKEY_TEXTS.cancelled, isCalm: true };
  if (kind === 'alreadyRegistered') return { text: PASSKEY_TEXTS.alreadyOnDevice, isCalm: true };
  return { text: PASSKEY_TEXTS.addFailed, isCalm: false };
}

/** Passkeys (own profile, ADR 077): sign in without a password; list, add, rename, remove. */
export function PasskeysCard() {
  const isAvailable = useIsWebAuthnAvailable();
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const [editingId, setEditingId] = React.useState<string | null>(null);
  const [status, setStatus] = React.useState<string | null>(null);
  const items = passkeys.data?.items ?? [];
  const isFull = items.length >= PASSKEY_LIMITS.perMember;

  const onAdd = () => {
    setStatus(null);
    add.mutate(undefined, {
      onSuccess: (passkey) => {
        notifySuccess(PASSKEY_TEXTS.added);
        // Named for the member at once: the default name says little.
        setEditingId(passkey.id);
      },
      onError: (error) => {
        const { text, isCalm } = addFailureText(error);
        setStatus(text);
        if (!isCalm) notifyError(text);
      },
    });
  };

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <Fingerprint className="size-5 text-primary" aria-hidden />
            Passkeys
          </CardTitle>
          <CardDescription>Sign in without a password, with your fingerprint, face or screen lock.</CardDescription>
        </div>
        {isAvailable ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="self-start"
            onClick={onAdd}
            disabled={add.isPending || isFull}
          >
            <Plus aria-hidden />
            {add.isPending ? 'Waiting for your device...' : 'Add a passkey'}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {!isAvailable ? <p className="text-sm text-muted-foreground">{PASSKEY_TEXTS.unsupportedHere}</p> : null}
        <p role="status" className="text-sm text-muted-foreground empty:hidden">
          {status ?? (isFull ? PASSKEY_TEXTS.tooMany : '')}
        </p>
        {passkeys.isPending ? (
          <Spinner label="Loading passkeys" />
        ) : passkeys.isError ? (
          <p className="text-sm text-destructive">{serverMessageOr(passkeys.error, 'Your passkeys could not be loaded.')}</p>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">You have no passkeys yet.</p>
        ) : (
          <ul className="grid divide-y rounded-md border" aria-label="Your passkeys">
            {items.map((passkey) => (
              <li key={passkey.id} className="p-3">
                <PasskeyRow
                  passkey={passkey}
                  isEditing={editingId === passkey.id}
                  onEdit={(isEditing) => setEditingId(isEditing ? passkey.id : null)}
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
