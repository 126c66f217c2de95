import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { PRODUCT_NAME } from '@common/texts';
import { AuthLayout } from '@/components/layout/auth-layout';
import { InvitationRequestForm } from '@/features/invitations/components/invitation-request-form';
import { useDocumentTitle } from '@/lib/document-title';

export function RequestInvitationRoute() {
  useDocumentTitle('Request an Invitation');
  return (
    <AuthLayout
      title="Request an Invitation"
      subtitle={
        <div className="grid gap-3">
          <Link
            to="/"
            aria-label="Back to sign in"
            className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            <ArrowLeft className="size-4" aria-hidden />
            Back
          </Link>
          <p>{PRODUCT_NAME} is invitation-only. Tell us a little about yourself and we will review your request.</p>
        </div>
      }
    >
      <InvitationRequestForm />
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link to="/" className="font-medium text-primary underline-offset-4 hover:underline">
          Sign in here
        </Link>
      </p>
    </AuthLayout>
  );
}
