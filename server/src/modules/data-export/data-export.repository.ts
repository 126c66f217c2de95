/**
 * Every SQL statement of "Download my data" (issue 24, ADR 080). Each list is read a page at a
 * time by keyset along an index that starts with the member's id, never with OFFSET and never a
 * whole table: the export of a member with 10,000 tips holds one page in memory at a time.
 * Other members appear by username and name only (docs/product.md#profiles): no statement here selects their e-mail.
 * A member the exporter blocked, or who blocked them, is not named (issue 36), as in the app:
 * the one exception is blocks.jsonl, the exporter's own Blocked members list.
 */
import { and, asc, desc, eq, gt, isNotNull, or, sql } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { actorNotBlocked, notBlockedEitherWay } from '@db/blocks';
import { executeRows } from '@db/rows';
import { visibleTo } from '@db/visibility';
import {
  connections,
  guideTips,
  guides,
  invitationRequests,
  likes,
  notifications,
  profiles,
  reports,
  savedItems,
  tipTypes,
  tips,
  userRoles,
  users,
} from '@db/schema';
import { type Cursor, beforeCursor, cursorText } from '@server/lib/keyset';

/** The member's account and profile (their own e-mail: it is their data). */
export async function findAccount(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      createdAt: users.createdAt,
      role: sql<string>`coalesce(${userRoles.role}, 'pending')`,
      name: profiles.name,
      username: profiles.username,
      bio: profiles.bio,
      country: profiles.country,
      currency: profiles.currency,
      profilePictureUrl: profiles.profilePictureUrl,
      countriesVisited: profiles.countriesVisited,
      profileUpdatedAt: profiles.updatedAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

/** The invitation request of the member's address, matched as everywhere else: by lower(email). */
export async function findInvitationRequest(db: Executor, email: string) {
  const [row] = await db
    .select({
      fullName: invitationRequests.fullName,
      email: invitationRequests.email,
      country: invitationRequests.country,
      howDidYouKnow: invitationRequests.howDidYouKnow,
      aboutYourself: invitationRequests.aboutYourself,
      status: invitationRequests.status,
      createdAt: invitationRequests.createdAt,
    })
    .from(invitationRequests)
    .where(sql`lower(${invitationRequests.email}) = lower(${email})`);
  return row;
}

/** A page of the member's tips, newest first (tips_user_created_idx). */
export function tipsPage(db: Executor, userId: string, cursor: Cursor | null, limit: number) {
  return db
    .select({
      id: tips.id,
      cursorTs: cursorText(tips.createdAt),
      title: tips.title,
      tipType: tipTypes.name,
      rating: tips.rating,
      country: tips.country,
      city: tips.city,
      placeName: tips.placeName,
      googleMapsUrl: tips.googleMapsUrl,
      experienceDate: tips.experienceDate,
      valueSpent: tips.valueSpent,
      currency: tips.currency,
      description: tips.description,
      detailedContent: tips.detailedContent,
      photoUrls: tips.photoUrls,
      tags: tips.tags,
      isPrivate: tips.isPrivate,
      visibility: tips.visibility,
      isHidden: sql<boolean>`${tips.hiddenAt} IS NOT NULL`,
      likesCount: tips.likesCount,
      latitude: tips.latitude,
      longitude: tips.longitude,
      locationPrecision: tips.locationPrecision,
      createdAt: tips.createdAt,
      updatedAt: tips.updatedAt,
    })
    .from(tips)
    .leftJoin(tipTypes, eq(tipTypes.id, tips.tipTypeId))
    .where(and(eq(tips.userId, userId), beforeCursor(tips.createdAt, tips.id, cursor)))
    .orderBy(desc(tips.createdAt), desc(tips.id))
    .limit(limit);
}

/** A page of the member's guides, newest first (guides_user_created_idx). */
export function guidesPage(db: Executor, userId: string, cursor: Cursor | null, limit: number) {
  return db
    .select({
      id: guides.id,
      cursorTs: cursorText(guides.createdAt),
      title: guides.title,
      location: guides.location,
      countries: guides.countries,
      description: guides.description,
      daysCount: guides.daysCount,
      photoUrls: guides.photoUrls,
      tags: guides.tags,
      isPrivate: guides.isPrivate,
      visibility: guides.visibility,
      isHidden: sql<boolean>`${guides.hiddenAt} IS NOT NULL`,
      likesCount: guides.likesCount,
      createdAt: guides.createdAt,
      updatedAt: guides.updatedAt,
    })
    .from(guides)
    .where(and(eq(guides.userId, userId), beforeCursor(guides.createdAt, guides.id, cursor)))
    .orderBy(desc(guides.createdAt), desc(guides.id))
    .limit(limit);
}

/**
 * The items of a page of guides in itinerary order, each with its linked tip. A guide holds only
 * its author's own tips (guides.service checkOwnTips), so nothing here is another member's.
 */
export function itemsOfGuides(db: Executor, guideIds: readonly string[]) {
  return db
    .select({
      id: guideTips.id,
      guideId: guideTips.guideId,
      dayNumber: guideTips.dayNumber,
      orderInDay: guideTips.orderInDay,
      customTitle: guideTips.customTitle,
      customDescription: guideTips.customDescription,
      customPlaceName: guideTips.customPlaceName,
      tipId: tips.id,
      tipTitle: tips.title,
      tipCity: tips.city,
      tipCountry: tips.country,
      tipPlaceName: tips.placeName,
      tipDescription: tips.description,
    })
    .from(guideTips)
    .leftJoin(tips, eq(tips.id, guideTips.tipId))
    .where(sql`${guideTips.guideId} = ANY(${sql.param([...guideIds])}::uuid[])`)
    .orderBy(asc(guideTips.guideId), asc(guideTips.dayNumber), asc(guideTips.orderInDay));
}

/**
 * An item of someone's content the member reacted to: its title only while they may still see it
 * (ADR 081: not private, connections-only of someone no longer a connection, hidden by a
 * moderator, by a member either of them blocked, or by a suspended member).
 */
const visibleTitle = (table: typeof tips | typeof guides, userId: string) =>
  sql<string | null>`case when ${visibleTo(table, userId)} then ${table.title} end`;

/** A page of the member's likes of tips, by tip id (likes_user_tip_unique starts with user_id). */
export function tipLikesPage(db: Executor, userId: string, afterTipId: string | null, limit: number) {
  return db
    .select({ key: likes.tipId, itemId: likes.tipId, title: visibleTitle(tips, userId), createdAt: likes.createdAt })
    .from(likes)
    .innerJoin(tips, eq(tips.id, likes.tipId))
    .where(and(eq(likes.userId, userId), afterTipId ? gt(likes.tipId, afterTipId) : isNotNull(likes.tipId)))
    .orderBy(asc(likes.tipId))
    .limit(limit);
}

/** The same for likes of guides (likes_user_guide_unique). */
export function guideLikesPage(db: Executor, userId: string, afterGuideId: string | null, limit: number) {
  return db
    .select({ key: likes.guideId, itemId: likes.guideId, title: visibleTitle(guides, userId), createdAt: likes.createdAt })
    .from(likes)
    .innerJoin(guides, eq(guides.id, likes.guideId))
    .where(and(eq(likes.userId, userId), afterGuideId ? gt(likes.guideId, afterGuideId) : isNotNull(likes.guideId)))
    .orderBy(asc(likes.guideId))
    .limit(limit);
}

/** A page of the member's saved items, newest first (saved_items_user_created_idx). */
export function savesPage(db: Executor, userId: string, cursor: Cursor | null, limit: number) {
  return db
    .select({
      id: savedItems.id,
      cursorTs: cursorText(savedItems.createdAt),
      tipId: savedItems.tipId,
      guideId: savedItems.guideId,
      tipTitle: visibleTitle(tips, userId),
      guideTitle: visibleTitle(guides, userId),
      createdAt: savedItems.createdAt,
    })
    .from(savedItems)
    .leftJoin(tips, eq(tips.id, savedItems.tipId))
    .leftJoin(guides, eq(guides.id, savedItems.guideId))
    .where(and(eq(savedItems.userId, userId), beforeCursor(savedItems.createdAt, savedItems.id, cursor)))
    .orderBy(desc(savedItems.createdAt), desc(savedItems.id))
    .limit(limit);
}

/**
 * A page of the member's connections by id, either side (connections_requester_idx and
 * connections_addressee_idx find them), with the other member's username and name only.
 */
export function connectionsPage(db: Executor, userId: string, afterId: string | null, limit: number) {
  const otherId = sql`case when ${connections.requesterId} = ${userId} then ${connections.addresseeId} else ${connections.requesterId} end`;
  return db
    .select({
      id: connections.id,
      isRequester: sql<boolean>`${connections.requesterId} = ${userId}`,
      status: connections.status,
      username: profiles.username,
      name: profiles.name,
      createdAt: connections.createdAt,
      updatedAt: connections.updatedAt,
    })
    .from(connections)
    .leftJoin(profiles, sql`${profiles.userId} = ${otherId}`)
    .where(
      and(
        or(eq(connections.requesterId, userId), eq(connections.addresseeId, userId)),
        // A block deletes the pair's row; this keeps a row that raced it out all the same.
        notBlockedEitherWay(userId, otherId),
        afterId ? gt(connections.id, afterId) : undefined,
      ),
    )
    .orderBy(asc(connections.id))
    .limit(limit);
}

/** A page of the member's notifications, newest first (notifications_user_created_idx). */
export function notificationsPage(db: Executor, userId: string, cursor: Cursor | null, limit: number) {
  return db
    .select({
      id: notifications.id,
      cursorTs: cursorText(notifications.createdAt),
      type: notifications.type,
      content: notifications.content,
      tipId: notifications.tipId,
      guideId: notifications.guideId,
      isRead: notifications.isRead,
      createdAt: notifications.createdAt,
      actorUsername: profiles.username,
      actorName: profiles.name,
    })
    .from(notifications)
    .leftJoin(profiles, eq(profiles.userId, notifications.actorId))
    .where(
      and(
        eq(notifications.userId, userId),
        actorNotBlocked(notifications.userId, notifications.actorId),
        beforeCursor(notifications.createdAt, notifications.id, cursor),
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/** A reported member's name or username, unless the two blocked each other since (issue 36). */
const shownMember = (column: typeof profiles.username | typeof profiles.name, userId: string) =>
  sql<string | null>`case when ${notBlockedEitherWay(userId, reports.memberId)} then ${column} end`;

/**
 * A page of the reports the member made, newest first (reports_reporter_id_idx finds them). The
 * reported item's title only while the member may still see it; a reported member by username
 * and name. Never who closed a report: that is the admins' (ADR 088). Reports about the member
 * are not theirs to see, and no statement here reads them.
 */
export function reportsPage(db: Executor, userId: string, cursor: Cursor | null, limit: number) {
  return db
    .select({
      id: reports.id,
      cursorTs: cursorText(reports.createdAt),
      tipId: reports.tipId,
      guideId: reports.guideId,
      tipTitle: visibleTitle(tips, userId),
      guideTitle: visibleTitle(guides, userId),
      memberUsername: shownMember(profiles.username, userId),
      memberName: shownMember(profiles.name, userId),
      reason: reports.reason,
      details: reports.details,
      outcome: reports.outcome,
      resolvedAt: reports.resolvedAt,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .leftJoin(tips, eq(tips.id, reports.tipId))
    .leftJoin(guides, eq(guides.id, reports.guideId))
    .leftJoin(profiles, eq(profiles.userId, reports.memberId))
    .where(and(eq(reports.reporterId, userId), beforeCursor(reports.createdAt, reports.id, cursor)))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(limit);
}

/**
 * A page of the distinct photo URLs the member's tips, guides and profile show, in URL order.
 * UNION removes a photo two records share, so each file is written once.
 */
export async function photoUrlsPage(db: Executor, userId: string, afterUrl: string | null, limit: number) {
  const rows = await executeRows<{ url: string }>(
    db,
    sql`select url from (
      select unnest(${tips.photoUrls}) as url from ${tips} where ${tips.userId} = ${userId}
      union select ${tips.photoUrl} from ${tips} where ${tips.userId} = ${userId} and ${tips.photoUrl} is not null
      union select unnest(${guides.photoUrls}) from ${guides} where ${guides.userId} = ${userId}
      union select ${profiles.profilePictureUrl} from ${profiles}
        where ${profiles.userId} = ${userId} and ${profiles.profilePictureUrl} is not null
    ) as photos
    where url collate "C" > ${afterUrl ?? ''}
    order by url collate "C"
    limit ${limit}`,
  );
  return rows.map((r) => r.url);
}

/**
 * On PostgreSQL, at most one export per member across every app instance: a transaction-scoped
 * advisory lock, released with the snapshot's transaction however it ends.
 */
export async function tryLockExport(db: Executor, userId: string): Promise<boolean> {
  const [row] = await executeRows<{ locked: boolean }>(
    db,
    sql`select pg_try_advisory_xact_lock(hashtext('waymark:data-export'), hashtext(${userId})) as locked`,
  );
  return row?.locked === true;
}

/**
 * On PostgreSQL, whether an export of the member holds that lock now, on any instance. Read from
 * pg_locks rather than by taking the lock a moment: a probe could make a download starting at the
 * same instant fail. (A lock of two int4 keys shows them as classid and objid, objsubid 2.)
 */
export async function isExportLocked(db: Executor, userId: string): Promise<boolean> {
  const [row] = await executeRows<{ locked: boolean }>(
    db,
    sql`select exists (
      select 1 from pg_locks
      where locktype = 'advisory' and granted and objsubid = 2
        and database = (select oid from pg_database where datname = current_database())
        and classid = hashtext('waymark:data-export')::oid and objid = hashtext(${userId})::oid
    ) as locked`,
  );
  return row?.locked === true;
}
