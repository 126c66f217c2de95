import * as React from 'react';
import { useForm } from 'react-hook-form';
import { RecoveryCodeSchema, TotpCodeSchema, TWO_FACTOR_TEXTS } from '@common/schemas/two-factor';
import { TEXTS } from '@common/texts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { serverMessageOr } from '@/lib/api-client';
import { fieldText, serverErrorField, useFormErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';

/** The form shows either factor in `code`; a rate limit is about the factor being guessed. */
const FACTOR_FIELDS = ['password', 'code'] as const;
const FACTOR_MAP = { byField: { recoveryCode: 'code' }, byCode: { rate_limited: 'code' } } as const;

const CodeInput = (props: React.ComponentProps<typeof Input>) => (
  <Input autoComplete="one-time-code" inputMode="numeric" placeholder="123456" maxLength={20} {...props} />
);

function FormButtons({
  onCancel,
  isPending,
  label,
  pendingLabel,
  variant,
}: {
  onCancel: () => void;
  isPending: boolean;
  label: string;
  pendingLabel: string;
  variant?: 'destructive';
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button type="button" variant="outline" onClick={onCancel} disabled={isPending}>
        Cancel
      </Button>
      <Button type="submit" variant={variant} disabled={isPending}>
        {isPending ? pendingLabel : label}
      </Button>
    </div>
  );
}

/** Ten new recovery codes for a current code from the app. */
export function RegenerateCodesForm({ onCancel, onCodes }: { onCancel: () => void; onCodes: (codes: string[]) => void }) {
  const regenerate = useRegenerateRecoveryCodes();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors },
  } = useForm<{ code: string }>({
    defaultValues: { code: '' },
    shouldFocusError: false,
  });
  const { formRef, showError } = useFormErrors(setError);
  React.useEffect(() => setFocus('code'), [setFocus]);

  const onValid = ({ code }: { code: string }) => {
    const parsed = TotpCodeSchema.safeParse(code);
    if (!parsed.success) return showError('code', parsed.error.issues[0]?.message ?? TWO_FACTOR_TEXTS.codeFormat);
    regenerate.mutate(
      { code: parsed.data },
      {
        onSuccess: ({ recoveryCodes }) => {
          notifySuccess(TWO_FACTOR_TEXTS.codesRegenerated);
          onCodes(recoveryCodes);
        },
        onError: (error) => {
          reset({ code: '' }, { keepErrors: true });
          // Every refusal here is about the code (wrong, used, too many tries).
          showError('code', serverMessageOr(error, TEXTS.genericFailure));
        },
      },
    );
  };

  return (
    <form
      ref={formRef}
      onSubmit={(e) => void handleSubmit(onValid)(e)}
      noValidate
      className="grid gap-4"
      aria-label="New recovery codes"
    >
      <p className="text-sm text-muted-foreground">Your current recovery codes stop working once new ones are made.</p>
      <Field id="regenerate-code" label="Authentication code" required error={fieldText(errors.code)}>
        <CodeInput {...register('code')} />
      </Field>
      <FormButtons onCancel={onCancel} isPending={regenerate.isPending} label="Make New Codes" pendingLabel="Making..." />
    </form>
  );
}

type DisableValues = { password: string; code: string };

/** Turning it off: the password and a code from the app, or a recovery code. */
export function DisableTwoFactorForm({ onCancel, onDisabled }: { onCancel: () => void; onDisabled: () => void }) {
  const [isRecovery, setIsRecovery] = React.useState(false);
  const disable = useDisableTwoFactor();
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    setFocus,
    resetField,
    formState: { errors },
  } = useForm<DisableValues>({
    defaultValues: { password: '', code: '' },
    shouldFocusError: false,
  });
  const { formRef, showError, showErrors } = useFormErrors(setError);
  React.useEffect(() => setFocus('password'), [setFocus]);

  const onValid = (values: DisableValues) => {
    clearErrors();
    const factor = (isRecovery ? RecoveryCodeSchema : TotpCodeSchema).safeParse(values.code);
    if (!values.password || !factor.success) {
      return showErrors({
        password: values.password ? undefined : TWO_FACTOR_TEXTS.passwordRequired,
        code: factor.success ? undefined : (factor.error.issues[0]?.message ?? TWO_FACTOR_TEXTS.codeFormat),
      });
    }
    const body = isRecovery ? { recoveryCode: factor.data } : { code: factor.data };
    disable.mutate(
      { password: values.password, ...body },
      {
        onSuccess: () => {
          notifySuccess(TWO_FACTOR_TEXTS.disabled);
          onDisabled();
        },
        onError: (error) => {
          resetField('code', { keepError: true });
          const message = serverMessageOr(error, TEXTS.genericFailure);
          const field = serverErrorField(error, FACTOR_FIELDS, FACTOR_MAP);
          if (field) showError(field, message);
          else notifyError(message);
        },
      },
    );
  };

  const toggle = () => {
    resetField('code');
    clearErrors('code');
    setIsRecovery((v) => !v);
  };

  return (
    <form
      ref={formRef}
      onSubmit={(e) => void handleSubmit(onValid)(e)}
      noValidate
      className="grid gap-4"
      aria-label="Turn off two-factor"
    >
      <p className="text-sm text-muted-foreground">Sign-in will ask only for your password again.</p>
      <Field id="disable-two-factor-password" label="Current Password" required error={fieldText(errors.password)}>
        <Input type="password" autoComplete="current-password" {...register('password')} />
      </Field>
      {isRecovery ? (
        <Field key="recovery" id="disable-two-factor-recovery" label="Recovery code" required error={fieldText(errors.code)}>
          <Input
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="xxxxx-xxxxx"
            maxLength={40}
            {...register('code')}
          />
        </Field>
      ) : (
        <Field key="code" id="disable-two-factor-code" label="Authentication code" required error={fieldText(errors.code)}>
          <CodeInput {...register('code')} />
        </Field>
      )}
      <Button type="button" variant="link" className="h-auto justify-self-start p-0" onClick={toggle}>
        {isRecovery ? 'Use your authenticator app instead' : 'Use a recovery code instead'}
      </Button>
      <FormButtons
        onCancel={onCancel}
        isPending={disable.isPending}
        label="Turn Off"
        pendingLabel="Turning off..."
        variant="destructive"
      />
    </form>
  );
}
