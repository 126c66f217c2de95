import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layout/auth-layout';
import { UndoEmailChange } from '@/features/auth/components/undo-email-change';
import { useDocumentTitle } from '@/lib/document-title';

/** /undo-email-change?token=...: the link mailed to the address being left (ADR 108), signed in or not. */
export function UndoEmailChangeRoute() {
  useDocumentTitle('Undo Email Change');
  const [params] = useSearchParams();
  return (
    <AuthLayout title="Undo the email change">
      <UndoEmailChange token={params.get('token') ?? ''} />
    </AuthLayout>
  );
}
