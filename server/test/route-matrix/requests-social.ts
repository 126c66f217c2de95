/** Requests for tip types, profiles, connections, notifications and system messages. */
import { eq } from 'drizzle-orm';
import { appSettings, blocks, connections } from '@db/schema';
import { multipart, pngImage } from '@server-test/test-uploads';
import { signUnsubscribe } from '@server/modules/notification-choices/unsubscribe-token';
import type { Account, Caller } from './callers';
import { type Fixtures, unique } from './fixtures';
import { type Build, type Requests, one } from './scene';

/** The other side of a connection request with `owner`: a stand-in caller for member and admin (so the caller is a party), else a bystander. */
async function counterpart(fx: Fixtures, caller: Caller): Promise<{ party: Account; as?: Account | null }> {
  if (caller === 'member' || caller === 'admin') {
    const party = (await fx.standIn(caller))!;
    return { party, as: party };
  }
  return { party: await fx.newMember() };
}

/** Accept or reject of a pending request addressed to `owner`. */
function answer(verb: 'accept' | 'reject'): Record<string, Build> {
  return {
    'third party': async (fx) => {
      const requester = await fx.newMember();
      const row = await fx.connection(requester.id, fx.people.owner.id);
      return { url: `/api/connections/${row.id}/${verb}`, secrets: [requester.email] };
    },
    'caller is the requester': async (fx, caller) => {
      const { party, as } = await counterpart(fx, caller);
      const row = await fx.connection(party.id, fx.people.owner.id);
      return { url: `/api/connections/${row.id}/${verb}`, ...(as ? { as } : {}) };
    },
  };
}

export const socialRequests: Requests = {
  'GET /api/tip-types': one(() => ({ url: '/api/tip-types' })),
  'GET /api/map/settings': one(() => ({ url: '/api/map/settings' })),
  'PATCH /api/profiles/me': one(() => ({
    url: '/api/profiles/me',
    body: { name: 'Renamed Traveler', username: unique('user.'), bio: 'Slow travel.', country: 'Portugal', currency: 'EUR' },
  })),
  'POST /api/profiles/me/avatar': one(async () => {
    const { body, headers } = multipart([
      { data: await pngImage(), filename: 'a.png', contentType: 'image/png', field: 'avatar' },
    ]);
    return { url: '/api/profiles/me/avatar', body, headers };
  }),
  // The e-mail is on one's own profile only.
  'GET /api/profiles/:userId': one((fx) => ({ url: `/api/profiles/${fx.people.owner.id}`, ownerOnly: [fx.people.owner.email] })),
  'GET /api/profiles/by-username/:username': one(async (fx) => ({
    url: `/api/profiles/by-username/${encodeURIComponent(await fx.usernameOf(fx.people.owner.id))}`,
    ownerOnly: [fx.people.owner.email],
  })),
  'GET /api/connections': one(() => ({ url: '/api/connections' })),
  'GET /api/connections/discover': one(() => ({ url: '/api/connections/discover' })),
  'POST /api/connections': one(async (fx) => {
    const addressee = await fx.newMember();
    return { url: '/api/connections', body: { addresseeId: addressee.id }, secrets: [addressee.email] };
  }),
  'POST /api/connections/:id/accept': answer('accept'),
  'POST /api/connections/:id/reject': answer('reject'),
  // Cancel a pending request the owner sent.
  'DELETE /api/connections/:id': {
    'third party': async (fx) => {
      const addressee = await fx.newMember();
      const row = await fx.connection(fx.people.owner.id, addressee.id);
      return { url: `/api/connections/${row.id}`, secrets: [addressee.email] };
    },
    'caller is the addressee': async (fx, caller) => {
      const { party, as } = await counterpart(fx, caller);
      const row = await fx.connection(fx.people.owner.id, party.id);
      return { url: `/api/connections/${row.id}`, ...(as ? { as } : {}) };
    },
  },
  'GET /api/users/:userId/connections': one((fx) => ({ url: `/api/users/${fx.people.owner.id}/connections` })),
  'GET /api/users/:userId/relation': one((fx) => ({ url: `/api/users/${fx.people.owner.id}/relation` })),
  'GET /api/notifications': one(async (fx) => ({ url: '/api/notifications', ownerOnly: [(await fx.notification()).content] })),
  'GET /api/notifications/counts': one(() => ({ url: '/api/notifications/counts' })),
  'POST /api/notifications/read-all': one(() => ({ url: '/api/notifications/read-all' })),
  'POST /api/notifications/:id/read': one(async (fx) => ({ url: `/api/notifications/${(await fx.notification()).id}/read` })),
  'POST /api/notifications/:id/unread': one(async (fx) => ({ url: `/api/notifications/${(await fx.notification()).id}/unread` })),
  'GET /api/system-messages/active': one(() => ({ url: '/api/system-messages/active' })),
  // Blocks (issue 25, ADR 086): each caller's own; a fresh member to block on every call.
  'GET /api/blocks': one(() => ({ url: '/api/blocks' })),
  // Members by name (issue 36): never an e-mail, whoever asks.
  'GET /api/members': one((fx) => ({
    url: '/api/members?q=a',
    secrets: [fx.people.owner.email],
    ownerOnly: [fx.people.owner.email],
  })),
  'POST /api/blocks': one(async (fx) => {
    const target = await fx.newMember();
    return { url: '/api/blocks', body: { memberId: target.id }, secrets: [target.email] };
  }),
  // The owner's block of a member: only the owner lifts it; anyone else has no such block (404).
  'DELETE /api/blocks/:userId': one(async (fx) => {
    const target = await fx.newMember();
    await fx.t.db.insert(blocks).values({ blockerId: fx.people.owner.id, blockedId: target.id });
    return { url: `/api/blocks/${target.id}`, secrets: [target.email] };
  }),
  // An accepted connection of the owner (ADR 087): either member removes it, anyone else 403.
  'POST /api/connections/:id/remove': one(async (fx) => {
    const other = await fx.newMember();
    const row = await fx.connection(fx.people.owner.id, other.id);
    await fx.t.db.update(connections).set({ status: 'accepted' }).where(eq(connections.id, row.id));
    return { url: `/api/connections/${row.id}/remove`, secrets: [other.email] };
  }),
  // Issue 25: notification choices (ADR 090); each caller changes only its own.
  'GET /api/notifications/preferences': one(() => ({ url: '/api/notifications/preferences' })),
  'PUT /api/notifications/preferences': one(() => ({
    url: '/api/notifications/preferences',
    body: { preferences: [{ kind: 'likes', inApp: false, email: 'daily' }] },
  })),
  // The signed link is the whole authority: a valid one works for anyone, a forged one for nobody.
  'POST /api/unsubscribe': {
    valid: async (fx) => {
      const member = await fx.newMember();
      const [row] = await fx.t.db.select().from(appSettings).where(eq(appSettings.key, 'session_secret'));
      return { url: `/api/unsubscribe?token=${encodeURIComponent(signUnsubscribe(row!.value, member.id, 'all'))}` };
    },
    forged: async (fx) => {
      const member = await fx.newMember();
      return { url: `/api/unsubscribe?token=${encodeURIComponent(`${member.id}.all.${unique('forged')}`)}` };
    },
  },
};
