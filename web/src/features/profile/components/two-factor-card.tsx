import * as React from 'react';
import { useLocation, useNavigate } from 'react-router';
import { KeyRound, ShieldAlert, Smartphone } from 'lucide-react';
import { TWO_FACTOR_TEXTS } from '@common/schemas/two-factor-texts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useTwoFactorStatus } from '../api/get-two-factor-status';
import { DisableTwoFactorForm, RegenerateCodesForm } from './two-factor-manage';
import { TwoFactorRecoveryCodes } from './two-factor-recovery-codes';
import { TwoFactorSetup } from './two-factor-setup';

/** Navigation state that opens the setup at once and where to go when it is done (the Admin Panel, ADR 076). */
export type TwoFactorSetupState = { twoFactorSetup?: { returnTo?: string } } | null;

type Mode =
  { kind: 'idle' } | { kind: 'setup' } | { kind: 'regenerate' } | { kind: 'codes'; codes: string[] } | { kind: 'disable' };

/** Two-factor authentication in the profile's security column (issue 24, ADR 075). */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const navigate = useNavigate();
  const location = useLocation();
  const returnTo = (location.state as TwoFactorSetupState)?.twoFactorSetup?.returnTo;
  const [mode, setMode] = React.useState<Mode>(() => (returnTo ? { kind: 'setup' } : { kind: 'idle' }));
  const cardRef = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => {
    if (returnTo) cardRef.current?.scrollIntoView({ block: 'start' });
  }, [returnTo]);

  const idle = () => setMode({ kind: 'idle' });
  const finishSetup = () => {
    idle();
    if (returnTo) void navigate(returnTo);
  };
  const info = status.data;
  const isEnabled = info?.isEnabled ?? false;

  return (
    <Card ref={cardRef} data-testid="two-factor-card">
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <Smartphone className="size-5 shrink-0 text-primary" aria-hidden />
            <span>Two-Factor Authentication</span>
            {info ? (
              <Badge variant={isEnabled ? 'success' : 'outline'} className="shrink-0">
                {isEnabled ? 'On' : 'Off'}
              </Badge>
            ) : null}
          </CardTitle>
          <CardDescription>
            {isEnabled
              ? `Sign-in asks for a code from your authenticator app after your password. ${info?.recoveryCodesLeft ?? 0} of 10 recovery codes left.`
              : 'Add a second step to sign-in: a 6-digit code from an authenticator app on your phone.'}
          </CardDescription>
        </div>
        {info && mode.kind === 'idle' && !isEnabled ? (
          <Button type="button" size="sm" className="self-start" onClick={() => setMode({ kind: 'setup' })}>
            Turn On
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4 empty:hidden">
        {info?.isRequired && !isEnabled ? (
          <p role="status" className="flex items-start gap-2 rounded-md bg-accent p-3 text-sm text-accent-foreground">
            <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            {TWO_FACTOR_TEXTS.requiredForAdmins}
          </p>
        ) : null}
        {/* Stays mounted once on: it shows the new recovery codes next. */}
        {mode.kind === 'setup' ? <TwoFactorSetup onCancel={idle} onDone={finishSetup} /> : null}
        {mode.kind === 'codes' ? <TwoFactorRecoveryCodes codes={mode.codes} onDone={idle} /> : null}
        {mode.kind === 'regenerate' ? (
          <RegenerateCodesForm onCancel={idle} onCodes={(codes) => setMode({ kind: 'codes', codes })} />
        ) : null}
        {mode.kind === 'disable' ? <DisableTwoFactorForm onCancel={idle} onDisabled={idle} /> : null}
        {isEnabled && mode.kind === 'idle' ? (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="button" variant="outline" size="sm" onClick={() => setMode({ kind: 'regenerate' })}>
              <KeyRound aria-hidden />
              New Recovery Codes
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={() => setMode({ kind: 'disable' })}>
              Turn Off
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
