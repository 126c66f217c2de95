import { describe, expect, it } from 'vitest';
import { signInNoticeOf, withSignInNotice } from './sign-in-notice';

describe('signInNoticeOf', () => {
  it('reads back what withSignInNotice wrote', () => {
    expect(signInNoticeOf(withSignInNotice({ kind: 'session-ended' }))).toEqual({ kind: 'session-ended' });
    expect(signInNoticeOf(withSignInNotice({ kind: 'password-reset', email: 'a@example.com' }))).toEqual({
      kind: 'password-reset',
      email: 'a@example.com',
    });
  });

  it('ignores any other navigation state', () => {
    for (const state of [null, undefined, 'x', {}, { signInNotice: null }, { signInNotice: { kind: 'other' } }]) {
      expect(signInNoticeOf(state)).toBeNull();
    }
    expect(signInNoticeOf({ signInNotice: { kind: 'password-reset', email: 42 } })).toBeNull();
  });
});
