import * as React from 'react';
import { Link } from 'react-router';
import { LogIn } from 'lucide-react';
import type { z } from 'zod';
import type { SignIn } from '@common/schemas/auth';
import { TEXTS } from '@common/texts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError, errorMessage } from '@/lib/api-client';
import { type FieldErrorMap, fieldText, issuesToFieldErrors, useFocusFirstInvalid } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';
import { useIsServerPass } from '@/lib/use-server-pass';
import { needsSecondFactor, useSignIn } from '../api/sign-in';
import { PasskeySignInButton } from './passkey-sign-in-button';

// Only members with two-factor on need the code step: it loads when the server asks for a code.
const TwoFactorStep = React.lazy(() => import('./two-factor-step'));

/**
 * zod and the schema stay out of the sign-in page's bundle: they load when the form is first
 * focused. So does react-hook-form (issue 38: ~12 KB on the wire of every visitor's first page
 * for two fields); the form keeps its own state, as react-hook-form did: the fields are
 * uncontrolled (no value in the drawn markup, so what is typed before the script runs stays),
 * their values survive the code step, and errors show after a submit and follow each change
 * from then on.
 */
let signInSchema: Promise<z.ZodType<SignIn>> | undefined;
const loadSchema = () =>
  (signInSchema ??= import('@common/schemas/auth').then(
    (module) => module.SignInSchema,
    (error: unknown) => {
      signInSchema = undefined;
      throw error;
    },
  ));

type Checked = { values: SignIn; errors?: undefined } | { values?: undefined; errors: FieldErrorMap<SignIn> };

async function check(values: SignIn): Promise<Checked> {
  const result = (await loadSchema()).safeParse(values);
  return result.success ? { values: result.data } : { errors: issuesToFieldErrors<SignIn>(result.error.issues) };
}

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
  const [values, setValues] = React.useState<SignIn>({ email: defaultEmail, password: '' });
  // The latest values at once: fields given back their text after hydration change one after
  // the other in the same tick (lib/typed-before-hydration.ts), before a render.
  const latest = React.useRef(values);
  const update = (next: SignIn) => {
    latest.current = next;
    setValues(next);
  };
  const [errors, setErrors] = React.useState<FieldErrorMap<SignIn>>({});
  const isSubmitted = React.useRef(false);
  const passwordRef = React.useRef<HTMLInputElement>(null);
  // Back from the code step, the password is what the member types next: focused once the form is back.
  const isPasswordNext = React.useRef(false);
  React.useEffect(() => {
    if (isCodeStep || !isPasswordNext.current) return;
    isPasswordNext.current = false;
    passwordRef.current?.focus();
  }, [isCodeStep]);
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  // A refusal that is not about the fields (a suspended account, issue 25) stays on the form.
  const refusal = signIn.error instanceof ApiError && signIn.error.status === 403 ? signIn.error.message : null;

  const onChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const name = event.target.name as keyof SignIn;
    const next = { ...latest.current, [name]: event.target.value };
    update(next);
    // After a refused submit, the changed field's message follows what is typed.
    if (isSubmitted.current)
      void check(next).then(
        (checked) => setErrors((current) => ({ ...current, [name]: checked.errors?.[name] })),
        () => undefined,
      );
  };

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    isSubmitted.current = true;
    let checked: Checked;
    try {
      checked = await check(latest.current);
    } catch (error) {
      // The schema could not load (offline): the server checks the fields too.
      notifyError(errorMessage(error), TEXTS.loginFailedTitle);
      return;
    }
    setErrors(checked.errors ?? {});
    if (!checked.values) {
      focusFirstInvalid();
      return;
    }
    signIn.mutate(checked.values, {
      onSuccess: (result) => setIsCodeStep(needsSecondFactor(result)),
      onError: (error) => notifyError(errorMessage(error), TEXTS.loginFailedTitle),
    });
  };

  if (isCodeStep) {
    const startOver = () => {
      update({ ...latest.current, password: '' });
      isPasswordNext.current = true;
      setIsCodeStep(false);
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
      onFocus={() => void loadSchema().catch(() => undefined)}
      noValidate
      className="grid gap-5"
    >
      <Field id="email" label="Email" required error={fieldText(errors.email)}>
        <Input
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          defaultValue={values.email || undefined}
          onChange={onChange}
        />
      </Field>
      <div className="grid gap-1.5">
        <Field id="password" label="Password" required error={fieldText(errors.password)}>
          <Input
            ref={passwordRef}
            type="password"
            name="password"
            autoComplete="current-password"
            placeholder="Your password"
            defaultValue={values.password || undefined}
            onChange={onChange}
          />
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
