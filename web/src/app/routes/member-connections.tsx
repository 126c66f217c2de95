import { Navigate, useParams } from 'react-router';
import { useMe } from '@/lib/api/get-me';
import { displayName } from '@/lib/display-name';
import { isOwnHandle, memberPath } from '@/components/navigation/member-path';
import { MemberLoader } from '@/features/profile/components/member-loader';
import { UserConnectionsScreen } from '@/features/profile/components/user-connections-screen';

/** /members/:username/connections: a member's connections (the original /user-connections, ADR 046); one's own are /connections. */
export function MemberConnectionsRoute() {
  const { username = '' } = useParams();
  const { data: me } = useMe();
  if (!me) return null;
  if (isOwnHandle(me, username)) return <Navigate replace to="/connections" />;
  return (
    <MemberLoader key={username} handle={username}>
      {(profile) => (
        <UserConnectionsScreen userId={profile.userId} userName={displayName(profile)} profilePath={memberPath(profile)} />
      )}
    </MemberLoader>
  );
}
