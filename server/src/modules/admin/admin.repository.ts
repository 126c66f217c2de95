/** SQL of the admin panel (issue 5). Rules live in admin.service.ts. */
import { type SQL, desc, eq, sql } from 'drizzle-orm';
import type { Role } from '@common/schemas/auth';
import type { Executor } from '@db/client';
import {
  guides,
  invitationRequests,
  memberSuspensions,
  pendingActivations,
  profiles,
  systemMessages,
  tipTypes,
  tips,
  userRoles,
  users,
} from '@db/schema';
import { type Cursor, cursorText, limitLiteral, pageLimit } from '@server/lib/keyset';
import { containsPattern } from '@server/lib/like-pattern';

const count = sql<number>`count(*)::int`;

async function countOf(q: Promise<{ n: number }[]>): Promise<number> {
  const [row] = await q;
  return row?.n ?? 0;
}

export async function stats(db: Executor) {
  const [totalUsers, pendingRoles, activations, invitationCount, totalTips, totalGuides] = await Promise.all([
    countOf(db.select({ n: count }).from(profiles)),
    // A user without a role row counts as pending (the access check treats it so).
    countOf(
      db
        .select({ n: count })
        .from(users)
        .leftJoin(userRoles, eq(userRoles.userId, users.id))
        .where(sql`coalesce(${userRoles.role}, 'pending') = 'pending'`),
    ),
    countOf(db.select({ n: count }).from(pendingActivations)),
    countOf(db.select({ n: count }).from(invitationRequests)),
    countOf(db.select({ n: count }).from(tips)),
    countOf(db.select({ n: count }).from(guides)),
  ]);
  return { totalUsers, pendingUsers: pendingRoles + activations, invitationRequests: invitationCount, totalTips, totalGuides };
}

const roleColumn = sql<Role>`coalesce(${userRoles.role}, 'pending')`;

const adminUserColumns = {
  id: users.id,
  name: profiles.name,
  username: profiles.username,
  email: users.email,
  role: roleColumn,
  createdAt: users.createdAt,
  isSuspended: sql<boolean>`${memberSuspensions.userId} IS NOT NULL`,
  suspendedUntil: memberSuspensions.until,
};

/** Only a suspension in force: one that ran out reads as none (ADR 081). */
const suspensionInForce = sql`${memberSuspensions.userId} = ${users.id} AND (${memberSuspensions.until} IS NULL OR ${memberSuspensions.until} > now())`;

/**
 * How many accounts the search walks, newest first, before it gathers the matches instead. Each
 * account walked is a probe of its profile (~3 µs on the bench set, three times a name walked by
 * the members' search): 100 finds a page of 50 for a fragment in half the accounts ("a", a
 * domain), and wastes 0.3 ms on a rare one.
 */
export const WALKED_USERS = 100;

/**
 * The accounts of User Management's page: every account with a profile, newest first
 * (users_created_idx), or only those whose name, handle or e-mail holds `q` in any case.
 * The search is one statement, two ways (ADR 112), as the members' search is (ADR 111):
 * - **walked**: the next WALKED_USERS accounts in the page's order, those that match kept. A
 *   common fragment ("a", "gmail", a domain) fills its page there; a window of the order holding a
 *   full page is the page.
 * - **gathered**: only when the walk falls short, every match through the trigram indexes
 *   (profiles_name_trgm_idx, profiles_username_trgm_idx, users_email_trgm_idx, migration 0028),
 *   sorted by age.
 * Roles and suspensions are read for the page's rows only: joined to every match before the
 * sort, they cost 1.8-4.2 ms of PostgreSQL CPU for "Silva" on the bench set.
 */
function pageOfUsers(cursor: Cursor | null, limit: number, q: string | undefined): SQL {
  const rows = limitLiteral(limit + 1);
  const after = (alias: SQL) =>
    cursor
      ? sql`AND (${alias}.created_at, ${alias}.id) < ((SELECT ${cursor.createdAt}::timestamptz), (SELECT ${cursor.id}::uuid))`
      : sql``;
  const newest = (alias: SQL) => sql`ORDER BY ${alias}.created_at DESC, ${alias}.id DESC`;
  const u = sql.raw('u');
  const hasProfile = (alias: SQL) => sql`EXISTS (SELECT 1 FROM profiles hp WHERE hp.user_id = ${alias}.id)`;
  if (!q) {
    return sql`SELECT u.id, u.created_at FROM users u WHERE ${hasProfile(u)} ${after(u)} ${newest(u)} LIMIT ${rows}`;
  }
  // Read through a sub-select: one generic plan for every search (ADR 099).
  const like = sql`(SELECT ${containsPattern(q)}::text)`;
  const w = sql.raw('w');
  const g = sql.raw('g');
  return sql`WITH walked AS MATERIALIZED (
      SELECT w.id, w.created_at FROM (
        SELECT u.id, u.created_at, u.email FROM users u WHERE true ${after(u)} ${newest(u)}
        LIMIT ${limitLiteral(WALKED_USERS)}) AS w
      -- OFFSET 0: a probe per account walked, in the walk's order, never a join that sorts again.
      CROSS JOIN LATERAL (SELECT wp.name, wp.username FROM profiles wp WHERE wp.user_id = w.id OFFSET 0) AS wp
      WHERE wp.name ILIKE ${like} OR wp.username ILIKE ${like} OR w.email ILIKE ${like}
      ${newest(w)} LIMIT ${rows})
    (SELECT id, created_at FROM walked WHERE (SELECT count(*) FROM walked) >= ${rows})
    UNION ALL
    (SELECT g.id, g.created_at FROM (
        SELECT sp.user_id AS id FROM profiles sp WHERE sp.name ILIKE ${like}
        UNION SELECT sp.user_id FROM profiles sp WHERE sp.username ILIKE ${like}
        UNION SELECT su.id FROM users su WHERE su.email ILIKE ${like} AND ${hasProfile(sql.raw('su'))}
        OFFSET 0) AS matched
      -- A probe per match: joined, PostgreSQL read all of users into a hash for a few hundred.
      CROSS JOIN LATERAL (SELECT g.id, g.created_at FROM users g WHERE g.id = matched.id OFFSET 0) AS g
      WHERE (SELECT count(*) FROM walked) < ${rows} ${after(g)}
      ${newest(g)} LIMIT ${rows})`;
}

