import { useSearchParams } from 'react-router';
import { PREFERENCE_TEXTS } from '@common/schemas/notification-preferences';
import { AuthLayout } from '@/components/layout/auth-layout';
import { UnsubscribeConfirm } from '@/features/notification-choices/components/unsubscribe-confirm';
import { useDocumentTitle } from '@/lib/document-title';

/** /unsubscribe?token=...: the signed link of a notification e-mail (ADR 090), signed in or not. */
export function UnsubscribeRoute() {
  useDocumentTitle('Unsubscribe');
  const [params] = useSearchParams();
  return (
    <AuthLayout title={PREFERENCE_TEXTS.unsubscribeTitle}>
      <UnsubscribeConfirm token={params.get('token') ?? ''} />
    </AuthLayout>
  );
}
