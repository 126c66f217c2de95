/** Profiles (docs/product.md#profiles): the member's row, their travel stats and the profile writes. */
import { and, count, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { connections, guides, profiles, tips, userRoles, users } from '@db/schema';
import { notBlockedEitherWay } from '@db/blocks';
import { visibleTo } from '@db/visibility';

const profileColumns = {
  userId: users.id,
  email: users.email,
  role: userRoles.role,
  userCreatedAt: users.createdAt,
  name: profiles.name,
  username: profiles.username,
  bio: profiles.bio,
  country: profiles.country,
  currency: profiles.currency,
  profilePictureUrl: profiles.profilePictureUrl,
};

/** The user with profile and role; role null when the account has no role row (pending). */
export async function findProfileRow(db: Executor, userId: string) {
  const [row] = await db
    .select(profileColumns)
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

/** The same row by username, in any case (the unique index is on lower(username)). */
export async function findProfileRowByUsername(db: Executor, username: string) {
  const [row] = await db
    .select(profileColumns)
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(sql`lower(${profiles.username}) = lower(${username})`);
  return row;
}
export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfileRow>>>;

export interface ProfileStatsRow {
  tipsCount: number;
  guidesCount: number;
  /** Distinct countries of the counted tips, alphabetical. */
  countries: string[];
  connectionsCount: number;
}

/**
 * Counts of the member's content; private items only when `includePrivate` (own profile). Their
 * connections count leaves out members the viewer blocked or was blocked by, as their list does.
 */
export async function profileStats(
  db: Executor,
  userId: string,
  includePrivate: boolean,
  viewerId: string,
): Promise<ProfileStatsRow> {
  const other = sql`case when ${connections.requesterId} = ${userId}::uuid then ${connections.addresseeId} else ${connections.requesterId} end`;
  // Another member's profile counts what the viewer may see of them: their connections-only
  // items too when the viewer is a connection (ADR 081).
  const tipVisible = includePrivate ? eq(tips.userId, userId) : and(eq(tips.userId, userId), visibleTo(tips, viewerId));
  const guideVisible = includePrivate ? eq(guides.userId, userId) : and(eq(guides.userId, userId), visibleTo(guides, viewerId));
  const [[tipRow], [guideRow], countryRows, [connectionRow]] = await Promise.all([
    db.select({ n: count() }).from(tips).where(tipVisible),
    db.select({ n: count() }).from(guides).where(guideVisible),
    db.selectDistinct({ country: tips.country }).from(tips).where(tipVisible).orderBy(tips.country),
    db
      .select({ n: count() })
      .from(connections)
      .where(
        and(
          eq(connections.status, 'accepted'),
          or(eq(connections.requesterId, userId), eq(connections.addresseeId, userId)),
          viewerId === userId ? undefined : notBlockedEitherWay(viewerId, other),
        ),
      ),
  ]);
  return {
    tipsCount: tipRow?.n ?? 0,
    guidesCount: guideRow?.n ?? 0,
    countries: countryRows.map((r) => r.country),
    connectionsCount: connectionRow?.n ?? 0,
  };
}

export interface ProfileValues {
  name: string;
  username: string;
  bio: string | null;
  country: string | null;
  currency: string | null;
}

/** docs/product.md#profiles: update by user_id (upserted, so an account without a profile row gets one). */
export async function saveProfile(db: Executor, userId: string, values: ProfileValues): Promise<void> {
  const now = new Date();
  await db
    .insert(profiles)
    .values({ userId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: profiles.userId, set: { ...values, updatedAt: now } });
  // better-auth's users.name follows the profile name (the profile is the source of truth).
  await db.update(users).set({ name: values.name, updatedAt: now }).where(eq(users.id, userId));
}

/** Sets the picture URL and returns the previous one (the row is locked until commit). */
export async function replacePicture(db: Executor, userId: string, url: string): Promise<string | null> {
  const [previous] = await db
    .select({ url: profiles.profilePictureUrl })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .for('update');
  const now = new Date();
  await db
    .insert(profiles)
    .values({ userId, profilePictureUrl: url, updatedAt: now })
    .onConflictDoUpdate({ target: profiles.userId, set: { profilePictureUrl: url, updatedAt: now } });
  return previous?.url ?? null;
}
