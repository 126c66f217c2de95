/** Requests for the admin routes: every target row is made per call, so the admin's success consumes nothing shared. */
import { SECRET } from './callers';
import { unique } from './fixtures';
import { type Requests, one } from './scene';

export const adminRequests: Requests = {
  'GET /api/admin/invitations': one(() => ({ url: '/api/admin/invitations' })),
  'POST /api/admin/invitations/:id/approve': one(async (fx) => {
    const inv = await fx.invitation();
    return { url: `/api/admin/invitations/${inv.id}/approve`, secrets: [inv.email] };
  }),
  'POST /api/admin/invitations/:id/reject': one(async (fx) => {
    const inv = await fx.invitation();
    return { url: `/api/admin/invitations/${inv.id}/reject`, secrets: [inv.email] };
  }),
  'DELETE /api/admin/invitations/:id': one(async (fx) => {
    const inv = await fx.invitation();
    return { url: `/api/admin/invitations/${inv.id}`, secrets: [inv.email] };
  }),
  'GET /api/admin/outbox': one(() => ({ url: '/api/admin/outbox' })),
  'GET /api/admin/stats': one(() => ({ url: '/api/admin/stats' })),
  'GET /api/admin/users': {
    default: () => ({ url: '/api/admin/users' }),
    // Issue 36: the search by e-mail answers e-mails: only to admins.
    'search by e-mail': async (fx) => {
      const target = await fx.newMember('user');
      return { url: `/api/admin/users?q=${encodeURIComponent(target.email)}`, secrets: [target.email] };
    },
  },
  'PATCH /api/admin/users/:id/role': one(async (fx) => {
    const target = await fx.newMember('pending');
    return { url: `/api/admin/users/${target.id}/role`, body: { role: 'user' }, secrets: [target.email] };
  }),
  'DELETE /api/admin/users/:id': one(async (fx) => {
    const target = await fx.newMember();
    return { url: `/api/admin/users/${target.id}`, secrets: [target.email] };
  }),
  'GET /api/admin/pending-activations': one(() => ({ url: '/api/admin/pending-activations' })),
  'POST /api/admin/pending-activations/:id/resend': one(async (fx) => {
    const activation = await fx.activation();
    return { url: `/api/admin/pending-activations/${activation.id}/resend`, secrets: [activation.email] };
  }),
  'DELETE /api/admin/pending-activations/:id': one(async (fx) => {
    const activation = await fx.activation();
    return { url: `/api/admin/pending-activations/${activation.id}`, secrets: [activation.email] };
  }),
  'GET /api/admin/system-messages': one(() => ({ url: '/api/admin/system-messages' })),
  'POST /api/admin/system-messages': one(() => ({
    url: '/api/admin/system-messages',
    body: { title: unique('Maintenance '), content: 'Back in ten minutes.' },
  })),
  'PUT /api/admin/system-messages/:id': one(async (fx) => {
    const message = await fx.systemMessage();
    return { url: `/api/admin/system-messages/${message.id}`, body: { title: `${SECRET} edited`, content: 'Edited.' } };
  }),
  'PATCH /api/admin/system-messages/:id/active': one(async (fx) => {
    const message = await fx.systemMessage();
    return { url: `/api/admin/system-messages/${message.id}/active`, body: { isActive: true } };
  }),
  'POST /api/admin/tip-types': one(() => ({ url: '/api/admin/tip-types', body: { name: unique('Type ') } })),
  'PUT /api/admin/tip-types/:id': one(async (fx) => {
    const type = await fx.tipType();
    return { url: `/api/admin/tip-types/${type.id}`, body: { name: unique('Renamed ') } };
  }),
  // Issue 25: the e-mail jobs with their state, in the admin's Outbox (ADR 091).
  'GET /api/admin/jobs': one(() => ({ url: '/api/admin/jobs' })),
};
