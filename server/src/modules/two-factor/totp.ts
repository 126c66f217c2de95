/**
 * TOTP (RFC 6238) through otpauth, a kept library (ADR 075): 30 s steps, 6 digits and SHA-1, the
 * only parameters every authenticator app reads from a QR code; one step of drift either way.
 */
import { Secret, TOTP } from 'otpauth';
import { PRODUCT_NAME } from '@common/texts';

const PERIOD_SECONDS = 30;
const DRIFT_STEPS = 1;

function totpOf(secretBase32: string, label = '') {
  return new TOTP({
    issuer: PRODUCT_NAME,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new 160-bit secret (RFC 4226's recommended length), as base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app reads from the QR code; `label` names the account. */
export function otpauthUri(secretBase32: string, label: string): string {
  return totpOf(secretBase32, label).toString();
}

/**
 * The step (30 s counter) whose code `code` is, when it is the current step's or a neighbour's;
 * null otherwise. The caller stores the step so that it, and every earlier one, is refused next.
 */
export function matchingStep(secretBase32: string, code: string, now = Date.now()): number | null {
  const totp = totpOf(secretBase32);
  const delta = totp.validate({ token: code, timestamp: now, window: DRIFT_STEPS });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}
