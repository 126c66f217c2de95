import type { Profile } from '@common/schemas/profile';
import type { ProfileCard } from '@common/schemas/profile';
import { MemberActionsMenu } from '@/features/blocks/components/member-actions-menu';
import { displayName, memberName } from '@/lib/display-name';

/** A member card's "More actions" (block; remove when connected), for the Connections screen. */
export const renderCardMenu = (member: ProfileCard, connectionId: string | null) => (
  <MemberActionsMenu member={{ userId: member.userId, name: memberName(member) }} connectionId={connectionId} />
);

/** A member profile's "More actions": after a block the profile is gone for the viewer, so leave it. */
export const profileActions = (onBlocked: () => void) =>
  function ProfileActions(profile: Profile) {
    return <MemberActionsMenu member={{ userId: profile.userId, name: displayName(profile) }} onBlocked={onBlocked} />;
  };
