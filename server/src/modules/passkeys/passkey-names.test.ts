import { describe, expect, it } from 'vitest';
import { defaultPasskeyName } from './passkey-names';

describe('defaultPasskeyName', () => {
  const day = new Date('2026-11-26T22:00:00Z');
  it('names a known provider by its AAGUID, whatever its case', () => {
    expect(defaultPasskeyName('EA9B8D66-4D01-1D21-3CE4-B6B48CB575D4', day)).toBe('Google Password Manager');
    expect(defaultPasskeyName('fbfc3007-154e-4ecc-8c0b-6e020557d7bd', day)).toBe('iCloud Keychain');
  });
  it('falls back to "Passkey" and the day for an unknown or all-zero AAGUID', () => {
    expect(defaultPasskeyName('00000000-0000-0000-0000-000000000000', day)).toBe('Passkey (26 Nov 2026)');
    expect(defaultPasskeyName(undefined, day)).toBe('Passkey (26 Nov 2026)');
  });
});
