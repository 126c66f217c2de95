import { describe, expect, it } from 'vitest';
import { signUnsubscribe, verifyUnsubscribe } from './unsubscribe-token';

const SECRET = 's'.repeat(40);
const USER = '6f1c2d3e-4b5a-4c6d-8e7f-901234567890';

describe('the unsubscribe token', () => {
  it('verifies what it signed, for a kind or all', () => {
    expect(verifyUnsubscribe(SECRET, signUnsubscribe(SECRET, USER, 'likes'))).toEqual({ userId: USER, scope: 'likes' });
    expect(verifyUnsubscribe(SECRET, signUnsubscribe(SECRET, USER, 'all'))).toEqual({ userId: USER, scope: 'all' });
  });

  it('refuses another secret, another member or scope, and malformed tokens', () => {
    const token = signUnsubscribe(SECRET, USER, 'likes');
    const [, , mac] = token.split('.');
    expect(verifyUnsubscribe('t'.repeat(40), token)).toBeNull();
    expect(verifyUnsubscribe(SECRET, `${USER}.all.${mac}`)).toBeNull();
    expect(verifyUnsubscribe(SECRET, `${USER.replace('6f', '7f')}.likes.${mac}`)).toBeNull();
    expect(verifyUnsubscribe(SECRET, `${USER}.gossip.${mac}`)).toBeNull();
    for (const bad of ['', 'a.b', `${token}.extra`, `not-a-uuid.likes.${mac}`, `${USER}.likes.`]) {
      expect(verifyUnsubscribe(SECRET, bad)).toBeNull();
    }
  });
});
