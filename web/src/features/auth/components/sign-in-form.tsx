import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { LogIn } from 'lucide-react';
import type { SignIn } from '@common/schemas/auth';
import { TEXTS } from '@common/texts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { fieldText, useFocusFirstInvalid } from '@/lib/form-errors';
import { lazyResolver } from '@/lib/lazy-resolver';
import { notifyError } from '@/lib/notify';
import { useIsServerPass } from '@/lib/use-server-pass';
import { useSignIn } from '../api/sign-in';
import { PasskeySignInButton } from './passkey-sign-in-button';

// zod stays out of the sign-in page's bundle: it loads when the form is first focused.
const signInValidation = lazyResolver<SignIn>(async () => {
  const [{ zodResolver }, { SignInSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@common/schemas/auth'),
  ]);
  return zodResolver(SignInSchema);
});

/** Where to go after sign-in is decided by the landing route, which watches the session. */
export function SignInForm() {
  const signIn = useSignIn();
  // Drawn by the server (ADR 024), the form cannot send before its script runs: a browser's own
  // submission would put the password in the page's URL. A disabled button stops it, Enter too.
  const isServerPass = useIsServerPass();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignIn>({
    resolver: signInValidation.resolver,
    defaultValues: { email: '', password: '' },
    shouldFocusError: false,
  });
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();

  const onSubmit = handleSubmit(
    (values) => signIn.mutate(values, { onError: (error) => notifyError(errorMessage(error), TEXTS.loginFailedTitle) }),
    focusFirstInvalid,
  );

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
      <Field id="password" label="Password" required error={fieldText(errors.password)}>
        <Input type="password" autoComplete="current-password" placeholder="Your password" {...register('password')} />
      </Field>
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
