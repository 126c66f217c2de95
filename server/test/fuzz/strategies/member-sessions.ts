/**
 * The caller's sessions (ADR 074). DELETE is sent made-up or another member's ids only (the
 * caller's own would sign the run out); "sign out everywhere else" keeps the caller's session.
 */
import fc from 'fast-check';
import type { Strategies } from '../strategy';

export const MEMBER_SESSIONS: Strategies = {
  'GET /api/auth/sessions': { group: 'auth', tables: [] },
  'DELETE /api/auth/sessions/:id': {
    group: 'auth',
    tables: ['sessions', 'email_change_tokens'],
    params: { id: () => fc.uuid() },
  },
  'POST /api/auth/sessions/sign-out-others': { group: 'auth', tables: ['sessions', 'email_change_tokens'] },
};
