/**
 * Field errors of a refused form (ADR 043): one message per bad field, all at once, under the
 * field; focus and scroll go to the first bad field in document order. Small on purpose: the
 * sign-in form (every visitor's first page) uses it.
 */
import * as React from 'react';
import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ErrorCode } from '@common/error-codes';
import { TEXTS } from '@common/texts';
import { ApiError } from './api-client';

export const FIELD_TEXTS = { required: 'This field is required' } as const;

/** The quoted "fill in all ..." texts (docs/product.md#texts-word-for-word) speak of the whole form; under one field they say "required". */
const WHOLE_FORM_TEXTS: ReadonlySet<string> = new Set([
  TEXTS.fillAllFields,
  TEXTS.fillAllPasswordFields,
  'Please fill in title, country, city, and short description',
]);

/** The text under a field for a form-level or field-level message. */
export function fieldText(error: Pick<FieldError, 'message'> | string | undefined): string | undefined {
  const message = typeof error === 'string' ? error : error?.message;
  if (!message) return undefined;
  return WHOLE_FORM_TEXTS.has(message) ? FIELD_TEXTS.required : message;
}

export type FieldErrorMap<T extends FieldValues> = Partial<Record<Path<T>, string>>;

/** The first message per top-level field of schema issues (zod's safeParse). */
export function issuesToFieldErrors<T extends FieldValues>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrorMap<T> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && !(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** Puts every message on its field (react-hook-form), replacing the previous attempt's. */
export function setFieldErrors<T extends FieldValues>(setError: UseFormSetError<T>, errors: FieldErrorMap<T>): boolean {
  const entries = Object.entries(errors) as [Path<T>, string | undefined][];
  for (const [name, message] of entries) if (message) setError(name, { type: 'manual', message: fieldText(message) });
  return entries.length > 0;
}

/** How a form reads a refusal's field: server fields under another name, codes with no field. */
export interface ServerFieldMap<F extends string> {
  /** A request field the form shows under another control (`recoveryCode` -> the form's `code`). */
  byField?: Readonly<Record<string, F>>;
  /** A refusal that names no field but belongs under one here (`rate_limited` -> `code`). */
  byCode?: Partial<Readonly<Record<ErrorCode, F>>>;
}

/**
 * The form field a server refusal is about, or undefined (ADR 121): the body's `field` (or the
 * first of `fields` the form has), read by its top-level name (`items.0.customTitle` -> items),
 * else what the form says about the body's `code`. Never the message text.
 */
export function serverErrorField<F extends string>(
  error: unknown,
  fields: readonly F[],
  map: ServerFieldMap<F> = {},
): F | undefined {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return undefined;
  for (const path of error.fields) {
    const top = path.split('.')[0] ?? path;
    const field = map.byField?.[top] ?? top;
    if ((fields as readonly string[]).includes(field)) return field as F;
  }
  return error.code === undefined ? undefined : map.byCode?.[error.code];
}

/** Focuses the first control marked invalid, in document order, and scrolls it to the middle. */
export function focusFirstInvalid(root: ParentNode | null | undefined): HTMLElement | null {
  const target = root?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? null;
  if (!target) return null;
  target.focus({ preventScroll: true });
  // The middle, not the top: the sticky header (and Edit Guide's sticky bar) would cover it.
  target.scrollIntoView({ block: 'center', inline: 'nearest' });
  return target;
}

/**
 * For a form's root element (`formRef`): `focusFirstInvalid()` after a refused submit focuses the
 * first bad field once the messages are drawn, whatever kind of control it is. "Once drawn" is
 * the first commit that shows an invalid control: react-hook-form calls onInvalid before it
 * publishes the errors, so the commit right after the request may not show them yet.
 */
export function useFocusFirstInvalid<E extends HTMLElement = HTMLFormElement>() {
  const formRef = React.useRef<E>(null);
  const isPending = React.useRef(false);
  const [, setAttempt] = React.useState(0);
  React.useEffect(() => {
    if (isPending.current && focusFirstInvalid(formRef.current)) isPending.current = false;
  });
  const request = React.useCallback(() => {
    isPending.current = true;
    setAttempt((n) => n + 1);
  }, []);
  return { formRef, focusFirstInvalid: request };
}

/**
 * A react-hook-form form's refusals: `showErrors` puts every message under its field and focuses
 * the first; `showError` does it for one field a server refusal named (nothing when undefined).
 */
export function useFormErrors<T extends FieldValues>(setError: UseFormSetError<T>) {
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const showErrors = (errors: FieldErrorMap<T>) => {
    if (setFieldErrors(setError, errors)) focusFirstInvalid();
  };
  const showError = (field: Path<T> | undefined, message: string) => {
    if (!field) return;
    setError(field, { type: 'server', message });
    focusFirstInvalid();
  };
  return { formRef, focusFirstInvalid, showErrors, showError };
}
