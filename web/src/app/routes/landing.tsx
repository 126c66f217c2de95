import { Suspense, lazy } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { PRODUCT_NAME, PRODUCT_TAGLINE, TEXTS } from '@common/texts';
import { AuthLayout } from '@/components/layout/auth-layout';
import { useMe } from '@/lib/api/get-me';
import { useSignOut } from '@/features/auth/api/sign-out';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { signInNoticeOf } from '@/features/auth/sign-in-notice';
import { safeNextPath } from '@/lib/safe-next';
import { hasQueryFailed } from '@/components/feedback/query-failure';
import { CenteredScreen } from '@/components/layout/centered-screen';
import { Spinner } from '@/components/ui/spinner';
import { SessionError } from './session-status';
import { useDocumentTitle } from '@/lib/document-title';

// Only pending accounts see it: loaded when one does, not with every visitor's sign-in page (issue 7's 170 KB).
const WaitingContent = lazy(() => import('./waiting').then((module) => ({ default: module.WaitingContent })));

/**
 * `/`: sign-in for visitors, the waiting screen for pending accounts (docs/product.md#roles), else onwards
 * (docs/product.md#signing-in-and-sessions).
 */
export function LandingRoute() {
  const me = useMe();
  // Not for a pending account: the waiting screen names itself.
  useDocumentTitle(me.data ? undefined : 'Sign In');
  const signOut = useSignOut();
  const [params] = useSearchParams();
  const notice = signInNoticeOf(useLocation().state);

  if (hasQueryFailed(me)) return <SessionError query={me} />;
  if (me.isPending || me.data?.role === 'pending') {
    // One screen from the spinner to the waiting screen, its skip link and main kept: a swap of
    // the whole screen as the lazy part arrived dropped a keyboard user's focus.
    return (
      <CenteredScreen>
        {me.data ? (
          <Suspense fallback={<Spinner />}>
            <WaitingContent email={me.data.email} isSigningOut={signOut.isPending} onSignOut={() => signOut.mutate()} />
          </Suspense>
        ) : (
          <Spinner />
        )}
      </CenteredScreen>
    );
  }
  if (me.data) return <Navigate to={safeNextPath(params.get('next')) ?? '/dashboard'} replace />;

  return (
    <AuthLayout title={`Welcome to ${PRODUCT_NAME}`} subtitle={<p>{PRODUCT_TAGLINE}. Sign in to continue your journey.</p>}>
      {notice ? (
        <p
          role="status"
          className="mb-5 rounded-md border border-primary/30 bg-primary/10 p-3 text-sm font-medium text-foreground"
        >
          {notice.kind === 'password-reset' ? TEXTS.passwordResetDone : TEXTS.sessionEnded}
        </p>
      ) : null}
      <SignInForm defaultEmail={notice?.kind === 'password-reset' ? notice.email : ''} />
    </AuthLayout>
  );
}
