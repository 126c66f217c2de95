import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useMe } from '@/lib/api/get-me';
import { isOwnHandle, memberPath } from '@/components/navigation/member-path';
import { MemberLoader } from '@/features/profile/components/member-loader';
import { ProfileScreen, ProfileView } from '@/features/profile/components/profile-screen';
import { renderProfileWorld } from './profile-world';
import { profileActions } from './member-actions';

/** /members/:username: a member's shareable profile (ADR 046); the viewer's own is editable here too. */
export function MemberRoute() {
  const { username = '' } = useParams();
  // Keyed by person, so moving between profiles starts afresh (closed edit form).
  return <MemberProfile key={username} handle={username} />;
}

function MemberProfile({ handle }: { handle: string }) {
  const { data: me } = useMe();
  const navigate = useNavigate();
  // Decided once: after the viewer renames themselves here, the URL follows the new name.
  const [isOwn] = useState(() => Boolean(me && isOwnHandle(me, handle)));
  if (!me) return null;
  if (isOwn) {
    if (me.username && me.username.toLowerCase() !== handle.toLowerCase()) return <Navigate replace to={memberPath(me)} />;
    return <ProfileScreen userId={me.id} renderWorldMap={renderProfileWorld} />;
  }
  return (
    <MemberLoader handle={handle}>
      {(profile) => (
        <ProfileView
          profile={profile}
          renderWorldMap={renderProfileWorld}
          renderMemberActions={profileActions(() => void navigate('/connections', { replace: true }))}
        />
      )}
    </MemberLoader>
  );
}
