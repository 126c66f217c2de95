import { useSearchParams } from 'react-router';
import { PRODUCT_NAME } from '@common/texts';
import { AuthLayout } from '@/components/layout/auth-layout';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { useDocumentTitle } from '@/lib/document-title';

export function SignUpRoute() {
  useDocumentTitle('Create Account');
  const [params] = useSearchParams();
  const subtitle = params.get('token')
    ? 'Your invitation was approved. Welcome aboard!'
    : `Join the ${PRODUCT_NAME} community of travelers.`;

  return (
    <AuthLayout title="Create your account" subtitle={<p>{subtitle}</p>}>
      <SignUpForm />
    </AuthLayout>
  );
}
