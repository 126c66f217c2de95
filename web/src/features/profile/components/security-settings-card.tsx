import * as React from 'react';
import { useForm } from 'react-hook-form';
import { KeyRound, ShieldCheck } from 'lucide-react';
import { LIMITS } from '@common/limits';
import { PROFILE_TEXTS } from '@common/schemas/profile';
import { TEXTS } from '@common/texts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { serverMessageOr } from '@/lib/api-client';
import { fieldText, serverErrorField, useFormErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useChangePassword } from '../api/change-password';
import { EMPTY_PASSWORD_FORM, findPasswordProblem, passwordFormErrors, type PasswordFormValues } from '../profile-form-values';

/** Security Settings (own only): Change Password toggles the form; closing it clears it. */
export function SecuritySettingsCard() {
  const [isOpen, setIsOpen] = React.useState(false);
  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <ShieldCheck className="size-5 text-primary" aria-hidden />
            Security Settings
          </CardTitle>
          <CardDescription>Keep your account safe with a strong password.</CardDescription>
        </div>
        {!isOpen ? (
          <Button type="button" variant="outline" size="sm" className="self-start" onClick={() => setIsOpen(true)}>
            <KeyRound aria-hidden />
            Change Password
          </Button>
        ) : null}
      </CardHeader>
      {isOpen ? (
        <CardContent>
          {/* Unmounted on close, so the next opening starts empty. */}
          <ChangePasswordForm onClose={() => setIsOpen(false)} />
        </CardContent>
      ) : null}
    </Card>
  );
}

const PASSWORD_FIELDS = ['currentPassword', 'newPassword'] as const;

function ChangePasswordForm({ onClose }: { onClose: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<PasswordFormValues>({ defaultValues: EMPTY_PASSWORD_FORM, shouldFocusError: false });
  const { formRef, showErrors, showError } = useFormErrors(setError);
  const changePassword = useChangePassword();

  const onValid = (values: PasswordFormValues) => {
    clearErrors();
    const problem = findPasswordProblem(values);
    if (problem) {
      showErrors(passwordFormErrors(values));
      notifyError(problem, TEXTS.validationErrorTitle);
      return;
    }
    changePassword.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          notifySuccess(PROFILE_TEXTS.passwordUpdated);
          onClose();
        },
        onError: (error) => {
          const message = serverMessageOr(error, PROFILE_TEXTS.passwordFailed);
          showError(serverErrorField(error, PASSWORD_FIELDS), message);
          notifyError(message);
        },
      },
    );
  };

  return (
    <form
      ref={formRef}
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      noValidate
      className="grid gap-4"
      aria-label="Change password"
    >
      <Field id="current-password" label="Current Password" required error={fieldText(errors.currentPassword)}>
        <Input
          type="password"
          autoComplete="current-password"
          maxLength={LIMITS.passwordMaxLength}
          {...register('currentPassword')}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="new-password" label="New Password" required error={fieldText(errors.newPassword)}>
          <Input type="password" autoComplete="new-password" maxLength={LIMITS.passwordMaxLength} {...register('newPassword')} />
        </Field>
        <Field id="confirm-new-password" label="Confirm New Password" required error={fieldText(errors.confirmPassword)}>
          <Input
            type="password"
            autoComplete="new-password"
            maxLength={LIMITS.passwordMaxLength}
            {...register('confirmPassword')}
          />
        </Field>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onClose} disabled={changePassword.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={changePassword.isPending}>
          {changePassword.isPending ? 'Updating...' : 'Update Password'}
        </Button>
      </div>
    </form>
  );
}
