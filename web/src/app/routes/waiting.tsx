import { CenteredScreen } from '@/components/layout/centered-screen';
import { WaitingForActivation } from '@/features/auth/components/waiting-for-activation';
import { useDocumentTitle } from '@/lib/document-title';

type WaitingScreenProps = { email: string; isSigningOut: boolean; onSignOut: () => void };

export function WaitingScreen(props: WaitingScreenProps) {
  useDocumentTitle('Waiting for Activation');
  return (
    <CenteredScreen>
      <WaitingForActivation {...props} />
    </CenteredScreen>
  );
}
