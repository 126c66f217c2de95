import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SHARE_TOKEN_PATTERN } from '@common/schemas/share-link';
import { keyOfToken, tokenOf } from './share-token';

describe('share link tokens', () => {
  const secret = 'a-session-secret-of-the-test';

  it('carries its key back, 43 base64url characters', () => {
    const key = randomUUID();
    const token = tokenOf(secret, key);
    expect(token).toMatch(SHARE_TOKEN_PATTERN);
    expect(keyOfToken(secret, token)).toBe(key);
  });

  it('refuses a token of another secret, an altered one, a short one', () => {
    const key = randomUUID();
    const token = tokenOf(secret, key);
    expect(keyOfToken('another-secret', token)).toBeNull();
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    expect(keyOfToken(secret, `${token.slice(0, -1)}${last}`)).toBeNull();
    const first = token[0] === 'A' ? 'B' : 'A';
    expect(keyOfToken(secret, `${first}${token.slice(1)}`)).toBeNull();
    expect(keyOfToken(secret, token.slice(0, 42))).toBeNull();
    expect(keyOfToken(secret, '')).toBeNull();
  });

  it('differs for every key', () => {
    const tokens = new Set(Array.from({ length: 50 }, () => tokenOf(secret, randomUUID())));
    expect(tokens.size).toBe(50);
  });
});
