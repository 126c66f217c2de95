import { z } from 'zod';
import { LIMITS } from '../limits';
import { TEXTS } from '../texts';

/** POST /api/auth/password-reset/request: the address to send a reset link to, if it has an account. */
export const RequestPasswordResetSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Please enter your email address')
    .max(LIMITS.emailMaxLength)
    .pipe(z.email('Please enter a valid email address')),
});
export type RequestPasswordReset = z.infer<typeof RequestPasswordResetSchema>;

/** 202 of the request: the same words whether or not the address has an account (ADR 073). */
export const PasswordResetRequestedSchema = z.object({ message: z.string() });
export type PasswordResetRequested = z.infer<typeof PasswordResetRequestedSchema>;

/** POST /api/auth/password-reset: the link's token and the new password (sign-up's rules). */
export const ResetPasswordSchema = z.object({
  token: z.string().trim().min(1, TEXTS.passwordResetLinkInvalid).max(200, TEXTS.passwordResetLinkInvalid),
  newPassword: z
    .string()
    .min(1, TEXTS.fillAllPasswordFields)
    .min(LIMITS.passwordMinLength, TEXTS.newPasswordTooShort)
    .max(LIMITS.passwordMaxLength, `New password must be at most ${LIMITS.passwordMaxLength} characters long`),
});
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;

/** 200 of the reset: the account's address, so the sign-in form can be filled in. */
export const PasswordResetDoneSchema = z.object({ email: z.string() });
export type PasswordResetDone = z.infer<typeof PasswordResetDoneSchema>;
