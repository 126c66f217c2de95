import { useLocation } from 'react-router';
import { useMe } from '@/lib/api/get-me';
import { ProfileScreen } from '@/features/profile/components/profile-screen';

type ProfileState = { userId?: string } | null;

/** /profile: own when navigation state carries no userId (or the viewer's own), else read-only (SPEC 2). */
export function ProfileRoute() {
  const { data: me } = useMe();
  const state = useLocation().state as ProfileState;
  if (!me) return null;
  const userId = state?.userId || me.id;
  // Keyed by person, so moving between profiles starts afresh (closed edit form).
  return <ProfileScreen key={userId} userId={userId} />;
}
