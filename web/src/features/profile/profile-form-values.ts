import { ProfileUpdateSchema, type Profile, type ProfileUpdate } from '@common/schemas/profile';
import { ChangeEmailSchema } from '@common/schemas/auth';
import { TEXTS } from '@common/texts';
import { LIMITS } from '@common/limits';

/** What the edit form holds: plain strings ('' = not set). */
export type ProfileFormValues = {
  name: string;
  username: string;
  email: string;
  country: string;
  currency: string;
  bio: string;
};

export function profileToFormValues(profile: Profile): ProfileFormValues {
  return {
    name: profile.name ?? '',
    username: profile.username ?? '',
    email: profile.email ?? '',
    country: profile.country ?? '',
    currency: profile.currency ?? '',
    bio: profile.bio ?? '',
  };
}

/** The PATCH body: empty optional fields become null (the e-mail is not part of it). */
export function toProfileUpdate(values: ProfileFormValues): ProfileUpdate {
  const orNull = (v: string) => (v.trim() === '' ? null : v.trim());
  return {
    name: values.name.trim(),
    username: values.username.trim(),
    bio: orNull(values.bio),
    // The form holds any string; the schema (client check and server) narrows it to the list.
    country: orNull(values.country) as ProfileUpdate['country'],
    currency: orNull(values.currency) as ProfileUpdate['currency'],
  };
}

export type ProfileSubmission = {
  update: ProfileUpdate;
  /** The new address when it differs from the saved one, else null (saved via POST /api/auth/email). */
  newEmail: string | null;
};

/** Either the validated submission or the first problem to toast. */
export function prepareProfileSubmission(
  values: ProfileFormValues,
  savedEmail: string | null,
): { ok: true; submission: ProfileSubmission } | { ok: false; message: string } {
  const parsed = ProfileUpdateSchema.safeParse(toProfileUpdate(values));
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? TEXTS.genericFailure };
  const email = values.email.trim();
  let newEmail: string | null = null;
  if (email.toLowerCase() !== (savedEmail ?? '').trim().toLowerCase()) {
    const emailParsed = ChangeEmailSchema.safeParse({ email });
    if (!emailParsed.success) return { ok: false, message: emailParsed.error.issues[0]?.message ?? TEXTS.genericFailure };
    newEmail = emailParsed.data.email;
  }
  return { ok: true, submission: { update: toProfileUpdate(values), newEmail } };
}

export type PasswordFormValues = { currentPassword: string; newPassword: string; confirmPassword: string };

export const EMPTY_PASSWORD_FORM: PasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** SPEC 5 password change, in SPEC order; null when the form may be sent. */
export function findPasswordProblem(values: PasswordFormValues): string | null {
  if (!values.currentPassword || !values.newPassword || !values.confirmPassword) return TEXTS.fillAllPasswordFields;
  if (values.newPassword !== values.confirmPassword) return TEXTS.newPasswordsDoNotMatch;
  if (values.newPassword.length < LIMITS.passwordMinLength) return TEXTS.newPasswordTooShort;
  return null;
}

/** SPEC 9: one decimal on the profile ("12.3"). */
export function formatWorldExplored(percent: number): string {
  return (Math.round(percent * 10) / 10).toFixed(1);
}
