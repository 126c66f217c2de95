import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { ArrowLeft, MailCheck, Send } from 'lucide-react';
import { RequestPasswordResetSchema, type RequestPasswordReset } from '@common/schemas/password-reset';
import { TEXTS } from '@common/texts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { serverMessageOr } from '@/lib/api-client';
import { fieldText, useFormErrors } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';
import { useRequestPasswordReset } from '../api/request-password-reset';

/**
 * "Forgot password?" (ADR 073): the answer says the same for every address, so it never tells
 * whether one has an account. `email` fills the field (a used link's "ask again").
 */
export function ForgotPasswordForm({ email = '' }: { email?: string }) {
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = useForm<RequestPasswordReset>({
    resolver: zodResolver(RequestPasswordResetSchema),
    defaultValues: { email },
    shouldFocusError: false,
  });
  const { formRef, focusFirstInvalid, showError } = useFormErrors(setError);

  const onValid = (values: RequestPasswordReset) =>
    request.mutate(values, {
      onError: (error) => {
        const message = serverMessageOr(error, TEXTS.genericFailure);
        showError('email', message);
        notifyError(message);
      },
    });

  if (request.isSuccess) {
    return (
      <div className="grid gap-4">
        <p role="status" className="flex items-start gap-2 text-sm font-medium">
          <MailCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          {request.data.message}
        </p>
        <p className="text-sm text-muted-foreground">
          You asked for <strong className="break-all text-foreground">{getValues('email')}</strong>. No email after a few minutes?
          Check your spam folder, or ask again.
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button asChild className="sm:flex-1">
            <Link to="/">Back to sign in</Link>
          </Button>
          <Button type="button" variant="outline" className="sm:flex-1" onClick={() => request.reset()}>
            Ask again
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form
      ref={formRef}
      onSubmit={(event) => void handleSubmit(onValid, focusFirstInvalid)(event)}
      noValidate
      className="grid gap-5"
      aria-label="Ask for a password reset link"
    >
      <p className="text-sm text-muted-foreground">
        Enter the email address of your account. We will send it a link to choose a new password.
      </p>
      <Field id="email" label="Email" required error={fieldText(errors.email)}>
        <Input type="email" autoComplete="email" placeholder="you@example.com" {...register('email')} />
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
        <Send aria-hidden />
        {request.isPending ? 'Sending...' : 'Send reset link'}
      </Button>
      <Button asChild variant="ghost" className="w-full">
        <Link to="/">
          <ArrowLeft aria-hidden />
          Back to sign in
        </Link>
      </Button>
    </form>
  );
}
