/**
 * The code step of a sign-in with two-factor on (ADR 075), loaded only when the server asks for
 * it: a code from the authenticator app, or one of the recovery codes. A challenge that is over
 * (too slow, too many wrong codes) sends the member back to the password.
 */
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { ShieldCheck } from 'lucide-react';
import { RecoveryCodeSchema, TotpCodeSchema } from '@common/schemas/two-factor';
import { TWO_FACTOR_TEXTS } from '@common/schemas/two-factor-texts';
import { TEXTS } from '@common/texts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError, errorMessage } from '@/lib/api-client';
import { fieldText, useFormErrors } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';
import { useSignInTwoFactor } from '../api/sign-in-two-factor';

const CHALLENGE_OVER: ReadonlySet<string> = new Set([TWO_FACTOR_TEXTS.challengeExpired, TWO_FACTOR_TEXTS.challengeEnded]);

type Values = { value: string };

export default function TwoFactorStep({ onStartOver }: { onStartOver: () => void }) {
  const [isRecovery, setIsRecovery] = React.useState(false);
  const verify = useSignInTwoFactor();
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { value: '' }, shouldFocusError: false });
  const { formRef, showError } = useFormErrors(setError);

  React.useEffect(() => setFocus('value'), [isRecovery, setFocus]);

  const onValid = ({ value }: Values) => {
    clearErrors();
    const parsed = (isRecovery ? RecoveryCodeSchema : TotpCodeSchema).safeParse(value);
    if (!parsed.success) return showError('value', parsed.error.issues[0]?.message ?? TWO_FACTOR_TEXTS.codeFormat);
    verify.mutate(isRecovery ? { recoveryCode: parsed.data } : { code: parsed.data }, {
      onError: (error) => {
        const message = errorMessage(error);
        if (error instanceof ApiError && CHALLENGE_OVER.has(error.message)) {
          notifyError(message, TEXTS.loginFailedTitle);
          onStartOver();
          return;
        }
        reset({ value: '' }, { keepErrors: true });
        showError('value', message);
      },
    });
  };

  const toggle = () => {
    clearErrors();
    reset({ value: '' });
    setIsRecovery((v) => !v);
  };

  return (
    <form
      ref={formRef}
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      noValidate
      className="grid gap-5"
      aria-labelledby="two-factor-title"
    >
      <div className="grid gap-1.5">
        <h2 id="two-factor-title" className="flex items-center gap-2 text-lg font-semibold">
          <ShieldCheck className="size-5 text-primary" aria-hidden />
          Two-factor authentication
        </h2>
        <p className="text-sm text-muted-foreground">
          {isRecovery
            ? 'Enter one of the recovery codes you saved when you turned on two-factor. Each code works once.'
            : 'Enter the 6-digit code from your authenticator app.'}
        </p>
      </div>
      {isRecovery ? (
        <Field key="recovery" id="recovery-code" label="Recovery code" required error={fieldText(errors.value)}>
          <Input
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="xxxxx-xxxxx"
            maxLength={40}
            {...register('value')}
          />
        </Field>
      ) : (
        <Field key="code" id="two-factor-code" label="Authentication code" required error={fieldText(errors.value)}>
          <Input autoComplete="one-time-code" inputMode="numeric" placeholder="123456" maxLength={20} {...register('value')} />
        </Field>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={verify.isPending}>
        {verify.isPending ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="flex flex-col items-center gap-2 text-sm sm:flex-row sm:justify-between">
        <Button type="button" variant="link" className="h-auto p-0" onClick={toggle}>
          {isRecovery ? 'Use your authenticator app instead' : 'Use a recovery code instead'}
        </Button>
        <Button type="button" variant="link" className="h-auto p-0 text-muted-foreground" onClick={onStartOver}>
          Start over
        </Button>
      </div>
    </form>
  );
}
