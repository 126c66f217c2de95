import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, MailWarning } from 'lucide-react';
import { z } from 'zod';
import { LIMITS } from '@common/limits';
import { ResetPasswordSchema } from '@common/schemas/password-reset';
import { TEXTS } from '@common/texts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError, serverMessageOr } from '@/lib/api-client';
import { ME_QUERY_KEY } from '@/lib/api/get-me';
import { fieldText, useFormErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useResetPassword } from '../api/reset-password';
import { withSignInNotice } from '../sign-in-notice';

const ResetFormSchema = z
  .object({ newPassword: ResetPasswordSchema.shape.newPassword, confirmPassword: z.string().min(1, TEXTS.fillAllPasswordFields) })
  .refine((v) => v.newPassword === v.confirmPassword, { message: TEXTS.newPasswordsDoNotMatch, path: ['confirmPassword'] });
type ResetFormValues = z.infer<typeof ResetFormSchema>;

/** A used or expired link (the service), or a token that is not one (the schema of `token`). */
const isLinkRefused = (error: unknown) =>
  error instanceof ApiError &&
  (error.code === 'reset_link_invalid' || (error.code === 'invalid_field' && error.field === 'token'));

/** The page of a reset link (ADR 073): choosing the password takes a submit, so mail scanners can't use the link up. */
export function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const reset = useResetPassword();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetFormValues>({
    resolver: zodResolver(ResetFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
    shouldFocusError: false,
  });
  const { formRef, focusFirstInvalid, showError } = useFormErrors(setError);

  if (!token || isLinkRefused(reset.error)) return <LinkRefused email={email} />;

  const onValid = (values: ResetFormValues) =>
    reset.mutate(
      { token, newPassword: values.newPassword },
      {
        onSuccess: (done) => {
          // Every session of the account ended, this browser's too: nobody is signed in here now.
          queryClient.setQueryData(ME_QUERY_KEY, null);
          notifySuccess('Password changed', TEXTS.passwordResetDone);
          void navigate('/', { replace: true, state: withSignInNotice({ kind: 'password-reset', email: done.email }) });
        },
        onError: (error) => {
          if (isLinkRefused(error)) return;
          const message = serverMessageOr(error, TEXTS.genericFailure);
          showError('newPassword', message);
          notifyError(message);
        },
      },
    );

  return (
    <form
      ref={formRef}
      onSubmit={(event) => void handleSubmit(onValid, focusFirstInvalid)(event)}
      noValidate
      className="grid gap-5"
      aria-label="Choose a new password"
    >
      {email ? (
        <p className="text-sm text-muted-foreground">
          For <strong className="break-all text-foreground">{email}</strong>. Every device signed in to this account will be
          signed out.
        </p>
      ) : null}
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
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
      <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
        <KeyRound aria-hidden />
        {reset.isPending ? 'Saving...' : 'Set new password'}
      </Button>
    </form>
  );
}

/** A used, expired or tampered link: what happened, and the way to ask again (the address filled in). */
function LinkRefused({ email }: { email: string }) {
  const again = email ? `/forgot-password?${new URLSearchParams({ email }).toString()}` : '/forgot-password';
  return (
    <div className="grid gap-4">
      <p role="alert" className="flex items-start gap-2 text-sm font-medium text-destructive">
        <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden />
        {TEXTS.passwordResetLinkInvalid}
      </p>
      <Button asChild>
        <Link to={again}>Ask for a new link</Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/">Back to sign in</Link>
      </Button>
    </div>
  );
}
