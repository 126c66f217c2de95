import { useNavigate } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { TWO_FACTOR_TEXTS } from '@common/schemas/two-factor-texts';
import { Button } from '@/components/ui/button';
import { NoticeCard } from '@/components/ui/notice-card';

/**
 * REQUIRE_ADMIN_2FA (ADR 076): an admin without two-factor is sent to set it up before the Admin
 * Panel opens (the server refuses admin routes meanwhile); the setup comes back here when done.
 */
export function AdminTwoFactorRequired() {
  const navigate = useNavigate();
  return (
    <NoticeCard
      icon={ShieldAlert}
      tone="accent"
      titleAs="h1"
      title="Turn on two-factor authentication"
      description={`${TWO_FACTOR_TEXTS.requiredForAdmins} It takes a minute with an authenticator app on your phone; you come back here when it's on.`}
      action={
        <Button type="button" onClick={() => void navigate('/profile', { state: { twoFactorSetup: { returnTo: '/admin' } } })}>
          Set Up Two-Factor
        </Button>
      }
    />
  );
}
