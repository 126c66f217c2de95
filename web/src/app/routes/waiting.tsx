import { CenteredScreen } from '@/components/layout/centered-screen';
import { WaitingForActivation } from '@/features/auth/components/waiting-for-activation';
import { useDocumentTitle } from '@/lib/document-title';

type WaitingScreenProps = { email: string; isSigningOut: boolean; onSignOut: () => void };

/** What the waiting screen shows inside its centred screen (landing.tsx loads it into its own). */
export function WaitingContent(props: WaitingScreenProps) {
  useDocumentTitle('Waiting for Activation');
  return <WaitingForActivation {...props} />;
}

export function WaitingScreen(props: WaitingScreenProps) {
  return (
    <CenteredScreen>
      <WaitingContent {...props} />
    </CenteredScreen>
  );
}
