import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layout/auth-layout';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useDocumentTitle } from '@/lib/document-title';

/** /reset-password?token=...&email=...: the mailed link (ADR 073), signed in or not. */
export function ResetPasswordRoute() {
  useDocumentTitle('Choose a New Password');
  const [params] = useSearchParams();
  return (
    <AuthLayout title="Choose a new password">
      <ResetPasswordForm token={params.get('token') ?? ''} email={params.get('email') ?? ''} />
    </AuthLayout>
  );
}
