/**
 * One page of a content list with its cards, in one statement: the page's keys
 * (content-keys.repository.ts) joined to the tips, guides, authors and tip types they name.
 * One round trip instead of three (keys, tip cards, guide cards), planned once; so is a search
 * whose plan search-plan.ts chose. Other searches read keys, then cards (keyPages below says
 * why). Built once per shape (db/prepared.ts).
 */
import { eq, sql } from 'drizzle-orm';
import type { ContentCard, ContentTab } from '@common/schemas/content';
import type { Executor } from '@db/client';
import { preparedPerShape } from '@db/prepared';
import { guides, profiles, tipTypes, tips } from '@db/schema';
import type { Cursor } from '@server/lib/keyset';
import { pageCard, toGuideCard, toTipCard } from './cards';
import type { ContentFilter } from './content-filter';
import { type KeysShape, keysShapeOf, keysSqlOfShape, keysValues } from './content-keys.repository';
import { authorColumns, guideCardRows, guideOwnColumns, tipCardRows, tipOwnColumns } from './content.repository';

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
  return db
    .select(pageColumns)
    .from(sql`(${keysSqlOfShape(shape)}) AS page`)
    .leftJoin(tips, sql`page.kind = 'tip' AND ${tips.id} = page.id`)
    .leftJoin(tipTypes, eq(tipTypes.id, tips.tipTypeId))
    .leftJoin(guides, sql`page.kind = 'guide' AND ${guides.id} = page.id`)
    .leftJoin(profiles, sql`${profiles.userId} = COALESCE(${tips.userId}, ${guides.userId})`)
    .orderBy(sql`page.created_at DESC, page.id DESC`)
    .prepare(`content_page_${Object.values(shape).join('_')}`);
});

/**
 * The keys alone, for a search without a plan of ours (search-plan.ts: no ANALYZE figures yet):
 * their search condition is `plannedPerCall` (content-filter.ts), so the statement stays unnamed
 * and is planned for its values on every call, because the best plan depends on how common the
 * word is (db/named-statements.ts); planning the joined statement took
 * ~0.6 ms more, so their cards are read after, by statements that are planned once. A country
 * filter needs no such plan: it walks an index by country (tips_public_country_created_idx,
 * guide_countries).
 */
const keyPages = preparedPerShape((db, key: string) => {
  const shape = JSON.parse(key) as KeysShape;
  return db
    .select({ kind: sql<'tip' | 'guide'>`kind`, id: sql<string>`id`, cursorTs: sql<string>`cursor_ts` })
    .from(sql`(${keysSqlOfShape(shape)}) AS page`)
    .orderBy(sql`created_at DESC, id DESC`)
    .prepare(`content_keys_${Object.values(shape).join('_')}`);
});

/** One page (limit + 1 rows: the extra one says there is a next page), newest first. */
export async function listContentPage(
  db: Executor,
  type: ContentTab,
  f: ContentFilter,
  cursor: Cursor | null,
  limit: number,
): Promise<PageRow[]> {
  const shape = JSON.stringify(keysShapeOf(type, f, cursor, limit));
  if (f.search && !f.searchPlans) return pageByKeys(db, await keyPages(db, shape).execute(keysValues(f, cursor)));
  const rows = await pages(db, shape).execute(keysValues(f, cursor));
  return rows.flatMap((row) => {
    const card = pageCard(row);
    return card ? [{ card, id: row.id, cursorTs: row.cursorTs }] : [];
  });
}

/** The cards of the given ids, by id (an item deleted meanwhile is simply missing). */
export async function cardsByIds(db: Executor, tipIds: string[], guideIds: string[]): Promise<Map<string, ContentCard>> {
  const cards = new Map<string, ContentCard>();
  if (tipIds.length > 0) for (const row of await tipCardRows(db, tipIds)) cards.set(row.id, toTipCard(row));
  if (guideIds.length > 0) for (const row of await guideCardRows(db, guideIds)) cards.set(row.id, toGuideCard(row));
  return cards;
}

async function pageByKeys(db: Executor, keys: { kind: 'tip' | 'guide'; id: string; cursorTs: string }[]): Promise<PageRow[]> {
  const cards = await cardsByIds(
    db,
    keys.filter((k) => k.kind === 'tip').map((k) => k.id),
    keys.filter((k) => k.kind === 'guide').map((k) => k.id),
  );
  return keys.flatMap((k) => {
    const card = cards.get(k.id);
    return card ? [{ card, id: k.id, cursorTs: k.cursorTs }] : [];
  });
}
