import { ProfileUpdateSchema, type Profile, type ProfileUpdate } from '@common/schemas/profile';
import { ChangeEmailSchema, type ChangeEmail } from '@common/schemas/auth';
import { TEXTS } from '@common/texts';
import { LIMITS } from '@common/limits';
import { FIELD_TEXTS, issuesToFieldErrors, type FieldErrorMap } from '@/lib/form-errors';

/** What the edit form holds: plain strings ('' = not set). */
export type ProfileFormValues = {
  name: string;
  username: string;
  email: string;
  /** Asked for only when the e-mail changes (ADR 028). */
  currentPassword: string;
  country: string;
  currency: string;
  bio: string;
};

export function profileToFormValues(profile: Profile): ProfileFormValues {
  return {
    name: profile.name ?? '',
    username: profile.username ?? '',
    email: profile.email ?? '',
    currentPassword: '',
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
  /** The asked-for address change (POST /api/auth/email, applied by the mailed link), else null. */
  emailChange: ChangeEmail | null;
};

/** True when the e-mail field holds another address than the saved one (case and spaces ignored). */
export function isEmailChanged(email: string, savedEmail: string | null): boolean {
  return email.trim().toLowerCase() !== (savedEmail ?? '').trim().toLowerCase();
}

type FieldName = keyof ProfileFormValues;

/** Either the validated submission, or the first problem and the field it belongs to. */
export function prepareProfileSubmission(
  values: ProfileFormValues,
  savedEmail: string | null,
): { ok: true; submission: ProfileSubmission } | { ok: false; message: string; field?: FieldName } {
  const parsed = ProfileUpdateSchema.safeParse(toProfileUpdate(values));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0];
    return {
      ok: false,
      message: issue?.message ?? TEXTS.genericFailure,
      ...(typeof field === 'string' ? { field: field as FieldName } : {}),
    };
  }
  let emailChange: ChangeEmail | null = null;
  if (isEmailChanged(values.email, savedEmail)) {
    const emailParsed = ChangeEmailSchema.safeParse({ email: values.email.trim(), currentPassword: values.currentPassword });
    if (!emailParsed.success) {
      const issue = emailParsed.error.issues[0];
      const field = issue?.path[0] === 'currentPassword' ? 'currentPassword' : 'email';
      return { ok: false, message: issue?.message ?? TEXTS.genericFailure, field };
    }
    emailChange = emailParsed.data;
  }
  return { ok: true, submission: { update: toProfileUpdate(values), emailChange } };
}

/** Every problem of the edit form at once, one message per field (ADR 043); empty when valid. */
export function profileFormErrors(values: ProfileFormValues, savedEmail: string | null): FieldErrorMap<ProfileFormValues> {
  const update = ProfileUpdateSchema.safeParse(toProfileUpdate(values));
  const errors = update.success ? {} : issuesToFieldErrors<ProfileFormValues>(update.error.issues);
  if (!isEmailChanged(values.email, savedEmail)) return errors;
  const email = ChangeEmailSchema.safeParse({ email: values.email.trim(), currentPassword: values.currentPassword });
  return email.success ? errors : { ...errors, ...issuesToFieldErrors<ProfileFormValues>(email.error.issues) };
}

export type PasswordFormValues = { currentPassword: string; newPassword: string; confirmPassword: string };

export const EMPTY_PASSWORD_FORM: PasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The password change checks, in their order (docs/product.md#forms-and-validation); null when the form may be sent. */
export function findPasswordProblem(values: PasswordFormValues): string | null {
  if (!values.currentPassword || !values.newPassword || !values.confirmPassword) return TEXTS.fillAllPasswordFields;
  if (values.newPassword !== values.confirmPassword) return TEXTS.newPasswordsDoNotMatch;
  if (values.newPassword.length < LIMITS.passwordMinLength) return TEXTS.newPasswordTooShort;
  return null;
}

/** Every problem of the password form at once (ADR 043); the toast keeps findPasswordProblem's text. */
export function passwordFormErrors(values: PasswordFormValues): FieldErrorMap<PasswordFormValues> {
  const errors: FieldErrorMap<PasswordFormValues> = {};
  if (!values.currentPassword) errors.currentPassword = FIELD_TEXTS.required;
  if (!values.newPassword) errors.newPassword = FIELD_TEXTS.required;
  else if (values.newPassword.length < LIMITS.passwordMinLength) errors.newPassword = TEXTS.newPasswordTooShort;
  if (!values.confirmPassword) errors.confirmPassword = FIELD_TEXTS.required;
  else if (values.newPassword && values.newPassword !== values.confirmPassword) {
    errors.confirmPassword = TEXTS.newPasswordsDoNotMatch;
  }
  return errors;
}

/** docs/product.md#profiles: one decimal on the profile ("12.3"). */
export function formatWorldExplored(percent: number): string {
  return (Math.round(percent * 10) / 10).toFixed(1);
}
