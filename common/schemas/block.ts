import { z } from 'zod';

/** Block, unblock and remove texts (issue 25, ADRs 086-087); the server's errors and the client's labels. */
export const BLOCK_TEXTS = {
  self: 'You cannot block yourself',
  memberNotFound: 'Member not found',
  alreadyBlocked: 'You have already blocked this member',
  notBlocked: 'You have not blocked this member',
  unblockFirst: 'You blocked this member: unblock them before sending a connection request',
  block: 'Block',
  unblock: 'Unblock',
  blockTitle: (name: string) => `Block ${name}?`,
  blockExplanation:
    'Neither of you will see the other’s profile, tips, guides or connections, any connection or request between you ends, and no request or notification passes between you. They are not told.',
  blocked: (name: string) => `${name} is blocked`,
  unblocked: (name: string) => `${name} is unblocked`,
  blockFailed: 'Failed to block this member',
  unblockFailed: 'Failed to unblock this member',
  blockedMembersTitle: 'Blocked members',
  blockedMembersEmpty: 'You have not blocked anyone.',
  blockedMembersLoadFailed: 'Failed to load blocked members',
  removeConnection: 'Remove connection',
  removeTitle: (name: string) => `Remove ${name} from your connections?`,
  removeExplanation: 'You stop seeing each other’s connections-only tips and guides. Either of you may send a new request later.',
  removed: 'Connection removed',
  removeFailed: 'Failed to remove the connection',
  notAccepted: 'This is not an accepted connection',
  partiesOnly: 'Only the two members of a connection can remove it',
  moreActions: 'More actions',
} as const;

/** POST /api/blocks */
export const BlockRequestSchema = z.object({ memberId: z.uuid('Not a valid member id') });
export type BlockRequest = z.infer<typeof BlockRequestSchema>;

/** One row of the Blocked members list: who and since when (their card's stats are not shown). */
export const BlockedMemberSchema = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  username: z.string().nullable(),
  profilePictureUrl: z.string().nullable(),
  blockedAt: z.string(),
});
export type BlockedMember = z.infer<typeof BlockedMemberSchema>;
