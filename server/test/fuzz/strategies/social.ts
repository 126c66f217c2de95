/** Connections, notifications, profiles, system messages, account deletion and the live stream. */
import fc from 'fast-check';
import { PROFILE_CURRENCIES } from '@common/lists/currencies';
import type { Strategies } from '../strategy';
import { country, idOf, learnId, optionalText, text } from './helpers';
import { checkLiveEvents, liveEventsExtra, sendLiveEvents } from './live-events';
import { sendDeleteAccount, sessionExtra } from './sessions';

const profileUpdate = () =>
  fc.record({
    name: text(100),
    username: fc.oneof(fc.stringMatching(/^[\w.@+-]{2,40}$/), fc.constantFrom('admin', 'Other.Member', 'a@b', 'x_'), text(254)),
    bio: optionalText(1000),
    country: fc.option(country),
    currency: fc.option(fc.constantFrom(...PROFILE_CURRENCIES)),
  });

// jobs: a request or acceptance may queue the other member's immediate e-mail (ADR 090).
// Each member's accepted connections are kept in member_connection_lists (ADR 098).
const connectionChange = ['connections', 'member_connection_lists', 'notifications', 'events', 'jobs'];
/** Disposable members are signed up (users, accounts, sessions, profiles, roles) and deleted. */
const accountTables = ['users', 'accounts', 'sessions', 'profiles', 'user_roles', 'notification_preferences'];

export const SOCIAL: Strategies = {
  'GET /api/connections': { group: 'social', tables: [] },
  'GET /api/connections/discover': { group: 'social', tables: [] },
  'POST /api/connections': {
    group: 'social',
    tables: connectionChange,
    body: (w) => fc.record({ addresseeId: w.ids.users.arb() }),
    after: learnId('connections'),
  },
  'POST /api/connections/:id/accept': { group: 'social', tables: connectionChange, params: { id: idOf('connections') } },
  'POST /api/connections/:id/reject': { group: 'social', tables: connectionChange, params: { id: idOf('connections') } },
  'DELETE /api/connections/:id': { group: 'social', tables: connectionChange, params: { id: idOf('connections') } },
  'GET /api/users/:userId/connections': { group: 'social', tables: [], params: { userId: idOf('users') } },
  'GET /api/users/:userId/relation': { group: 'social', tables: [], params: { userId: idOf('users') } },
  'GET /api/notifications': {
    group: 'social',
    tables: [],
    query: { filter: fc.constantFrom('all', 'unread', 'read', 'READ') },
    after: learnId('notifications'),
  },
  'GET /api/notifications/counts': { group: 'social', tables: [] },
  'POST /api/notifications/read-all': { group: 'social', tables: ['events'] },
  'POST /api/notifications/:id/read': { group: 'social', tables: ['events'], params: { id: idOf('notifications') } },
  'POST /api/notifications/:id/unread': { group: 'social', tables: ['events'], params: { id: idOf('notifications') } },
  'GET /api/system-messages/active': { group: 'social', tables: [] },
  'GET /api/events/open': { group: 'social', tables: [] },
  'PATCH /api/profiles/me': { group: 'social', tables: ['profiles'], body: profileUpdate },
  'POST /api/profiles/me/avatar': { group: 'social', tables: ['profiles'], multipart: { field: 'avatar' } },
  'GET /api/profiles/:userId': { group: 'social', tables: [], params: { userId: idOf('users') } },
  'GET /api/profiles/by-username/:username': {
    group: 'social',
    tables: [],
    params: { username: () => fc.oneof(fc.constantFrom('admin', 'Other.Member', 'a@b', 'x', '..'), text(120)) },
  },
  'DELETE /api/account': { group: 'social', tables: accountTables, extra: sessionExtra, send: sendDeleteAccount },
  'GET /api/events': {
    group: 'social',
    tables: [],
    query: { lastEventId: fc.oneof(fc.nat().map(String), fc.constantFrom('0', '-1', 'abc', '1'.repeat(20))) },
    extra: liveEventsExtra,
    send: sendLiveEvents,
    check2xx: checkLiveEvents,
  },
};
