/**
 * The whole data model (docs/product.md#tips-and-guides and the rest of docs/product.md, plus what the server needs). Property names are camelCase;
 * the database columns are snake_case (drizzle `casing: 'snake_case'`, see db/client.ts).
 * The users/sessions/accounts/verifications tables are better-auth's, with its field names.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  customType,
  doublePrecision,
  bigint,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { ROLES } from '../common/schemas/auth';
import { CONNECTION_STATUSES } from '../common/schemas/connection';
import { INVITATION_STATUSES } from '../common/schemas/invitation';
import { NOTIFICATION_TYPES } from '../common/schemas/notification';
import { REPORT_REASONS } from '../common/schemas/report';
import { CONTENT_VISIBILITIES } from '../common/schemas/visibility';

const id = () => uuid().primaryKey().defaultRandom();

/** Its words as a tsvector; only PostgreSQL reads it (ADR 020), so the app never parses one. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/**
 * search_text's words (common/search.ts searchWordsOf, as SQL in migration 0011), computed by
 * PostgreSQL on every write, so no writer can forget it.
 */
const searchVector = () => tsvector().generatedAlwaysAs(sql`waymark_search_vector(search_text)`);
/**
 * The same words, each tagged with the row's month (`|202611|lisbon`, migration 0012), as an
 * expression index, not a column: a rare word's newest matches are found a few months at a time
 * instead of all at once (ADR 020). Searches write this expression exactly so.
 */
export const searchMonthsOf = (table: { searchVector: unknown; createdAt: unknown }) =>
  sql`waymark_search_months(${table.searchVector}, ${table.createdAt})`;
// Keyset indexes are built `DESC NULLS FIRST`: what a plain `ORDER BY x DESC` asks for, so every
// newest-first query walks them without a sort (PostgreSQL does not use NOT NULL to match orders).
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const roleEnum = pgEnum('role', ROLES);
export const invitationStatusEnum = pgEnum('invitation_status', INVITATION_STATUSES);
export const activationStatusEnum = pgEnum('activation_status', ['waiting_signup']);
export const connectionStatusEnum = pgEnum('connection_status', CONNECTION_STATUSES);
export const notificationTypeEnum = pgEnum('notification_type', NOTIFICATION_TYPES);
export const visibilityEnum = pgEnum('content_visibility', CONTENT_VISIBILITIES);
export const reportReasonEnum = pgEnum('report_reason', REPORT_REASONS);

// ---- Authentication (better-auth's models) ----

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text().notNull(),
    email: text().notNull(),
    emailVerified: boolean().notNull().default(false),
    image: text(),
    /**
     * Bumped, with the row locked, whenever the account's sessions end for a reason (password
     * change or reset, suspension, "sign out everywhere else", an e-mail change undone): a
     * sign-in that read an older value before it checked the password ends the session it made
     * (ADR 108).
     */
    sessionEpoch: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    // The admin's user search by a part of the e-mail (issue 36, ADR 106).
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    // User Management's order, newest first: its pages and its search walk it (ADR 112).
    index('users_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    token: text().notNull().unique(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ipAddress: text(),
    userAgent: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** When a request last used it, written at most once a few minutes (Security Settings' list). */
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    password: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: id(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

// ---- Account protection (issue 24) ----

/** A forgotten-password link: only its SHA-256 is kept; deleted when used, and all of a user's when the password changes. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

/**
 * A member's TOTP secret (encrypted at rest with the app secret). `enabledAt` null: set up but
 * not yet confirmed with a code, so sign-in does not ask for one. `lastUsedStep`: the 30 s step
 * of the last accepted code; a code of that step or an earlier one is refused (no replay).
 */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text().notNull(),
  enabledAt: timestamp({ withTimezone: true }),
  lastUsedStep: bigint({ mode: 'number' }),
  createdAt: createdAt(),
});

/** Ten single-use recovery codes per member, kept as SHA-256 hashes; `usedAt` set when spent. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_user_code_unique').on(t.userId, t.codeHash)],
);

/**
 * The step between a right password and the second factor: the browser holds the token (an
 * HttpOnly cookie), the server its SHA-256. Short-lived; wrong codes are counted in `attempts`.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    tokenHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_challenges_user_id_idx').on(t.userId)],
);

/** WebAuthn credentials (passkeys): the public key and signature counter of each, named by its owner. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** base64url credential id, as the authenticator gave it. */
    credentialId: text().notNull(),
    /** base64url COSE public key. */
    publicKey: text().notNull(),
    counter: bigint({ mode: 'number' }).notNull().default(0),
    deviceType: text().notNull(),
    backedUp: boolean().notNull().default(false),
    transports: text(),
    aaguid: text(),
    lastUsedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('passkeys_credential_id_unique').on(t.credentialId), index('passkeys_user_id_idx').on(t.userId)],
);

