/**
 * The admin panel's routes, fuzzed as an admin: as a member they only answer 403, which the
 * route matrix proves; as an admin the fuzz reaches the admin services.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { ROLES } from '@common/schemas/auth';
import type { RouteStrategy, Strategies } from '../strategy';
import type { World } from '../world';
import { idOf, learnId, text } from './helpers';

const admin = (s: Omit<RouteStrategy, 'group' | 'actor'>): RouteStrategy => ({ group: 'admin', actor: 'admin', ...s });

/** Deleting a user takes everything of theirs (docs/product.md#deleting-an-account). */
const userGone = [
  'users',
  'sessions',
  'accounts',
  'profiles',
  'user_roles',
  'tips',
  'tip_map_cells',
  'guides',
  'guide_tips',
  'guide_countries',
  'guide_share_links',
  'likes',
  'saved_items',
  'notifications',
  'connections',
  'member_connection_lists',
  'events',
  'notification_preferences',
  // Issue 25: their reports and suspension go with them; the deletion is audited.
  'reports',
  'member_suspensions',
  'audit_log',
];
/** Every admin action writes one audit entry (issue 25, ADR 089). */
const audited = (tables: string[]) => [...tables, 'audit_log'];
const decision = audited(['pending_activations', 'signup_tokens', 'outbox']);

/** The fuzz may make someone else admin and then demote the caller: keep the caller admin. */
async function keepCallerAdmin(w: World): Promise<void> {
  await w.t.db.execute(sql`UPDATE user_roles SET role = 'admin' WHERE user_id = ${w.adminId}`);
}
async function onlyCallerAdmin(w: World): Promise<void> {
  await w.t.db.execute(sql`UPDATE user_roles SET role = 'user' WHERE role = 'admin' AND user_id <> ${w.adminId}`);
}

export const ADMIN: Strategies = {
  'GET /api/admin/invitations': admin({ tables: [] }),
  'POST /api/admin/invitations/:id/approve': admin({ tables: decision, params: { id: idOf('invitations') } }),
  'POST /api/admin/invitations/:id/reject': admin({ tables: decision, params: { id: idOf('invitations') } }),
  'DELETE /api/admin/invitations/:id': admin({ tables: audited(['invitation_requests']), params: { id: idOf('invitations') } }),
  'GET /api/admin/outbox': admin({ tables: [] }),
  'GET /api/admin/stats': admin({ tables: [] }),
  // Issue 36: the search, with LIKE's own characters and more than the 100 allowed.
  'GET /api/admin/users': admin({
    tables: [],
    query: { q: fc.oneof(text(20), fc.constantFrom('%', '_', '\\', 'member', '@example.com', 'x'.repeat(101))) },
  }),
  'PATCH /api/admin/users/:id/role': admin({
    tables: audited(['user_roles']),
    params: { id: idOf('users') },
    body: () => fc.record({ role: fc.constantFrom(...ROLES) }),
    after: async (w, _req, res) => {
      if (res.statusCode === 200) await keepCallerAdmin(w);
    },
    restore: onlyCallerAdmin,
  }),
  'DELETE /api/admin/users/:id': admin({ tables: userGone, params: { id: idOf('users') } }),
  'GET /api/admin/pending-activations': admin({ tables: [], after: learnId('pendingActivations') }),
  'POST /api/admin/pending-activations/:id/resend': admin({
    tables: audited(['signup_tokens', 'outbox']),
    params: { id: idOf('pendingActivations') },
  }),
  'DELETE /api/admin/pending-activations/:id': admin({
    tables: audited(['pending_activations', 'signup_tokens']),
    params: { id: idOf('pendingActivations') },
  }),
  'GET /api/admin/system-messages': admin({ tables: [] }),
  'POST /api/admin/system-messages': admin({
    tables: audited(['system_messages', 'events', 'jobs']),
    body: () => fc.record({ title: text(200), content: text(2000) }),
    after: learnId('systemMessages'),
  }),
  'PUT /api/admin/system-messages/:id': admin({
    tables: audited(['events']),
    params: { id: idOf('systemMessages') },
    body: () => fc.record({ title: text(200), content: text(2000) }),
  }),
  'PATCH /api/admin/system-messages/:id/active': admin({
    tables: audited(['events']),
    params: { id: idOf('systemMessages') },
    body: () => fc.record({ isActive: fc.boolean() }),
  }),
  'POST /api/admin/tip-types': admin({
    tables: audited(['tip_types']),
    body: () => fc.record({ name: text(60) }),
    after: learnId('tipTypes'),
  }),
  'PUT /api/admin/tip-types/:id': admin({
    tables: audited([]),
    params: { id: idOf('tipTypes') },
    body: () => fc.record({ name: text(60) }),
  }),
};
