import { CenteredScreen } from '@/components/layout/centered-screen';
import { WaitingForActivation } from '@/features/auth/components/waiting-for-activation';

type WaitingScreenProps = { email: string; isSigningOut: boolean; onSignOut: () => void };

export function WaitingScreen(props: WaitingScreenProps) {
  return (
    <CenteredScreen>
      <WaitingForActivation {...props} />
    </CenteredScreen>
  );
}
