import { Navigate, useLocation } from 'react-router';
import { useMe } from '@/lib/api/get-me';
import { memberPath } from '@/components/navigation/member-path';
import { ProfileScreen } from '@/features/profile/components/profile-screen';
import { OfflineStorageCard } from '@/features/offline/components/offline-storage-card';
import { BlockedMembersCard } from '@/features/blocks/components/blocked-members-card';
import { renderProfileWorld } from './profile-world';

type ProfileState = { userId?: string; profile?: { username?: string | null } } | null;

/**
 * /profile: the viewer's own. Another member's, which the original app passed in navigation state, moves
 * to that member's shareable URL (ADR 046), replacing this entry so Back skips the hop.
 */
export function ProfileRoute() {
  const { data: me } = useMe();
  const state = useLocation().state as ProfileState;
  if (!me) return null;
  if (state?.userId && state.userId !== me.id) {
    return <Navigate replace to={memberPath({ userId: state.userId, username: state.profile?.username })} />;
  }
  return (
    <div className="grid gap-6">
      <ProfileScreen userId={me.id} renderWorldMap={renderProfileWorld} />
      {/* The device's offline copy of the member's content (issue 23, ADR 072). */}
      <OfflineStorageCard />
      {/* Whom the member blocked, each with Unblock (issue 25, ADR 086). */}
      <BlockedMembersCard />
    </div>
  );
}