/** A WebAuthn challenge awaiting its answer (registration or sign-in); single-use, short-lived. */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  /** SHA-256 of the random id the browser holds in an HttpOnly cookie. */
  idHash: text().primaryKey(),
  /** Set for registration (the signed-in member), null for a passwordless sign-in. */
  userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
  challenge: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

// ---- Members ----

export const profiles = pgTable(
  'profiles',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text(),
    username: text(),
    bio: text(),
    country: text(),
    currency: varchar({ length: 3 }),
    profilePictureUrl: text(),
    countriesVisited: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('profiles_username_lower_unique').on(sql`lower(${t.username})`),
    // A part of a name or handle, any case (ILIKE): the admin's user search (ADR 106) and the
    // members' search (ADR 105), issue 36.
    index('profiles_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('profiles_username_trgm_idx').using('gin', sql`${t.username} gin_trgm_ops`),
    // The members' search walks names in its order first (ADR 111): the very expression it sorts by.
    index('profiles_sort_name_idx').on(sql`(lower(COALESCE(${t.name}, ${t.username}, '')) COLLATE "C")`, t.userId),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: roleEnum().notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_roles_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('user_roles_role_idx').on(t.role),
  ],
);

// ---- Invitations ----

export const invitationRequests = pgTable(
  'invitation_requests',
  {
    id: id(),
    fullName: text().notNull(),
    email: text().notNull(),
    country: text().notNull(),
    howDidYouKnow: text(),
    aboutYourself: text(),
    status: invitationStatusEnum().notNull().default('pending'),
    approvedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invitation_requests_email_lower_unique').on(sql`lower(${t.email})`),
    index('invitation_requests_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const pendingActivations = pgTable(
  'pending_activations',
  {
    id: id(),
    invitationRequestId: uuid().references(() => invitationRequests.id, { onDelete: 'set null' }),
    email: text().notNull(),
    fullName: text().notNull(),
    country: text(),
    status: activationStatusEnum().notNull().default('waiting_signup'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('pending_activations_email_lower_unique').on(sql`lower(${t.email})`),
    index('pending_activations_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** The single-use, expiring token of a signup link (docs/product.md#invitations-and-signing-up); only its SHA-256 is kept. */
export const signupTokens = pgTable(
  'signup_tokens',
  {
    id: id(),
    pendingActivationId: uuid()
      .notNull()
      .references(() => pendingActivations.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('signup_tokens_activation_idx').on(t.pendingActivationId)],
);

/**
 * An asked-for e-mail change (ADR 028): it applies only when the single-use link sent to the new
 * address is opened. Only the token's SHA-256 is kept; one outstanding change per member.
 */
export const emailChangeTokens = pgTable('email_change_tokens', {
  id: id(),
  userId: uuid()
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  newEmail: text().notNull(),
  tokenHash: text().notNull().unique(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/**
 * The undo links of e-mail changes (ADR 108), mailed to the address being left: when a change is
 * asked for and when it happens. Only each token's SHA-256 is stored; opening one restores
 * `oldEmail`, ends every session and drops every pending change and undo link of the account.
 */
export const emailChangeUndoTokens = pgTable(
  'email_change_undo_tokens',
  {
    tokenHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oldEmail: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('email_change_undo_tokens_user_id_idx').on(t.userId)],
);

// ---- Platform ----

export const systemMessages = pgTable(
  'system_messages',
  {
    id: id(),
    title: text().notNull(),
    content: text().notNull(),
    isActive: boolean().notNull().default(true),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('system_messages_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

export const tipTypes = pgTable(
  'tip_types',
  {
    id: id(),
    name: text().notNull(),
    color: text(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tip_types_name_lower_unique').on(sql`lower(${t.name})`)],
);

/** Messages the server would send when no SMTP server is configured (docs/product.md#e-mail). */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    bodyText: text().notNull(),
    bodyHtml: text(),
    /** Headers SMTP would send besides From, To and Subject (List-Unsubscribe): shown in the Outbox. */
    headers: jsonb().$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/** Server-wide values shared by every instance, e.g. the generated session secret. */
export const appSettings = pgTable('app_settings', {
  key: text().primaryKey(),
  value: text().notNull(),
  createdAt: createdAt(),
});

// ---- Content ----

export const tips = pgTable(
  'tips',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    tipTypeId: uuid().references(() => tipTypes.id, { onDelete: 'set null' }),
    rating: smallint(),
    country: text().notNull(),
    city: text().notNull(),
    placeName: text(),
    googleMapsUrl: text(),
    experienceDate: timestamp({ withTimezone: true }),
    valueSpent: numeric({ precision: 12, scale: 2 }),
    currency: varchar({ length: 3 }),
    description: varchar({ length: 200 }).notNull(),
    detailedContent: text(),
    photoUrls: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    photoUrl: text(),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Who may see it (docs/product.md#visibility, ADR 081): public, connections or private. */
    visibility: visibilityEnum().notNull().default('public'),
    /** Set while a moderator hides it (issue 25): then only its author and admins see it. */
    hiddenAt: timestamp({ withTimezone: true }),
    /**
     * Not shown to members at large: connections-only, private or hidden. Every list's partial
     * index keys on it (is_private = false is the public half), so PostgreSQL computes it on every
     * write and no writer can forget it (ADR 081). It keeps the original name for what it always meant.
     */
    isPrivate: boolean()
      .notNull()
      .generatedAlwaysAs(sql`visibility <> 'public' OR hidden_at IS NOT NULL`),
    likesCount: integer().notNull().default(0),
    /** Where the tip is (issue 22): null until something locates it (ADR 061). */
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    /** exact | city | pin (common/schemas/map.ts); `none` once the locator found nothing. */
    locationPrecision: text(),
    /**
     * The point's Web Mercator cell at level 24 as a Z-order number (migration 0016): every
     * grid cell of a coarser level is one range of it, so a cell's tips are one index range.
     */
    mapCell: bigint({ mode: 'number' }).generatedAlwaysAs(sql`waymark_map_cell(latitude, longitude)`),
    /** Lowercased, accent-free text of the searchable fields (common/search.ts). */
    searchText: text().notNull().default(''),
    searchVector: searchVector(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tips_search_vector_idx').using('gin', t.searchVector),
    index('tips_search_months_idx').using('gin', sql`waymark_search_months(search_vector, created_at)`),
    index('tips_country_idx').on(t.country),
    // Deleting a tip category sets its tips' tip_type_id to NULL: found through this, not by reading every tip.
    index('tips_tip_type_id_idx').on(t.tipTypeId),
    check('tips_rating_range', sql`${t.rating} IS NULL OR ${t.rating} BETWEEN 1 AND 5`),
    check('tips_likes_count_non_negative', sql`${t.likesCount} >= 0`),
    check(
      'tips_location_valid',
      sql`(${t.latitude} IS NULL) = (${t.longitude} IS NULL)
        AND (${t.latitude} IS NULL OR (${t.latitude} BETWEEN -90 AND 90 AND ${t.longitude} BETWEEN -180 AND 180))
        AND (${t.locationPrecision} IS NULL OR ${t.locationPrecision} IN ('exact', 'city', 'country', 'pin', 'none'))
        AND ((${t.latitude} IS NULL) = (${t.locationPrecision} IS NULL OR ${t.locationPrecision} = 'none'))`,
    ),
    // The map (ADR 062): a grid cell's public tips are one range; INCLUDE answers from the index.
    index('tips_public_map_cell_idx')
      .on(t.mapCell)
      .where(sql`${t.isPrivate} = false AND ${t.mapCell} IS NOT NULL`),
    // A viewer's map (ADR 084) takes away the public tips of members hidden from them and adds
    // their connections' connections-only tips, member by member and cell range by range, read
    // from these indexes alone (the coordinates and the id are in them).
    index('tips_public_user_map_cell_idx')
      .on(t.userId, t.mapCell, t.latitude, t.longitude)
      .where(sql`${t.isPrivate} = false AND ${t.mapCell} IS NOT NULL`),
    index('tips_shared_user_map_cell_idx')
      .on(t.userId, t.mapCell, t.latitude, t.longitude, t.id)
      .where(sql`${t.visibility} = 'connections' AND ${t.hiddenAt} IS NULL AND ${t.mapCell} IS NOT NULL`),
    // The locator's backfill walks the tips nothing has tried to locate yet.
    index('tips_unlocated_idx')
      .on(t.id)
      .where(sql`${t.locationPrecision} IS NULL`),
    index('tips_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('tips_public_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPrivate} = false`),
    // Explore's country filter walks public tips of one country in keyset order, and a member's
    // own-private branch walks only their private tips (a prolific author's public ones were
    // read and filtered out: 51 ms for 9,436 tips, bench data set).
    index('tips_public_country_created_idx')
      .on(t.country, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPrivate} = false`),
    index('tips_private_user_created_idx')
      .on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPrivate} = true`),
    // Explore's connections branch for a member with many connections (ADR 082): the newest
    // connections-only items, walked in order, the connections' ones kept (user_id in the index).
    index('tips_shared_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.userId)
      .where(sql`${t.visibility} = 'connections' AND ${t.hiddenAt} IS NULL`),
    // The home feed (ADR 055) walks each connection's public tips newest first and stops after a
    // page; so does another member's list. Without it their private ones were read and dropped.
    index('tips_public_user_created_idx')
      .on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPrivate} = false`),
    // The home's most liked (ADR 055): the liked public tips of the window, read from the index
    // alone and sorted by likes (2.5 ms instead of 21 ms at the full bench set's 7,451 in 30 days).
    // user_id too (ADR 082): the list leaves out authors hidden from the viewer, from the index alone.
    index('tips_liked_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.likesCount, t.id, t.userId)
      .where(sql`${t.isPrivate} = false AND ${t.likesCount} > 0`),
    // Explore's most liked and best rated (issue 36, ADR 105): the public half walked in the
    // sort's order, the connections-only half the same way keeping the connections' rows.
    index('tips_public_liked_idx')
      .on(t.likesCount.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPrivate} = false`),
    index('tips_shared_liked_idx')
      .on(t.likesCount.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.userId)
      .where(sql`${t.visibility} = 'connections' AND ${t.hiddenAt} IS NULL`),
    index('tips_public_rated_idx')
      .on(sql`(COALESCE(${t.rating}, 0)) DESC`, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPrivate} = false`),
    index('tips_shared_rated_idx')
      .on(sql`(COALESCE(${t.rating}, 0)) DESC`, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.userId)
      .where(sql`${t.visibility} = 'connections' AND ${t.hiddenAt} IS NULL`),
    // The viewer's own not-public items in those orders (ADR 111): read down to the page's floor
    // and stopped after a page, where tips_private_user_created_idx read all of them and sorted
    // (943 for the bench set's member 1).
    index('tips_private_user_liked_idx')
      .on(t.userId, t.likesCount.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPrivate} = true`),
    index('tips_private_user_rated_idx')
      .on(t.userId, sql`(COALESCE(${t.rating}, 0)) DESC`, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPrivate} = true`),
    // Explore's category (ADR 111): its public tips and the connections-only ones, each walked
    // newest first within the tip type, instead of keeping one tip in eight of the public walk and
    // intersecting every tip of the type with the connections-only span.
    index('tips_public_type_created_idx')
      .on(t.tipTypeId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPrivate} = false`),
    index('tips_shared_type_created_idx')
      .on(t.tipTypeId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.userId)
      .where(sql`${t.visibility} = 'connections' AND ${t.hiddenAt} IS NULL`),
  ],
);

export const guides = pgTable(
  'guides',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    location: text(),
    countries: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    description: text(),
    daysCount: smallint().notNull().default(1),
    photoUrls: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Who may see it (docs/product.md#visibility, ADR 081): public, connections or private. */
    visibility: visibilityEnum().notNull().default('public'),
    /** Set while a moderator hides it (issue 25): then only its author and admins see it. */
    hiddenAt: timestamp({ withTimezone: true }),
    /**
     * Not shown to members at large: connections-only, private or hidden. Every list's partial
     * index keys on it (is_private = false is the public half), so PostgreSQL computes it on every
     * write and no writer can forget it (ADR 081). It keeps the original name for what it always meant.
     */
    isPrivate: boolean()
      .notNull()
      .generatedAlwaysAs(sql`visibility <> 'public' OR hidden_at IS NOT NULL`),
    likesCount: integer().notNull().default(0),
    /** Lowercased, accent-free text of the searchable fields (common/search.ts). */
    searchText: text().notNull().default(''),
    searchVector: searchVector(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('guides_search_vector_idx').using('gin', t.searchVector),
    index('guides_search_months_idx').using('gin', sql`waymark_search_months(search_vector, created_at)`),
    check('guides_days_count_range', sql`${t.daysCount} BETWEEN 1 AND 30`),
    check('guides_likes_count_non_negative', sql`${t.likesCount} >= 0`),
    index('guides_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('guides_public_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPrivate} = false`),
    index('guides_private_user_created_idx')
      .on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPrivate} = true`),
    index('guides_shared_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.userId)
      .where(sql`${t.visibility} = 'connections' AND ${t.hiddenAt} IS NULL`),
    index('guides_public_user_created_idx')
      .on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPrivate} = false`),
    index('guides_liked_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.likesCount, t.id, t.userId)
      .where(sql`${t.isPrivate} = false AND ${t.likesCount} > 0`),
    index('guides_public_liked_idx')
      .on(t.likesCount.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPrivate} = false`),
    index('guides_shared_liked_idx')
      .on(t.likesCount.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.userId)
      .where(sql`${t.visibility} = 'connections' AND ${t.hiddenAt} IS NULL`),
    // The viewer's own not-public guides, most liked first (ADR 111), as tips_private_user_liked_idx.
    index('guides_private_user_liked_idx')
      .on(t.userId, t.likesCount.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPrivate} = true`),
  ],
);

/**
 * Every word of every tip's and guide's search_vector (issue 36, ADR 105): the vocabulary a
 * misspelt search word is matched against by trigrams ("lisbn" -> "lisbon"). Written by the
 * triggers of its migration; never pruned (a suggestion is only made when the viewer can see
 * something with it, so a stale or private word is never shown).
 */
export const searchWords = pgTable('search_words', { word: text().primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);

/**
 * One row per country of a guide, written only by the trigger of migration 0010 from
 * guides.countries. An array cannot be walked in (country, created_at) order; this table can, so
 * the country filter reads a page of guides without sorting every guide of a popular country.
 */
export const guideCountries = pgTable(
  'guide_countries',
  {
    guideId: uuid()
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    country: text().notNull(),
    /** The guide's created_at (it never changes), so the page order needs no join. */
    guideCreatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.guideId, t.country] }),
    index('guide_countries_country_created_idx').on(
      t.country,
      t.guideCreatedAt.desc().nullsFirst(),
      t.guideId.desc().nullsFirst(),
    ),
  ],
);

export const guideTips = pgTable(
  'guide_tips',
  {
    id: id(),
    guideId: uuid()
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    tipId: uuid().references(() => tips.id, { onDelete: 'set null' }),
    dayNumber: smallint().notNull(),
    orderInDay: smallint().notNull(),
    customTitle: text(),
    customDescription: text(),
    customPlaceName: text(),
  },
  (t) => [
    uniqueIndex('guide_tips_position_unique').on(t.guideId, t.dayNumber, t.orderInDay),
    index('guide_tips_tip_id_idx').on(t.tipId),
  ],
);

/**
 * A guide's public read-only link (issue 23, ADR 068): at most one per guide, gone with the guide.
 * The link's token is not stored: it is this row's random `key` with an HMAC of it under the
 * session secret, so the owner can be shown it again and a guessed key is worth nothing.
 */
export const guideShareLinks = pgTable('guide_share_links', {
  guideId: uuid()
    .primaryKey()
    .references(() => guides.id, { onDelete: 'cascade' }),
  key: uuid().notNull().unique().defaultRandom(),
  /** The link stops working at this instant (the end of the day the owner chose, UTC); null: never. */
  expiresAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
});

/** Exactly one of tipId and guideId is set; a member likes or saves an item at most once (docs/product.md#likes-and-saves). */
const oneTarget = (name: string, tipId: unknown, guideId: unknown) =>
  check(name, sql`(${tipId} IS NULL) <> (${guideId} IS NULL)`);

export const likes = pgTable(
  'likes',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tipId: uuid().references(() => tips.id, { onDelete: 'cascade' }),
    guideId: uuid().references(() => guides.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    oneTarget('likes_one_target', t.tipId, t.guideId),
    uniqueIndex('likes_user_tip_unique').on(t.userId, t.tipId),
    uniqueIndex('likes_user_guide_unique').on(t.userId, t.guideId),
    index('likes_tip_id_idx').on(t.tipId),
    index('likes_guide_id_idx').on(t.guideId),
  ],
);

export const savedItems = pgTable(
  'saved_items',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tipId: uuid().references(() => tips.id, { onDelete: 'cascade' }),
    guideId: uuid().references(() => guides.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    oneTarget('saved_items_one_target', t.tipId, t.guideId),
    uniqueIndex('saved_items_user_tip_unique').on(t.userId, t.tipId),
    uniqueIndex('saved_items_user_guide_unique').on(t.userId, t.guideId),
    index('saved_items_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('saved_items_tip_id_idx').on(t.tipId),
    index('saved_items_guide_id_idx').on(t.guideId),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    type: notificationTypeEnum().notNull(),
    content: text().notNull(),
    tipId: uuid().references(() => tips.id, { onDelete: 'cascade' }),
    guideId: uuid().references(() => guides.id, { onDelete: 'cascade' }),
    isRead: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.isRead} = false`),
    index('notifications_actor_id_idx').on(t.actorId),
    // Deleting a tip or guide deletes its notifications (ON DELETE CASCADE): without these, each
    // deletion read every notification (48 ms at 500,000 rows). Partial: most rows name neither.
    index('notifications_tip_id_idx')
      .on(t.tipId)
      .where(sql`${t.tipId} IS NOT NULL`),
    index('notifications_guide_id_idx')
      .on(t.guideId)
      .where(sql`${t.guideId} IS NOT NULL`),
  ],
);

export const connections = pgTable(
  'connections',
  {
    id: id(),
    requesterId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addresseeId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: connectionStatusEnum().notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('connections_not_self', sql`${t.requesterId} <> ${t.addresseeId}`),
    // One record per pair, whichever way round it was requested (docs/product.md#connections).
    uniqueIndex('connections_pair_unique').on(
      sql`least(${t.requesterId}, ${t.addresseeId})`,
      sql`greatest(${t.requesterId}, ${t.addresseeId})`,
    ),
    // The other side of each pair is in the index: a member's connections, which every list's
    // visibility rule reads (db/visibility.ts), come from the index alone, not a heap page each.
    index('connections_requester_idx').on(t.requesterId, t.status, t.addresseeId),
    index('connections_addressee_idx').on(t.addresseeId, t.status, t.requesterId),
  ],
);

/**
 * Each member's accepted connections as one array (ADR 098), kept by a trigger on connections in
 * the same transaction (migration 0024): what each list's rule of who sees what reads
 * (db/visibility.ts) is one row, not hundreds of index entries gathered per statement. A member
 * with no connection may have no row.
 */
export const memberConnectionLists = pgTable('member_connection_lists', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  connectionIds: uuid()
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`),
});

/**
 * Live events (docs/product.md#live-updates), written in the same transaction as the change they announce (by
 * triggers, see the realtime migration) and announced with NOTIFY on commit. The id orders the
 * stream: a reconnecting client sends Last-Event-ID and gets every later event for it.
 * user_id null = for every member (system messages).
 */
export const events = pgTable(
  'events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    payload: jsonb()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('events_user_id_idx').on(t.userId, t.id), index('events_created_at_idx').on(t.createdAt)],
);

/**
 * The map's clusters, kept by triggers on tips (migration 0016, ADR 062): public located tips
 * per Web Mercator grid cell at levels 2..20 (a map at zoom z reads level z + 2) and country.
 * The world view reads a few hundred of these rows instead of 200,000 tips.
 */
export const tipMapCells = pgTable(
  'tip_map_cells',
  {
    level: smallint().notNull(),
    x: integer().notNull(),
    y: integer().notNull(),
    country: text().notNull(),
    tipsCount: integer().notNull(),
    latitudeSum: doublePrecision().notNull(),
    longitudeSum: doublePrecision().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.level, t.x, t.y, t.country] }),
    index('tip_map_cells_empty_idx')
      .on(t.level)
      .where(sql`${t.tipsCount} = 0`),
  ],
);

// ---- Safety and control (issue 25) ----

/**
 * A member hides another from themselves and themselves from them (docs/product.md#blocking): neither sees
 * the other's content, profile or connections, and nothing passes between them. One row per
 * direction, so two members may block each other and each lifts only their own.
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
    // Who blocked the viewer: the other half of every "hidden authors" list.
    index('blocks_blocked_idx').on(t.blockedId, t.blockerId),
    // The Blocked members list, newest first.
    index('blocks_blocker_created_idx').on(t.blockerId, t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * A suspended member cannot sign in and their content is hidden (issue 25). One row per member;
 * lifting the suspension deletes it. `until` null = until an admin lifts it.
 */
export const memberSuspensions = pgTable('member_suspensions', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  until: timestamp({ withTimezone: true }),
  reason: text(),
  createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * One row, the count of committed transactions that changed who sees what (ADR 097): content's
 * visibility, moderation or place, blocks, connections, suspensions. Deferred triggers (migration
 * 0023) add one per transaction at its commit, so a reader sees the new count exactly when it sees
 * the changes. The server keeps each viewer's lists and map correction with the count they were
 * read at, and trusts them while a statement reads the same count.
 */
export const visibilityEpoch = pgTable('visibility_epoch', {
  id: smallint().primaryKey(),
  changes: bigint({ mode: 'number' }).notNull().default(0),
  /** The transaction that last counted itself: later rows of the same transaction count nothing. */
  lastTransaction: bigint({ mode: 'number' }),
});

/**
 * A member's report of a tip, a guide or another member (exactly one). Open until an admin
 * closes it with an outcome; one open report per reporter and thing, so repeats count once.
 */
export const reports = pgTable(
  'reports',
  {
    id: id(),
    reporterId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tipId: uuid().references(() => tips.id, { onDelete: 'cascade' }),
    guideId: uuid().references(() => guides.id, { onDelete: 'cascade' }),
    memberId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    reason: reportReasonEnum().notNull(),
    details: text(),
    /** dismissed | hidden | suspended | deleted (common/schemas/report.ts); null while open. */
    outcome: text(),
    resolvedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('reports_one_target', sql`num_nonnulls(${t.tipId}, ${t.guideId}, ${t.memberId}) = 1`),
    check('reports_resolved', sql`(${t.outcome} IS NULL) = (${t.resolvedAt} IS NULL)`),
    uniqueIndex('reports_open_tip_unique')
      .on(t.reporterId, t.tipId)
      .where(sql`${t.resolvedAt} IS NULL AND ${t.tipId} IS NOT NULL`),
    uniqueIndex('reports_open_guide_unique')
      .on(t.reporterId, t.guideId)
      .where(sql`${t.resolvedAt} IS NULL AND ${t.guideId} IS NOT NULL`),
    uniqueIndex('reports_open_member_unique')
      .on(t.reporterId, t.memberId)
      .where(sql`${t.resolvedAt} IS NULL AND ${t.memberId} IS NOT NULL`),
    index('reports_open_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.resolvedAt} IS NULL`),
    index('reports_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // A thing's open reports, newest first (migration 0025): the Reports tab asks, for each report
    // it walks, whether its thing has a newer open one, and reads the page's things' open reports.
    // The target indexes below hold the closed reports too (90 % of the bench set's), and a page
    // read them all. The target indexes stay for the foreign keys' deletes.
    ...(
      [
        ['reports_open_tip_idx', t.tipId],
        ['reports_open_guide_idx', t.guideId],
        ['reports_open_member_idx', t.memberId],
      ] as const
    ).map(([name, target]) =>
      index(name)
        .on(target, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
        .where(sql`${t.resolvedAt} IS NULL AND ${target} IS NOT NULL`),
    ),
    index('reports_tip_id_idx')
      .on(t.tipId)
      .where(sql`${t.tipId} IS NOT NULL`),
    index('reports_guide_id_idx')
      .on(t.guideId)
      .where(sql`${t.guideId} IS NOT NULL`),
    index('reports_member_id_idx')
      .on(t.memberId)
      .where(sql`${t.memberId} IS NOT NULL`),
    index('reports_reporter_id_idx').on(t.reporterId),
  ],
);

/**
 * An admin's decision that closed a thing's open reports (issue 36, ADR 106): the Reports tab's
 * Handled view. No foreign key to the thing: a deleted tip, guide or member takes its reports
 * with it, the decision stays, with the title and reasons as they were.
 */
export const moderationDecisions = pgTable(
  'moderation_decisions',
  {
    id: id(),
    /** dismissed | hidden | suspended | deleted (common/schemas/report.ts). */
    outcome: text().notNull(),
    targetType: text().notNull(),
    targetId: uuid().notNull(),
    title: text(),
    /** The member concerned (the author, or the reported member); no foreign key, see above. */
    memberId: uuid(),
    /** common/schemas/moderation.ts DECISION_REASONS; null for a dismissal without one. */
    reason: text(),
    note: text(),
    moderatorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    reportCount: integer().notNull(),
    reportReasons: text().array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('moderation_decisions_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('moderation_decisions_moderator_idx').on(t.moderatorId),
  ],
);

/**
 * Every admin action (issue 25): who, what, on what, before and after. Append-only: a trigger
 * (migration 0019) refuses UPDATE and DELETE, and no foreign key can rewrite a row, so the actor
 * is kept by id and e-mail as they were.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    actorId: uuid(),
    actorEmail: text(),
    /** e.g. role.change, member.suspend, tip.hide (server/src/modules/audit). */
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text(),
    before: jsonb(),
    after: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/**
 * A member's choice per notification kind (common/schemas/notification-preferences.ts); no row =
 * the kind's default. email: off | immediate | daily.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    inApp: boolean().notNull(),
    email: text().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('notification_preferences_email', sql`${t.email} IN ('off', 'immediate', 'daily')`),
  ],
);

/**
 * Background work (issue 25: e-mails, daily digests), run exactly once by any number of server
 * instances: a runner claims due rows with FOR UPDATE SKIP LOCKED. `key` makes a job unique
 * (one digest per member and day), failures retry with backoff until max_attempts.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    kind: text().notNull(),
    key: text(),
    payload: jsonb()
      .notNull()
      .default(sql`'{}'::jsonb`),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(5),
    lockedBy: text(),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    /** done | failed once finished; null while it waits or runs. */
    finishedAs: text(),
    finishedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('jobs_key_unique').on(t.key),
    index('jobs_due_idx')
      .on(t.runAt, t.id)
      .where(sql`${t.finishedAt} IS NULL`),
    index('jobs_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
