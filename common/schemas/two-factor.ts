/**
 * Two-factor sign-in (issue 24, ADR 075): an authenticator app's 6-digit codes (TOTP) and ten
 * single-use recovery codes. One schema per payload, used by the forms and the routes alike.
 */
import { z } from 'zod';
import { LIMITS } from '../limits';
import { TWO_FACTOR_TEXTS } from './two-factor-texts';

export { TWO_FACTOR_TEXTS };

/** How many recovery codes a member gets (each works once). */
export const RECOVERY_CODE_COUNT = 10;

/** Six digits; spaces an app shows in the middle ("123 456") are allowed and dropped. */
export const TotpCodeSchema = z
  .string()
  .max(20, TWO_FACTOR_TEXTS.codeFormat)
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TWO_FACTOR_TEXTS.codeFormat));

/**
 * `xxxxx-xxxxx` as shown (Crockford's base32); case, spaces and the dash are not significant, and
 * the letters its alphabet leaves out read as the digits they look like (o as 0, i and l as 1).
 */
export const RecoveryCodeSchema = z
  .string()
  .max(40, TWO_FACTOR_TEXTS.recoveryCodeFormat)
  .transform((v) =>
    v
      .toLowerCase()
      .replace(/[\s-]+/g, '')
      .replace(/o/g, '0')
      .replace(/[il]/g, '1'),
  )
  .pipe(z.string().regex(/^[0-9a-z]{10}$/, TWO_FACTOR_TEXTS.recoveryCodeFormat));

const password = z.string().min(1, TWO_FACTOR_TEXTS.passwordRequired).max(LIMITS.passwordMaxLength);

/** POST /api/auth/two-factor/setup: the password again, before a secret is shown. */
export const StartTwoFactorSetupSchema = z.object({ password });
export type StartTwoFactorSetup = z.infer<typeof StartTwoFactorSetupSchema>;

/** 200 of setup: the secret as text (base32) and as an otpauth:// URI for the QR code. */
export const TwoFactorSetupSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

/** POST /api/auth/two-factor/enable and /recovery-codes: a current code from the app. */
export const TotpCodeBodySchema = z.object({ code: TotpCodeSchema });
export type TotpCodeBody = z.input<typeof TotpCodeBodySchema>;

/** 200 of enable and of /recovery-codes: shown once, never again. */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** A second factor: a code from the app or (exclusively) a recovery code. */
const secondFactorShape = {
  code: TotpCodeSchema.optional(),
  recoveryCode: RecoveryCodeSchema.optional(),
};
const hasOneFactor = (v: { code?: string; recoveryCode?: string }) => (v.code === undefined) !== (v.recoveryCode === undefined);

/** POST /api/auth/sign-in/two-factor, after the password was right (the challenge cookie). */
export const SecondFactorSchema = z
  .object(secondFactorShape)
  .refine(hasOneFactor, { message: TWO_FACTOR_TEXTS.factorRequired, path: ['code'] });
export type SecondFactor = z.input<typeof SecondFactorSchema>;

/** POST /api/auth/two-factor/disable: the password and a second factor. */
export const DisableTwoFactorSchema = z
  .object({ password, ...secondFactorShape })
  .refine(hasOneFactor, { message: TWO_FACTOR_TEXTS.factorRequired, path: ['code'] });
export type DisableTwoFactor = z.input<typeof DisableTwoFactorSchema>;

/** GET /api/auth/two-factor: the member's own state. */
export const TwoFactorStatusSchema = z.object({
  isEnabled: z.boolean(),
  /** REQUIRE_ADMIN_2FA and the member is an admin. */
  isRequired: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;
