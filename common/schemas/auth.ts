import { z } from 'zod';
import { LIMITS } from '../limits';
import { TEXTS } from '../texts';
import { singleLine } from './common';

const email = z
  .string()
  .trim()
  .min(1, TEXTS.fillAllFields)
  .max(LIMITS.emailMaxLength)
  .pipe(z.email('Please enter a valid email address'));

const password = z
  .string()
  .min(1, TEXTS.fillAllFields)
  .min(LIMITS.passwordMinLength, TEXTS.passwordTooShort)
  .max(LIMITS.passwordMaxLength, `Password must be at most ${LIMITS.passwordMaxLength} characters long`);

export const SignInSchema = z.object({
  email,
  password: z.string().min(1, 'Password is required').max(LIMITS.passwordMaxLength),
});
export type SignIn = z.infer<typeof SignInSchema>;

/** What the server accepts at sign-up; token is the signup link's single-use token (docs/product.md#invitations-and-signing-up). */
export const SignUpSchema = z.object({
  fullName: singleLine(z.string().trim().min(1, TEXTS.fillAllFields).max(LIMITS.nameMaxLength)),
  email,
  password,
  token: singleLine(z.string().trim().max(200)).optional(),
});
export type SignUp = z.infer<typeof SignUpSchema>;

/** The account creation form adds the confirmation, checked on the client only. */
export const SignUpFormSchema = SignUpSchema.extend({
  confirmPassword: z.string().min(1, TEXTS.fillAllFields),
}).refine((v) => v.password === v.confirmPassword, {
  message: TEXTS.passwordsDoNotMatch,
  path: ['confirmPassword'],
});
export type SignUpForm = z.infer<typeof SignUpFormSchema>;

export const ChangePasswordSchema = z.object({
  currentPassword: z.string().min(1, TEXTS.fillAllPasswordFields).max(LIMITS.passwordMaxLength),
  newPassword: z
    .string()
    .min(1, TEXTS.fillAllPasswordFields)
    .min(LIMITS.passwordMinLength, TEXTS.newPasswordTooShort)
    .max(LIMITS.passwordMaxLength),
});
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

/** POST /api/auth/email: asks for a change; it applies when the link sent to `email` is opened (ADR 028). */
export const ChangeEmailSchema = z.object({
  email,
  currentPassword: z.string().min(1, TEXTS.currentPasswordRequired).max(LIMITS.passwordMaxLength),
});
export type ChangeEmail = z.infer<typeof ChangeEmailSchema>;

/** 202 of POST /api/auth/email: where the confirmation link went. */
export const EmailChangeRequestedSchema = z.object({ pendingEmail: z.string(), isEmailSent: z.boolean() });
export type EmailChangeRequested = z.infer<typeof EmailChangeRequestedSchema>;

/** POST /api/auth/email/confirm: the token of the link sent to the new address. */
export const ConfirmEmailChangeSchema = z.object({ token: z.string().trim().min(1, TEXTS.emailChangeLinkInvalid).max(200) });
export type ConfirmEmailChange = z.infer<typeof ConfirmEmailChangeSchema>;
export const EmailChangeConfirmedSchema = z.object({ email: z.string() });
export type EmailChangeConfirmed = z.infer<typeof EmailChangeConfirmedSchema>;

/** The undo link mailed to the address being left (issue 36, ADR 108). */
export const EMAIL_UNDO_TEXTS = {
  linkInvalid: 'This undo link is invalid, has expired or was already used.',
  undone: 'Your email address is back to what it was.',
  signedOut: 'Every session of your account was signed out. If someone else knows your password, set a new one now.',
} as const;
export const UndoEmailChangeSchema = z.object({ token: z.string().trim().min(1, EMAIL_UNDO_TEXTS.linkInvalid).max(200) });
export type UndoEmailChange = z.infer<typeof UndoEmailChangeSchema>;
/** The address the account is back on. */
export const EmailChangeUndoneSchema = z.object({ email: z.string() });
export type EmailChangeUndone = z.infer<typeof EmailChangeUndoneSchema>;

export const ROLES = ['pending', 'user', 'admin'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** GET /api/auth/me and the body of sign-in and sign-up responses. */
export const CurrentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: RoleSchema,
  name: z.string().nullable(),
  username: z.string().nullable(),
  profilePictureUrl: z.string().nullable(),
  /** Sign-in asks this account for a code after the password (ADR 075). */
  isTwoFactorEnabled: z.boolean(),
  /** REQUIRE_ADMIN_2FA applies to this account: the Admin Panel waits until two-factor is on. */
  isTwoFactorRequired: z.boolean(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/**
 * 200 of POST /api/auth/sign-in when the password was right but two-factor is on (ADR 075): no
 * session yet; the code goes to POST /api/auth/sign-in/two-factor within `expiresInSeconds`.
 */
export const SecondFactorNeededSchema = z.object({
  secondFactor: z.literal('totp'),
  expiresInSeconds: z.number().int(),
});
export type SecondFactorNeeded = z.infer<typeof SecondFactorNeededSchema>;

/**
 * 200 of POST /api/auth/sign-in: the signed-in user, or (two-factor on, no session yet) that a
 * code is needed at POST /api/auth/sign-in/two-factor. `isSecondFactorNeeded` tells them apart.
 */
export const SignInResultSchema = z.union([CurrentUserSchema, SecondFactorNeededSchema]);
export type SignInResult = z.infer<typeof SignInResultSchema>;

export function isSecondFactorNeeded(result: SignInResult): result is SecondFactorNeeded {
  return 'secondFactor' in result;
}
