import { z } from 'zod';
import { LIMITS } from '../limits';
import { TEXTS } from '../texts';

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

/** What the server accepts at sign-up; token is the signup link's single-use token (D4). */
export const SignUpSchema = z.object({
  fullName: z.string().trim().min(1, TEXTS.fillAllFields).max(LIMITS.nameMaxLength),
  email,
  password,
  token: z.string().trim().max(200).optional(),
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

export const ChangeEmailSchema = z.object({ email });
export type ChangeEmail = z.infer<typeof ChangeEmailSchema>;

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
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;
