/**
 * The machine `code` of every API error body (issue 38, ADR 121): clients branch on it, never on
 * the message text, which stays for people. docs/api.md explains each one; error-codes.test.ts
 * checks that the list and that section agree. Codes are snake_case and never change meaning.
 */
export const ERROR_CODES = [
  // By status, when nothing more specific applies.
  'bad_request',
  'invalid_field',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'changed_meanwhile',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal_error',
  'database_unavailable',
  'storage_unavailable',
  // Refusals a client tells apart (a field to mark, a screen to show).
  'username_taken',
  'email_taken',
  'same_email',
  'invitation_duplicate',
  'tip_type_exists',
  'current_password_wrong',
  'two_factor_code_wrong',
  'two_factor_code_used',
  'two_factor_setup_missing',
  'recovery_code_wrong',
  'reset_link_invalid',
  'already_connected',
  'connection_request_pending',
  // The client's own, never sent by the server (status 0: nothing was answered).
  'offline',
  'network_failure',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES);

export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && KNOWN.has(value);

const STATUS_CODES: Readonly<Record<number, ErrorCode>> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** The code of a status when no specific one applies. */
export function errorCodeForStatus(status: number): ErrorCode {
  if (status >= 500) return 'internal_error';
  return STATUS_CODES[status] ?? 'bad_request';
}
