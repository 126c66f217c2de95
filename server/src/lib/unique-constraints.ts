/**
 * What a 409 says when a unique constraint refused a write (ADR 026). Services that know the
 * field answer first with their own message; the error handler falls back on this table, so no
 * unique violation anywhere becomes a 500. unique-constraints.api.test.ts checks that every
 * unique index of the migrated database is named here, so a new constraint must be placed.
 */
import type { ErrorCode } from '@common/error-codes';
import { ADMIN_TEXTS } from '@common/schemas/admin';
import { TEXTS } from '@common/texts';
import { USERNAME_TEXTS } from '@common/username';

/** Constraints a person can run into, with the message that tells them what is taken. */
export const UNIQUE_CONSTRAINT_MESSAGES: Readonly<Record<string, string>> = {
  users_email_lower_unique: TEXTS.emailInUse,
  profiles_username_lower_unique: USERNAME_TEXTS.taken,
  invitation_requests_email_lower_unique: TEXTS.invitationDuplicate,
  pending_activations_email_lower_unique: TEXTS.invitationDuplicate,
  tip_types_name_lower_unique: ADMIN_TEXTS.tipTypeExists,
  likes_user_tip_unique: TEXTS.alreadyLiked,
  likes_user_guide_unique: TEXTS.alreadyLiked,
  saved_items_user_tip_unique: TEXTS.alreadySaved,
  saved_items_user_guide_unique: TEXTS.alreadySaved,
  connections_pair_unique: TEXTS.connectionExists,
  email_change_tokens_userId_unique: TEXTS.alreadyExists,
  passkeys_credential_id_unique: TEXTS.alreadyExists,
};

/**
 * Constraints only two requests racing each other can hit (a primary key, a row per user, a
 * random token): the generic "already exists, reload" message is the right one.
 */
export const INTERNAL_UNIQUE_CONSTRAINTS: readonly string[] = [
  'sessions_token_unique',
  'signup_tokens_tokenHash_unique',
  'email_change_tokens_tokenHash_unique',
  'user_roles_userId_unique',
  'guide_tips_position_unique',
  'guide_share_links_key_unique',
  'two_factor_recovery_codes_user_code_unique',
  // A repeated report counts once (the service inserts ON CONFLICT DO NOTHING); a job's key
  // (one digest per member and day) is claimed the same way.
  'reports_open_tip_unique',
  'reports_open_guide_unique',
  'reports_open_member_unique',
  'jobs_key_unique',
];

/** The code and field of the constraints whose 409 a form shows under a field (ADR 121). */
const UNIQUE_CONSTRAINT_DETAILS: Readonly<Record<string, { code: ErrorCode; field: string }>> = {
  users_email_lower_unique: { code: 'email_taken', field: 'email' },
  profiles_username_lower_unique: { code: 'username_taken', field: 'username' },
  invitation_requests_email_lower_unique: { code: 'invitation_duplicate', field: 'email' },
  pending_activations_email_lower_unique: { code: 'invitation_duplicate', field: 'email' },
  tip_types_name_lower_unique: { code: 'tip_type_exists', field: 'name' },
};

/** The 409's code and field for a violation of `constraint` (the rest: `conflict`, no field). */
export function uniqueViolationDetails(constraint: string | undefined): { code: ErrorCode; field?: string } {
  return (constraint && UNIQUE_CONSTRAINT_DETAILS[constraint]) || { code: 'conflict' };
}

/** The 409 message for a violation of `constraint` (unknown or unnamed: the generic one). */
export function uniqueViolationMessage(constraint: string | undefined): string {
  return (constraint && UNIQUE_CONSTRAINT_MESSAGES[constraint]) || TEXTS.alreadyExists;
}
