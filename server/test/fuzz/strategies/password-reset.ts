/**
 * Forgotten passwords (ADR 073). Links go out after the answer: each case waits for them, so its
 * rows are counted against this route. Tokens are made up (a real one of the caller would end
 * the run's session), so resets answer 400; their success paths are in password-reset.api.test.ts.
 */
import fc from 'fast-check';
import type { Strategies } from '../strategy';
import type { World } from '../world';
import { text } from './helpers';

const current = <T>(read: () => T) => fc.constant(null).map(read);
const email = (w: World) =>
  fc.oneof(
    fc.emailAddress(),
    fc.uuid().map((u) => `${u}@example.com`),
    current(() => w.other.email),
    current(() => w.other.email.toUpperCase()),
  );

export const PASSWORD_RESET: Strategies = {
  'POST /api/auth/password-reset/request': {
    group: 'auth',
    tables: ['password_reset_tokens', 'outbox'],
    body: (w) => fc.record({ email: email(w) }),
    after: (w) => w.t.app.passwordResetsSettled(),
  },
  'POST /api/auth/password-reset': {
    group: 'auth',
    tables: ['password_reset_tokens'],
    body: () =>
      fc.record({
        token: fc.oneof(fc.base64String({ maxLength: 60 }), text(200)),
        newPassword: fc.oneof(fc.string({ minLength: 6, maxLength: 40 }), text(128)),
      }),
  },
};
