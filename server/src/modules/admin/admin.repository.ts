/** SQL of the admin panel (issue 5). Rules live in admin.service.ts. */
import { desc, eq, sql } from 'drizzle-orm';
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
import { type Cursor, beforeCursor, cursorText, pageLimit } from '@server/lib/keyset';

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

/** Users with a profile (inner join), newest first. */
export function listUsers(db: Executor, cursor: Cursor | null, limit: number) {
  return db
    .select({ ...adminUserColumns, cursorTs: cursorText(users.createdAt) })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(memberSuspensions, suspensionInForce)
    .where(beforeCursor(users.createdAt, users.id, cursor))
    .orderBy(desc(users.createdAt), desc(users.id))
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
