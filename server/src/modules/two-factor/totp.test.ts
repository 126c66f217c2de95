import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { RecoveryCodeSchema } from '@common/schemas/two-factor';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { matchingStep, newTotpSecret, otpauthUri } from './totp';

const secret = newTotpSecret();
const codeAt = (ms: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: ms });
const T = 1_764_000_015_000; // 15 s into step 58_800_000

describe('matchingStep', () => {
  it('names the step of the current code and of one step either side, and nothing further', () => {
    const step = Math.floor(T / 30_000);
    expect(matchingStep(secret, codeAt(T), T)).toBe(step);
    expect(matchingStep(secret, codeAt(T - 30_000), T)).toBe(step - 1);
    expect(matchingStep(secret, codeAt(T + 30_000), T)).toBe(step + 1);
    expect(matchingStep(secret, codeAt(T - 60_000), T)).toBeNull();
    expect(matchingStep(secret, codeAt(T + 60_000), T)).toBeNull();
  });

  it('is a standard authenticator-app secret: 160 bits of base32, SHA-1, 6 digits, 30 s', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri(secret, 'ann@example.com'));
    expect(uri.pathname).toContain('Waymark:ann%40example.com');
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({ algorithm: 'SHA1', digits: '6', period: '30', secret });
  });
});

describe('recovery codes', () => {
  it('ten distinct codes of 50 random bits, stored only as hashes of what the member types', () => {
    const { codes, hashes } = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const [i, code] of codes.entries()) {
      expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
      const typed = RecoveryCodeSchema.parse(` ${code.toUpperCase()} `);
      expect(hashRecoveryCode(typed)).toBe(hashes[i]);
      expect(hashes[i]).not.toContain(code.replace('-', ''));
    }
  });

  it('reads the letters Crockford base32 leaves out as the digits they look like', () => {
    expect(RecoveryCodeSchema.parse('OIL12-abcde')).toBe('01112abcde');
  });
});
