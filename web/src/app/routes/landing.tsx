import { Navigate, useSearchParams } from 'react-router';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@common/texts';
import { AuthLayout } from '@/components/layout/auth-layout';
import { useMe } from '@/lib/api/get-me';
import { useSignOut } from '@/features/auth/api/sign-out';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { safeNextPath } from '@/lib/safe-next';
import { hasQueryFailed } from '@/components/feedback/query-failure';
import { SessionError, SessionLoading } from './session-status';
import { WaitingScreen } from './waiting';
import { useDocumentTitle } from '@/lib/document-title';

/** `/`: sign-in for visitors, the waiting screen for pending accounts (D3), else onwards (D5). */
export function LandingRoute() {
  const me = useMe();
  // Not for a pending account: the waiting screen names itself.
  useDocumentTitle(me.data ? undefined : 'Sign In');
  const signOut = useSignOut();
  const [params] = useSearchParams();

  if (hasQueryFailed(me)) return <SessionError query={me} />;
  if (me.isPending) return <SessionLoading />;
  if (me.data?.role === 'pending') {
    return <WaitingScreen email={me.data.email} isSigningOut={signOut.isPending} onSignOut={() => signOut.mutate()} />;
  }
  if (me.data) return <Navigate to={safeNextPath(params.get('next')) ?? '/dashboard'} replace />;

  return (
    <AuthLayout title={`Welcome to ${PRODUCT_NAME}`} subtitle={<p>{PRODUCT_TAGLINE}. Sign in to continue your journey.</p>}>
      <SignInForm />
    </AuthLayout>
  );
}
