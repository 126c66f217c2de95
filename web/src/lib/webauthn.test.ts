import { describe, expect, it } from 'vitest';
import { ceremonyFailureOf } from './webauthn';

const named = (name: string) => Object.assign(new Error('x'), { name });

describe('ceremonyFailureOf', () => {
  it('a closed or timed-out prompt is a cancellation, not an error', () => {
    expect(ceremonyFailureOf(named('NotAllowedError'))).toBe('cancelled');
    expect(ceremonyFailureOf(named('AbortError'))).toBe('cancelled');
  });
  it('an authenticator that already holds the account is said so; anything else is a failure', () => {
    expect(ceremonyFailureOf(named('InvalidStateError'))).toBe('alreadyRegistered');
    expect(ceremonyFailureOf(named('SecurityError'))).toBe('other');
    expect(ceremonyFailureOf('text')).toBe('other');
  });
});
