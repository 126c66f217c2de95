import * as React from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { LogIn } from 'lucide-react';
import type { SignIn } from '@common/schemas/auth';
import { TEXTS } from '@common/texts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError, errorMessage } from '@/lib/api-client';
import { fieldText, useFocusFirstInvalid } from '@/lib/form-errors';
import { lazyResolver } from '@/lib/lazy-resolver';
import { notifyError } from '@/lib/notify';
import { useIsServerPass } from '@/lib/use-server-pass';
import { needsSecondFactor, useSignIn } from '../api/sign-in';
import { PasskeySignInButton } from './passkey-sign-in-button';

// Only members with two-factor on need the code step: it loads when the server asks for a code.
const TwoFactorStep = React.lazy(() => import('./two-factor-step'));

// zod stays out of the sign-in page's bundle: it loads when the form is first focused.
const signInValidation = lazyResolver<SignIn>(async () => {
  const [{ zodResolver }, { SignInSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@common/schemas/auth'),
  ]);
  return zodResolver(SignInSchema);
});

/**
 * Where to go after sign-in is decided by the landing route, which watches the session.
 * `defaultEmail`: the account a finished password reset was for (ADR 073).
 */
export function SignInForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const signIn = useSignIn();
  // Drawn by the server (ADR 024), the form cannot send before its script runs: a browser's own
  // submission would put the password in the page's URL. A disabled button stops it, Enter too.
  const isServerPass = useIsServerPass();
  // The password was right and two-factor is on: the code step replaces the form (ADR 075).
  const [isCodeStep, setIsCodeStep] = React.useState(false);
  const {
    register,
    handleSubmit,
    setValue,
    setFocus,
    formState: { errors },
  } = useForm<SignIn>({
    resolver: signInValidation.resolver,
    defaultValues: { email: defaultEmail, password: '' },
    shouldFocusError: false,
  });
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  // A refusal that is not about the fields (a suspended account, issue 25) stays on the form.
  const refusal = signIn.error instanceof ApiError && signIn.error.status === 403 ? signIn.error.message : null;

  const onSubmit = handleSubmit(
    (values) =>
      signIn.mutate(values, {
        onSuccess: (result) => setIsCodeStep(needsSecondFactor(result)),
        onError: (error) => notifyError(errorMessage(error), TEXTS.loginFailedTitle),
      }),
    focusFirstInvalid,
  );

  if (isCodeStep) {
    const startOver = () => {
      setValue('password', '');
      setIsCodeStep(false);
      // After the form is back: the password is what the member types next.
      setTimeout(() => setFocus('password'), 0);
    };
    return (
      <React.Suspense fallback={<p className="text-sm text-muted-foreground">Loading...</p>}>
        <TwoFactorStep onStartOver={startOver} />
      </React.Suspense>
    );
  }

  return (
    <form
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      onFocus={signInValidation.preload}
      noValidate
      className="grid gap-5"
    >
      <Field id="email" label="Email" required error={fieldText(errors.email)}>
        <Input type="email" autoComplete="email" placeholder="you@example.com" {...register('email')} />
      </Field>
      <div className="grid gap-1.5">
        <Field id="password" label="Password" required error={fieldText(errors.password)}>
          <Input type="password" autoComplete="current-password" placeholder="Your password" {...register('password')} />
        </Field>
        <Link
          to="/forgot-password"
          className="justify-self-end rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          Forgot password?
        </Link>
      </div>
      {refusal ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {refusal}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={isServerPass || signIn.isPending}>
        <LogIn aria-hidden />
        {signIn.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
      <PasskeySignInButton isDisabled={isServerPass} />
      <div className="relative text-center text-sm text-muted-foreground">
        <span className="absolute inset-x-0 top-1/2 border-t" aria-hidden />
        <span className="relative bg-card px-3">New to the community?</span>
      </div>
      <Button asChild variant="outline" size="lg" className="w-full">
        <Link to="/request-invitation">Request an Invitation</Link>
      </Button>
    </form>
  );
}