/** Users with a profile, newest first; only those matching `q` when given. */
export function listUsers(db: Executor, cursor: Cursor | null, limit: number, q?: string) {
  // Each of the page's accounts is completed by probes (OFFSET 0 keeps them so): joined,
  // PostgreSQL hashed all of users for a page of 50.
  const account = db
    .select({ email: users.email, createdAt: users.createdAt, cursorTs: cursorText(users.createdAt).as('cursor_ts') })
    .from(users)
    .where(sql`${users.id} = found.id`)
    .offset(0)
    .as('account');
  const profile = db
    .select({ name: profiles.name, username: profiles.username })
    .from(profiles)
    .where(sql`${profiles.userId} = found.id`)
    .offset(0)
    .as('profile');
  const role = db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(sql`${userRoles.userId} = found.id`)
    .offset(0)
    .as('role');
  const suspension = db
    .select({ userId: memberSuspensions.userId, until: memberSuspensions.until })
    .from(memberSuspensions)
    .where(
      sql`${memberSuspensions.userId} = found.id AND (${memberSuspensions.until} IS NULL OR ${memberSuspensions.until} > now())`,
    )
    .offset(0)
    .as('suspension');
  return db
    .select({
      id: sql<string>`found.id`,
      name: profile.name,
      username: profile.username,
      email: account.email,
      role: sql<Role>`coalesce(${role.role}, 'pending')`,
      createdAt: account.createdAt,
      isSuspended: sql<boolean>`${suspension.userId} IS NOT NULL`,
      suspendedUntil: suspension.until,
      cursorTs: account.cursorTs,
    })
    .from(sql`(${pageOfUsers(cursor, limit, q)}) AS found`)
    .innerJoinLateral(account, sql`true`)
    .innerJoinLateral(profile, sql`true`)
    .leftJoinLateral(role, sql`true`)
    .leftJoinLateral(suspension, sql`true`)
    .orderBy(sql`found.created_at DESC, found.id DESC`)
    .limit(pageLimit(limit + 1));
}

export async function findUser(db: Executor, userId: string) {
  const [row] = await db
    .select(adminUserColumns)
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(memberSuspensions, suspensionInForce)
    .where(eq(users.id, userId));
  return row;
}

/** Sets the role (a missing role row is written). */
export async function setRole(db: Executor, userId: string, role: Role): Promise<void> {
  await db.insert(userRoles).values({ userId, role }).onConflictDoUpdate({ target: userRoles.userId, set: { role } });
}

// ---- Pending activations ----

const activationColumns = {
  id: pendingActivations.id,
  email: pendingActivations.email,
  fullName: pendingActivations.fullName,
  country: pendingActivations.country,
  createdAt: pendingActivations.createdAt,
};

export function listActivations(db: Executor) {
  return db
    .select(activationColumns)
    .from(pendingActivations)
    .orderBy(desc(pendingActivations.createdAt), desc(pendingActivations.id));
}

export async function lockActivation(db: Executor, id: string) {
  const [row] = await db.select(activationColumns).from(pendingActivations).where(eq(pendingActivations.id, id)).for('update');
  return row;
}

/** Its signup tokens go with it (ON DELETE CASCADE). */
export async function deleteActivation(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(pendingActivations).where(eq(pendingActivations.id, id)).returning({ id: pendingActivations.id });
  return rows.length > 0;
}

// ---- System messages ----

const messageColumns = {
  id: systemMessages.id,
  title: systemMessages.title,
  content: systemMessages.content,
  isActive: systemMessages.isActive,
  createdAt: systemMessages.createdAt,
};

export function listMessages(db: Executor) {
  return db.select(messageColumns).from(systemMessages).orderBy(desc(systemMessages.createdAt), desc(systemMessages.id));
}

export async function insertMessage(db: Executor, values: { title: string; content: string; createdBy: string }) {
  const [row] = await db
    .insert(systemMessages)
    .values({ ...values, isActive: true })
    .returning(messageColumns);
  if (!row) throw new Error('system message was not written');
  return row;
}

export async function findMessage(db: Executor, id: string) {
  const [row] = await db.select(messageColumns).from(systemMessages).where(eq(systemMessages.id, id)).for('update');
  return row;
}

export async function updateMessage(db: Executor, id: string, set: { title?: string; content?: string; isActive?: boolean }) {
  const [row] = await db.update(systemMessages).set(set).where(eq(systemMessages.id, id)).returning(messageColumns);
  return row;
}

// ---- Tip types ----

export async function insertTipType(db: Executor, name: string) {
  const [row] = await db.insert(tipTypes).values({ name }).returning();
  if (!row) throw new Error('tip type was not written');
  return row;
}

export async function findTipType(db: Executor, id: string) {
  const [row] = await db.select({ name: tipTypes.name }).from(tipTypes).where(eq(tipTypes.id, id)).for('update');
  return row;
}

export async function renameTipType(db: Executor, id: string, name: string) {
  const [row] = await db.update(tipTypes).set({ name }).where(eq(tipTypes.id, id)).returning();
  return row;
}
