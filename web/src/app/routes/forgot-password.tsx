import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layout/auth-layout';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { useDocumentTitle } from '@/lib/document-title';

/** /forgot-password[?email=]: asks for a reset link (ADR 073), signed in or not. */
export function ForgotPasswordRoute() {
  useDocumentTitle('Forgot Password');
  const [params] = useSearchParams();
  return (
    <AuthLayout title="Forgot your password?">
      <ForgotPasswordForm email={params.get('email') ?? ''} />
    </AuthLayout>
  );
}
