import * as React from 'react';
import { useForm } from 'react-hook-form';
import { Copy } from 'lucide-react';
import { StartTwoFactorSetupSchema, TotpCodeSchema, TWO_FACTOR_TEXTS, type TwoFactorSetup } from '@common/schemas/two-factor';
import { TEXTS } from '@common/texts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { serverMessageOr } from '@/lib/api-client';
import { fieldText, serverErrorField, useFormErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useStartTwoFactorSetup } from '../api/start-two-factor-setup';
import { TwoFactorQrCode } from './two-factor-qr-code';
import { TwoFactorRecoveryCodes } from './two-factor-recovery-codes';

/** The secret in groups of four, as authenticator apps show typed keys. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** Turning two-factor on: the password, then scan and confirm with a code, then save the recovery codes. */
export function TwoFactorSetup({ onCancel, onDone }: { onCancel: () => void; onDone: () => void }) {
  const [setup, setSetup] = React.useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = React.useState<string[] | null>(null);
  if (codes) return <TwoFactorRecoveryCodes codes={codes} onDone={onDone} />;
  if (setup) return <ScanStep setup={setup} onCancel={onCancel} onEnabled={setCodes} />;
  return <PasswordStep onCancel={onCancel} onReady={setSetup} />;
}

function PasswordStep({ onCancel, onReady }: { onCancel: () => void; onReady: (setup: TwoFactorSetup) => void }) {
  const start = useStartTwoFactorSetup();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<{ password: string }>({ defaultValues: { password: '' }, shouldFocusError: false });
  const { formRef, showError } = useFormErrors(setError);
  React.useEffect(() => setFocus('password'), [setFocus]);

  const onValid = (values: { password: string }) => {
    const parsed = StartTwoFactorSetupSchema.safeParse(values);
    if (!parsed.success) return showError('password', parsed.error.issues[0]?.message ?? TWO_FACTOR_TEXTS.passwordRequired);
    start.mutate(parsed.data, {
      onSuccess: onReady,
      onError: (error) => {
        const message = serverMessageOr(error, TEXTS.genericFailure);
        showError(serverErrorField(error, ['password'], { byCode: { rate_limited: 'password' } }), message);
        notifyError(message);
      },
    });
  };

  return (
    <form
      ref={formRef}
      onSubmit={(e) => void handleSubmit(onValid)(e)}
      noValidate
      className="grid gap-4"
      aria-label="Confirm your password"
    >
      <p className="text-sm text-muted-foreground">First confirm it's you.</p>
      <Field id="two-factor-password" label="Current Password" required error={fieldText(errors.password)}>
        <Input type="password" autoComplete="current-password" {...register('password')} />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={start.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={start.isPending}>
          {start.isPending ? 'Checking...' : 'Continue'}
        </Button>
      </div>
    </form>
  );
}

function ScanStep({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const enable = useEnableTwoFactor();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<{ code: string }>({ defaultValues: { code: '' }, shouldFocusError: false });
  const { formRef, showError } = useFormErrors(setError);

  const onValid = (values: { code: string }) => {
    const parsed = TotpCodeSchema.safeParse(values.code);
    if (!parsed.success) return showError('code', parsed.error.issues[0]?.message ?? TWO_FACTOR_TEXTS.codeFormat);
    enable.mutate(
      { code: parsed.data },
      {
        onSuccess: ({ recoveryCodes }) => {
          notifySuccess(TWO_FACTOR_TEXTS.enabled);
          onEnabled(recoveryCodes);
        },
        onError: (error) => {
          reset({ code: '' }, { keepErrors: true });
          // The code is the form's only field: every refusal of it (wrong, used, rate limited) shows there.
          showError('code', serverMessageOr(error, TEXTS.genericFailure));
        },
      },
    );
  };

  const copySecret = () =>
    navigator.clipboard.writeText(setup.secret).then(
      () => notifySuccess('Key copied'),
      () => notifyError('Copying is not allowed here: type the key instead.'),
    );

  return (
    <form
      ref={formRef}
      onSubmit={(e) => void handleSubmit(onValid)(e)}
      noValidate
      className="grid gap-5"
      aria-label="Scan and confirm"
    >
      <ol className="grid list-decimal gap-4 pl-5 text-sm marker:font-semibold">
        <li>
          <div className="grid gap-3">
            <span>
              Scan this QR code with an authenticator app (such as Aegis, 1Password, Google Authenticator or Microsoft
              Authenticator).
            </span>
            <TwoFactorQrCode uri={setup.otpauthUri} />
            <div className="grid gap-1">
              <span className="text-muted-foreground">Can't scan it? Enter this key in the app instead:</span>
              <div className="flex flex-wrap items-center gap-2">
                <code
                  data-testid="two-factor-secret"
                  className="rounded bg-muted px-2 py-1 font-mono text-sm tracking-wider break-all"
                >
                  {grouped(setup.secret)}
                </code>
                <Button type="button" variant="ghost" size="sm" onClick={() => void copySecret()}>
                  <Copy aria-hidden />
                  Copy key
                </Button>
              </div>
            </div>
          </div>
        </li>
        <li>
          <div className="grid gap-3">
            <span>Enter the 6-digit code the app shows.</span>
            <Field id="two-factor-setup-code" label="Authentication code" required error={fieldText(errors.code)}>
              <Input autoComplete="one-time-code" inputMode="numeric" placeholder="123456" maxLength={20} {...register('code')} />
            </Field>
          </div>
        </li>
      </ol>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={enable.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={enable.isPending}>
          {enable.isPending ? 'Turning on...' : 'Turn On'}
        </Button>
      </div>
    </form>
  );
}
