import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layout/auth-layout';
import { ConfirmEmailChange } from '@/features/auth/components/confirm-email-change';
import { useDocumentTitle } from '@/lib/document-title';

/** /confirm-email?token=...: the link of an e-mail change (ADR 028), signed in or not. */
export function ConfirmEmailRoute() {
  useDocumentTitle('Confirm Email');
  const [params] = useSearchParams();
  return (
    <AuthLayout title="Confirm your new email">
      <ConfirmEmailChange token={params.get('token') ?? ''} />
    </AuthLayout>
  );
}
