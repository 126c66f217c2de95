/**
 * Recovery codes: ten per member, each 10 characters from a 32-letter alphabet (50 random bits,
 * shown as `xxxxx-xxxxx`), kept only as SHA-256 hashes. The wrong-code limits (per challenge, per
 * account, per IP) make guessing one hopeless; a slow hash would add nothing at this entropy.
 */
import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@common/schemas/two-factor';
import { hashToken } from '../invitations/signup-token';

// Crockford's base32 alphabet in lower case: no i, l, o, u, so nothing reads as another letter.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

function newCode(): string {
  let code = '';
  for (let i = 0; i < 10; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** The hash a code is stored and looked up by; `normalized`: lower case, no dash (RecoveryCodeSchema). */
export function hashRecoveryCode(normalized: string): string {
  return hashToken(`recovery:${normalized}`);
}

/** Ten fresh codes (as shown) and their hashes (as stored). */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newCode());
  const shown = [...codes];
  return { codes: shown, hashes: shown.map((code) => hashRecoveryCode(code.replace('-', ''))) };
}
