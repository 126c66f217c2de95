import type { FieldErrors } from 'react-hook-form';
import type { SignUpForm } from '@common/schemas/auth';
import { TEXTS } from '@common/texts';

/**
 * The checks in order (docs/product.md#forms-and-validation): all fields filled, passwords match, password length. The schema's
 * object-level match check only runs once every field passes, so the order is restored here.
 */
export function firstSignUpError(values: Partial<SignUpForm>, errors: FieldErrors<SignUpForm>): string {
  const messages = Object.values(errors)
    .map((error) => error?.message)
    .filter((message): message is string => typeof message === 'string');
  if (messages.includes(TEXTS.fillAllFields)) return TEXTS.fillAllFields;
  if (values.password !== values.confirmPassword) return TEXTS.passwordsDoNotMatch;
  return messages[0] ?? TEXTS.genericFailure;
}
