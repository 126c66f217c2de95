/**
 * One page of a content list with its cards, in one statement: the page's keys
 * (content-keys.repository.ts) joined to the tips, guides, authors and tip types they name.
 * One round trip instead of three (keys, tip cards, guide cards), and no card can go missing
 * between them. Built once per shape (db/prepared.ts).
 */
import { eq, sql } from 'drizzle-orm';
import type { ContentCard, ContentTab } from '../../../../common/schemas/content';
import type { Executor } from '../../../../db/client';
import { preparedPerShape } from '../../../../db/prepared';
import { guides, profiles, tipTypes, tips } from '../../../../db/schema';
import type { Cursor } from '../../lib/keyset';
import { guideCard, tipCard } from './cards';
import type { ContentFilter } from './content-filter';
import { type KeysShape, keysShapeOf, keysSqlOfShape, keysValues } from './content-keys.repository';
import { authorColumns, guideOwnColumns, tipOwnColumns } from './content.repository';

/** A card and the key the next page starts after. */
export interface PageRow {
  card: ContentCard;
  id: string;
  cursorTs: string;
}

const pageColumns = {
  kind: sql<'tip' | 'guide'>`page.kind`,
  id: sql<string>`page.id`,
  cursorTs: sql<string>`page.cursor_ts`,
  userId: sql<string>`COALESCE(${tips.userId}, ${guides.userId})`,
  ...authorColumns,
  tipTypeName: tipTypes.name,
  tip: tipOwnColumns,
  guide: guideOwnColumns,
};

const pages = preparedPerShape((db, key: string) => {
  const shape = JSON.parse(key) as KeysShape;
  // Searches and country filters stay unnamed, planned for their values: the best plan depends
  // on how common the word or country is (db/named-statements.ts).
  const name = shape.search || shape.country ? '' : `content_page_${Object.values(shape).join('_')}`;
  return db
    .select(pageColumns)
    .from(sql`(${keysSqlOfShape(shape)}) AS page`)
    .leftJoin(tips, sql`page.kind = 'tip' AND ${tips.id} = page.id`)
    .leftJoin(tipTypes, eq(tipTypes.id, tips.tipTypeId))
    .leftJoin(guides, sql`page.kind = 'guide' AND ${guides.id} = page.id`)
    .leftJoin(profiles, sql`${profiles.userId} = COALESCE(${tips.userId}, ${guides.userId})`)
    .orderBy(sql`page.created_at DESC, page.id DESC`)
    .prepare(name);
});

type Row = Awaited<ReturnType<ReturnType<typeof pages>['execute']>>[number];

/** Every key joins its own item (one statement, one snapshot); the types cannot know that. */
function toCard(row: Row): ContentCard | null {
  const author = { id: row.userId, name: row.authorName, username: row.authorUsername, profilePictureUrl: row.authorPictureUrl };
  if (row.kind === 'tip' && row.tip) return tipCard(row.id, author, row.tipTypeName, row.tip);
  if (row.kind === 'guide' && row.guide) return guideCard(row.id, author, row.guide);
  return null;
}

/** One page (limit + 1 rows: the extra one says there is a next page), newest first. */
export async function listContentPage(db: Executor, type: ContentTab, f: ContentFilter, cursor: Cursor | null, limit: number): Promise<PageRow[]> {
  const rows = await pages(db, JSON.stringify(keysShapeOf(type, f, cursor, limit))).execute(keysValues(f, cursor));
  return rows.flatMap((row) => {
    const card = toCard(row);
    return card ? [{ card, id: row.id, cursorTs: row.cursorTs }] : [];
  });
}
