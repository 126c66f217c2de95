/** Requests for reports and moderation (issue 25): each call reports or acts on a row of its own. */
import type { Visibility } from '@common/schemas/visibility';
import { type Build, type Requests, one } from './scene';
import type { Fixtures } from './fixtures';

/** A report of the owner's tip: a member may report what they see; the owner never their own. */
const reportOf =
  (level: Visibility): Build =>
  async (fx: Fixtures) => {
    const tip = await fx.tip(level);
    return {
      url: '/api/reports',
      body: { target: 'tip', targetId: tip.id, reason: 'spam' },
      ownerOnly: level === 'private' ? [tip.title] : [],
      connectionsOnly: level === 'connections' ? [tip.title] : [],
    };
  };

export const moderationRequests: Requests = {
  'POST /api/reports': {
    'public tip': reportOf('public'),
    'private tip': reportOf('private'),
    'connections tip': reportOf('connections'),
  },
  'GET /api/admin/reports': one(() => ({ url: '/api/admin/reports' })),
  'GET /api/admin/reports/open-count': one(() => ({ url: '/api/admin/reports/open-count' })),
  'GET /api/admin/reports/handled': one(() => ({ url: '/api/admin/reports/handled' })),
  'POST /api/admin/moderation': one(async (fx) => {
    const tip = await fx.tip(false);
    return { url: '/api/admin/moderation', body: { action: 'hide', target: 'tip', targetId: tip.id, reason: 'spam' } };
  }),
  'GET /api/admin/audit-log': one(() => ({ url: '/api/admin/audit-log' })),
};
