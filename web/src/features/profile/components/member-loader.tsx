import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Profile } from '@common/schemas/profile';
import { isUserIdHandle } from '@/components/navigation/member-path';
import { useProfile } from '../api/get-profile';
import { useProfileByUsername } from '../api/get-profile-by-username';
import { ProfileQueryState } from './profile-screen';

/**
 * The member a /members/:username URL names (ADR 046), with the profile's loading and not-found
 * states. A user id in place of the username (the original routes' redirects know only the id) is
 * replaced by the username once the profile is there, so the address bar shows the shareable URL.
 */
export function MemberLoader({ handle, children }: { handle: string; children: (profile: Profile) => ReactNode }) {
  const location = useLocation();
  const isId = isUserIdHandle(handle);
  const byId = useProfile(handle, isId);
  const byUsername = useProfileByUsername(handle, !isId);
  return (
    <ProfileQueryState query={isId ? byId : byUsername}>
      {(profile) =>
        isId && profile.username ? (
          <Navigate
            replace
            to={{
              pathname: location.pathname.replace(`/members/${handle}`, `/members/${encodeURIComponent(profile.username)}`),
              search: location.search,
            }}
          />
        ) : (
          children(profile)
        )
      }
    </ProfileQueryState>
  );
}
