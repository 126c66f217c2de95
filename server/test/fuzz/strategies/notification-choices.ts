/**
 * Notification choices and their e-mail jobs (issue 25, ADR 090, 091). The unsubscribe token is
 * fuzzed as made-up text and as a signed token with one part changed: only a real signature
 * changes anything (its success path is in digest.api.test.ts).
 */
import fc from 'fast-check';
import { EMAIL_CHOICES, NOTIFICATION_KINDS } from '@common/schemas/notification-preferences';
import type { Strategies } from '../strategy';
import { text } from './helpers';

const preference = fc.record({
  kind: fc.oneof(fc.constantFrom(...NOTIFICATION_KINDS), text(40)),
  inApp: fc.oneof(fc.boolean(), fc.constantFrom('true', 0, null)),
  email: fc.oneof(fc.constantFrom(...EMAIL_CHOICES), fc.constantFrom('weekly', '', 'OFF'), text(20)),
});

export const NOTIFICATION_CHOICES: Strategies = {
  'GET /api/notifications/preferences': { group: 'social', tables: [] },
  'PUT /api/notifications/preferences': {
    group: 'social',
    tables: ['notification_preferences'],
    body: () => fc.record({ preferences: fc.array(preference, { minLength: 0, maxLength: 8 }) }),
  },
  'POST /api/unsubscribe': {
    group: 'social',
    tables: ['notification_preferences'],
    query: {
      token: fc.oneof(
        text(400),
        fc.uuid().map((u) => `${u}.all.${'A'.repeat(43)}`),
        fc
          .tuple(fc.uuid(), fc.constantFrom(...NOTIFICATION_KINDS, 'all', 'none'), fc.base64String({ maxLength: 60 }))
          .map((p) => p.join('.')),
      ),
    },
  },
  'GET /api/admin/jobs': {
    group: 'admin',
    tables: [],
    actor: 'admin',
    query: {
      cursor: fc.oneof(
        fc.nat().map((n) => Buffer.from(String(n)).toString('base64url')),
        text(60),
      ),
    },
  },
};
