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
import { notifyError } from '@/lib/notify';
import { useSignUp } from '../api/sign-up';
import { firstSignUpError } from './first-sign-up-error';

export function SignUpForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signUp = useSignUp();
  const token = params.get('token') ?? undefined;
  const { register, handleSubmit, getValues } = useForm({
    resolver: zodResolver(SignUpFormSchema),
    defaultValues: {
      fullName: params.get('name') ?? '',
      email: params.get('email') ?? '',
      password: '',
      confirmPassword: '',
    },
  });

  const onInvalid = (errors: FieldErrors<SignUpFormValues>) =>
    notifyError(firstSignUpError(getValues(), errors), TEXTS.validationErrorTitle);

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
          const isDuplicate =
            (error instanceof ApiError && error.status === 409) || errorMessage(error).includes(TEXTS.userAlreadyRegistered);
          notifyError(isDuplicate ? TEXTS.accountExists : errorMessage(error), TEXTS.accountCreationFailedTitle);
        },
      },
    );

  return (
    <form onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)} noValidate className="grid gap-5">
      <Field id="fullName" label="Full Name">
        <Input id="fullName" autoComplete="name" placeholder="Your full name" required {...register('fullName')} />
      </Field>
      <Field id="email" label="Email">
        <Input id="email" type="email" autoComplete="email" placeholder="you@example.com" required {...register('email')} />
      </Field>
      <Field id="password" label="Password">
        <Input
          id="password"
          type="password"
          autoComplete="new-password"
          placeholder={`At least ${LIMITS.passwordMinLength} characters`}
          minLength={LIMITS.passwordMinLength}
          required
          {...register('password')}
        />
      </Field>
      <Field id="confirmPassword" label="Confirm Password">
        <Input
          id="confirmPassword"
          type="password"
          autoComplete="new-password"
          placeholder="Repeat your password"
          minLength={LIMITS.passwordMinLength}
          required
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
