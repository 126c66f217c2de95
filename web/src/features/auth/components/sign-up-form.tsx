import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ArrowLeft, UserPlus } from 'lucide-react';
import { toast } from 'sonner';
import { LIMITS } from '@common/limits';
import { SignUpFormSchema, type SignUpForm as SignUpFormValues } from '@common/schemas/auth';
import { TEXTS } from '@common/texts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError, errorMessage } from '@/lib/api-client';
import { fieldText, serverErrorField, useFormErrors } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';
import { useSignUp } from '../api/sign-up';
import { firstSignUpError } from './first-sign-up-error';

const SIGN_UP_FIELDS = ['fullName', 'email', 'password'] as const;

export function SignUpForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signUp = useSignUp();
  const token = params.get('token') ?? undefined;
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(SignUpFormSchema),
    shouldFocusError: false,
    defaultValues: {
      fullName: params.get('name') ?? '',
      email: params.get('email') ?? '',
      password: '',
      confirmPassword: '',
    },
  });

  const { formRef, focusFirstInvalid, showError } = useFormErrors(setError);

  const onInvalid = (invalid: FieldErrors<SignUpFormValues>) => {
    const values = getValues();
    // The schema compares the passwords only once every field passes; all problems show at once.
    if (!invalid.confirmPassword && values.confirmPassword && values.password !== values.confirmPassword) {
      setError('confirmPassword', { type: 'manual', message: TEXTS.passwordsDoNotMatch });
    }
    notifyError(firstSignUpError(values, invalid), TEXTS.validationErrorTitle);
    focusFirstInvalid();
  };

  const onValid = ({ fullName, email, password }: SignUpFormValues) =>
    signUp.mutate(
      { fullName, email, password, token: token || undefined },
      {
        onSuccess: (user) => {
          const isActive = user.role !== 'pending';
          toast.success(TEXTS.accountCreatedTitle, {
            description: isActive ? TEXTS.accountActivated : TEXTS.accountPending,
          });
          void navigate(isActive ? '/dashboard' : '/', { replace: true });
        },
        onError: (error) => {
          const isDuplicate = error instanceof ApiError && error.code === 'email_taken';
          const message = isDuplicate ? TEXTS.accountExists : errorMessage(error);
          showError(isDuplicate ? 'email' : serverErrorField(error, SIGN_UP_FIELDS), message);
          notifyError(message, TEXTS.accountCreationFailedTitle);
        },
      },
    );

  return (
    <form ref={formRef} onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)} noValidate className="grid gap-5">
      <Field id="fullName" label="Full Name" required error={fieldText(errors.fullName)}>
        <Input autoComplete="name" placeholder="Your full name" {...register('fullName')} />
      </Field>
      <Field id="email" label="Email" required error={fieldText(errors.email)}>
        <Input type="email" autoComplete="email" placeholder="you@example.com" {...register('email')} />
      </Field>
      <Field id="password" label="Password" required error={fieldText(errors.password)}>
        <Input
          type="password"
          autoComplete="new-password"
          placeholder={`At least ${LIMITS.passwordMinLength} characters`}
          minLength={LIMITS.passwordMinLength}
          {...register('password')}
        />
      </Field>
      <Field id="confirmPassword" label="Confirm Password" required error={fieldText(errors.confirmPassword)}>
        <Input
          type="password"
          autoComplete="new-password"
          placeholder="Repeat your password"
          minLength={LIMITS.passwordMinLength}
          {...register('confirmPassword')}
        />
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={signUp.isPending}>
        <UserPlus aria-hidden />
        {signUp.isPending ? 'Creating Account...' : 'Create Account'}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button asChild variant="ghost" size="sm">
          <Link to="/">
            <ArrowLeft aria-hidden />
            Back
          </Link>
        </Button>
        <p className="text-muted-foreground">
          Already have an account?{' '}
          <Link to="/" className="font-medium text-primary underline-offset-4 hover:underline">
            Sign in here
          </Link>
        </p>
      </div>
    </form>
  );
}
