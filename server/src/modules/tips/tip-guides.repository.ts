/** The SQL of GET /api/tips/:id/guides (issue 36): the guides holding a tip that a member may see. */
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { guideTips, guides, tips } from '@db/schema';
import { visibleTo } from '@db/visibility';

/** The tip's author and whether `viewerId` may see it; undefined for an unknown tip. */
export async function findTipAccess(db: Executor, tipId: string, viewerId: string) {
  const [row] = await db
    .select({ userId: tips.userId, visible: sql<boolean>`${visibleTo(tips, viewerId)}` })
    .from(tips)
    .where(eq(tips.id, tipId));
  return row;
}

/** Each guide once, by title: the viewer's own and those the viewer may see (never others' titles). */
export function listGuidesHolding(db: Executor, tipId: string, viewerId: string, limit: number) {
  return db
    .selectDistinct({ id: guides.id, title: guides.title, visibility: guides.visibility })
    .from(guideTips)
    .innerJoin(guides, eq(guides.id, guideTips.guideId))
    .where(sql`${guideTips.tipId} = ${tipId} AND (${guides.userId} = ${viewerId} OR ${visibleTo(guides, viewerId)})`)
    .orderBy(asc(guides.title), asc(guides.id))
    .limit(limit);
}
