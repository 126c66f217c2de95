import * as React from 'react';
import { Fingerprint, Plus } from 'lucide-react';
import { PASSKEY_LIMITS, PASSKEY_TEXTS } from '@common/schemas/passkey';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { serverMessageOr } from '@/lib/api-client';
import { useIsWebAuthnAvailable } from '@/lib/webauthn';
import { usePasskeys } from '../api/list-passkeys';
import { AddPasskeyForm } from './add-passkey-form';
import { PasskeyRow } from './passkey-row';

/** Passkeys (own profile, ADR 077): sign in without a password; list, add, rename, remove. */
export function PasskeysCard() {
  const isAvailable = useIsWebAuthnAvailable();
  const passkeys = usePasskeys();
  const [isAdding, setIsAdding] = React.useState(false);
  const [editingId, setEditingId] = React.useState<string | null>(null);
  const [status, setStatus] = React.useState('');
  const items = passkeys.data?.items ?? [];
  const isFull = items.length >= PASSKEY_LIMITS.perMember;

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
        {isAvailable && !isAdding ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() => {
              setStatus('');
              setIsAdding(true);
            }}
            disabled={isFull}
          >
            <Plus aria-hidden />
            Add a passkey
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {!isAvailable ? <p className="text-sm text-muted-foreground">{PASSKEY_TEXTS.unsupportedHere}</p> : null}
        {isAdding ? (
          <AddPasskeyForm
            onAdded={(passkey) => {
              setIsAdding(false);
              // Named by the member at once: the default name says little.
              setEditingId(passkey.id);
            }}
            onCancel={() => setIsAdding(false)}
            onStatus={setStatus}
          />
        ) : null}
        <p role="status" className="text-sm text-muted-foreground empty:hidden">
          {status || (isFull ? PASSKEY_TEXTS.tooMany : '')}
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
              <li key={passkey.id} className="p-3" data-focus-item>
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
