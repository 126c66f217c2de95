import { Navigate, useLocation, useParams } from 'react-router';
import { useMe } from '@/lib/api/get-me';
import { displayName } from '@/lib/display-name';
import { isOwnHandle, memberPath } from '@/components/navigation/member-path';
import { TipsListScreen } from '@/features/content/components/tips-list-screen';
import { MemberLoader } from '@/features/profile/components/member-loader';

/** /members/:username/tips?tab=: a member's tips and guides (the original /tips with a userId, ADR 046); one's own are /tips. */
export function MemberTipsRoute() {
  const { username = '' } = useParams();
  const { search } = useLocation();
  const { data: me } = useMe();
  if (!me) return null;
  if (isOwnHandle(me, username)) return <Navigate replace to={{ pathname: '/tips', search }} />;
  return (
    <MemberLoader key={username} handle={username}>
      {(profile) => (
        <TipsListScreen
          viewerId={me.id}
          userId={profile.userId}
          userName={displayName(profile)}
          profilePath={memberPath(profile)}
        />
      )}
    </MemberLoader>
  );
}
