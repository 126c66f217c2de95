/**
 * Reports and moderation (issue 25). A member reports real tips, guides and members (the fixtures'
 * own and others', public and private); the admin acts on them with every action. Deleting goes
 * through the item's or the account's deletion, so it may change all their tables.
 */
import fc from 'fast-check';
import { DECISION_REASONS, MODERATION_ACTIONS } from '@common/schemas/moderation';
import { REPORT_REASONS } from '@common/schemas/report';
import type { Strategies } from '../strategy';
import type { World } from '../world';
import { text } from './helpers';

const targetOf = (w: World) =>
  fc.oneof(
    fc.record({ target: fc.constant('tip'), targetId: w.ids.tips.arb() }),
    fc.record({ target: fc.constant('guide'), targetId: w.ids.guides.arb() }),
    fc.record({ target: fc.constant('member'), targetId: w.ids.users.arb() }),
  );

const reportBody = (w: World) =>
  fc
    .tuple(targetOf(w), fc.constantFrom(...REPORT_REASONS), fc.option(text(1000), { nil: undefined }))
    .map(([target, reason, details]) => ({ ...target, reason, details: reason === 'other' ? (details ?? 'why') : details }));

const future = fc.integer({ min: 1, max: 60 }).map((days) => new Date(Date.now() + days * 86_400_000).toISOString());
/** Issue 36: hide, suspend and delete need a reason (other: with words); sometimes none is given, a 400. */
const actionBody = (w: World) =>
  fc
    .tuple(
      targetOf(w),
      fc.constantFrom(...MODERATION_ACTIONS),
      fc.option(future, { nil: null }),
      fc.option(fc.constantFrom(...DECISION_REASONS), { nil: undefined, freq: 8 }),
      fc.option(text(500), { nil: undefined }),
    )
    .map(([target, action, until, reason, note]) => ({
      ...target,
      action,
      ...(action === 'suspend' ? { until } : {}),
      ...(reason ? { reason } : {}),
      ...(reason === 'other' ? { note: note || 'why' } : note ? { note } : {}),
    }));

/** What one action may change: reports closed, notices, a suspension with its sessions, a deletion. */
const moderated = [
  'reports',
  // Issue 36: the decision kept for the Handled view, the member's notice and its e-mail.
  'moderation_decisions',
  'jobs',
  'notifications',
  'events',
  'audit_log',
  'member_suspensions',
  'sessions',
  'email_change_tokens',
  'tips',
  'tip_map_cells',
  'guides',
  'guide_tips',
  'guide_countries',
  'guide_share_links',
  'likes',
  'saved_items',
  'users',
  'accounts',
  'profiles',
  'user_roles',
  'connections',
  'member_connection_lists',
];

export const MODERATION: Strategies = {
  // Issue 36: a thing's first open report tells the admins (a notice, its live event, an e-mail job).
  'POST /api/reports': { group: 'social', tables: ['reports', 'notifications', 'events', 'jobs'], body: reportBody },
  'GET /api/admin/reports': { group: 'admin', actor: 'admin', tables: [] },
  'GET /api/admin/reports/handled': { group: 'admin', actor: 'admin', tables: [] },
  'GET /api/admin/reports/open-count': { group: 'admin', actor: 'admin', tables: [] },
  'GET /api/admin/audit-log': { group: 'admin', actor: 'admin', tables: [] },
  'POST /api/admin/moderation': { group: 'admin', actor: 'admin', tables: moderated, body: actionBody },
};
