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
import { preparedPerDb, preparedPerShape } from '@db/prepared';
import { guides, profiles, tipTypes, tips } from '@db/schema';
import { visibilityEpoch } from '@db/visibility';
import type { Cursor } from '@server/lib/keyset';
import { pageCard, toGuideCard, toTipCard } from './cards';
import type { ContentFilter } from './content-filter';
import { type KeysShape, keysShapeOf, keysSqlOfShape, keysValues } from './content-keys.repository';
import type { PageKey } from './kept-page';
import {
  type RankCursorValue,
  type RankedSort,
  rankedKeysSqlOfShape,
  rankedShapeOf,
  rankedValues,
} from './content-ranked-keys.repository';
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

const rankedPages = preparedPerShape((db, key: string) => {
  const shape = JSON.parse(key) as Parameters<typeof rankedKeysSqlOfShape>[0];
  return db
    .select({ ...pageColumns, rank: sql<number>`page.rank` })
    .from(sql`(${rankedKeysSqlOfShape(shape)}) AS page`)
    .leftJoin(tips, sql`page.kind = 'tip' AND ${tips.id} = page.id`)
    .leftJoin(tipTypes, eq(tipTypes.id, tips.tipTypeId))
    .leftJoin(guides, sql`page.kind = 'guide' AND ${guides.id} = page.id`)
    .leftJoin(profiles, sql`${profiles.userId} = COALESCE(${tips.userId}, ${guides.userId})`)
    .orderBy(sql`page.rank DESC, page.created_at DESC, page.id DESC`)
    .prepare(`content_ranked_${Object.values(shape).join('_')}`);
});

/** One page of Explore, most liked or best rated first (limit + 1 rows), with each row's rank. */
export async function listRankedPage(
  db: Executor,
  type: ContentTab,
  sort: RankedSort,
  f: ContentFilter,
  cursor: RankCursorValue | null,
  limit: number,
): Promise<(PageRow & { rank: number })[]> {
  const shape = JSON.stringify(rankedShapeOf(type, sort, f, cursor, limit));
  const rows = await rankedPages(db, shape).execute(rankedValues(f, cursor));
  return rows.flatMap((row) => {
    const card = pageCard(row);
    return card ? [{ card, id: row.id, cursorTs: row.cursorTs, rank: Number(row.rank) }] : [];
  });
}

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

/**
 * A page whose keys were made from kept lists (kept-page.ts, ADR 097): their cards in the keys'
 * order, and the visibility epoch the statement read, which says whether those lists held. The
 * epoch's row is there even when there are no keys: the page hangs off one row the planner
 * counts as one (from visibility_epoch, never analyzed, it expected 1,770 rows and hashed every
 * profile). The arrays are read through sub-selects: in sight, each call's custom plan counted
 * their rows and looked cheaper than the generic one, so the statement was planned on every call.
 */
const keptPages = preparedPerDb((db) =>
  db
    .select({ epoch: sql<string>`${visibilityEpoch}`, ...pageColumns })
    .from(
      sql`(SELECT 1) AS one LEFT JOIN unnest((SELECT ${sql.placeholder('kinds')}::text[]), (SELECT ${sql.placeholder('ids')}::uuid[]), (SELECT ${sql.placeholder('ts')}::text[]))
        WITH ORDINALITY AS page(kind, id, cursor_ts, n) ON true`,
    )
    .leftJoin(tips, sql`page.kind = 'tip' AND ${tips.id} = page.id`)
    .leftJoin(tipTypes, eq(tipTypes.id, tips.tipTypeId))
    .leftJoin(guides, sql`page.kind = 'guide' AND ${guides.id} = page.id`)
    .leftJoin(profiles, sql`${profiles.userId} = COALESCE(${tips.userId}, ${guides.userId})`)
    .orderBy(sql`page.n`)
    .prepare('content_page_of_kept_keys'),
);

export async function pageOfKeys(db: Executor, keys: PageKey[]): Promise<{ rows: PageRow[]; epoch: string | null }> {
  const rows = await keptPages(db).execute({
    kinds: keys.map((k) => k.kind),
    ids: keys.map((k) => k.id),
    ts: keys.map((k) => k.ts),
  });
  const cards = rows.flatMap((row) => {
    const card = row.id === null ? null : pageCard(row);
    return card ? [{ card, id: row.id, cursorTs: row.cursorTs }] : [];
  });
  // An item gone since the keys were read has no card: the epoch then differs too.
  return { rows: cards, epoch: rows[0]?.epoch ?? null };
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
