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
import { type KeptValues, type KeysShape, keysShapeOf, keysSqlOfShape, keysValues } from './content-keys.repository';
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

/**
 * A kept shape's rows also say the visibility epoch they were read at, and whether the row lies
 * beyond the oldest kept key of a table whose keys were cut short (ADR 097): then the kept keys
 * cannot tell what the page holds there.
 */
const keptColumns = {
  epoch: sql<string>`(SELECT changes::text FROM visibility_epoch)`,
  beyondKept: sql<boolean>`coalesce(page.kind = 'tip' AND (page.created_at, page.id) < (${sql.placeholder('oldestTipTs')}::timestamptz, ${sql.placeholder('oldestTipId')}::uuid), false)
    OR coalesce(page.kind = 'guide' AND (page.created_at, page.id) < (${sql.placeholder('oldestGuideTs')}::timestamptz, ${sql.placeholder('oldestGuideId')}::uuid), false)`,
};

const pages = preparedPerShape((db, key: string) => {
  const shape = JSON.parse(key) as KeysShape;
  return db
    .select({ ...pageColumns, ...(shape.kept ? keptColumns : {}) })
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

/** A kept table's keys, and whether they are all of its shared items (else `oldest` is where they stop). */
export interface KeptTable {
  ts: string[];
  ids: string[];
  complete: boolean;
  oldest?: { ts: string; id: string };
}

/** What listKeptContentPage binds: the viewer's kept lists (viewer-shares.ts). */
export interface KeptPageValues extends KeptValues {
  tip: KeptTable;
  guide: KeptTable;
}

/** A page read with the viewer's kept lists, with the epoch it was read at (null: no row said). */
export interface KeptPage {
  rows: PageRow[];
  /** The rows the statement returned (a row whose item just went has no card). */
  rowCount: number;
  epoch: string | null;
  /** A row lies beyond the kept keys of a table they do not hold whole. */
  isBeyondKept: boolean;
}

/** One Explore page without search or country, its shared items from the kept keys (ADR 097). */
export async function listKeptContentPage(
  db: Executor,
  type: ContentTab,
  f: ContentFilter,
  cursor: Cursor | null,
  limit: number,
  kept: KeptPageValues,
): Promise<KeptPage> {
  const shape = JSON.stringify(keysShapeOf(type, f, cursor, limit, true));
  const rows = (await pages(db, shape).execute({
    ...keysValues(f, cursor, kept),
    oldestTipTs: kept.tip.oldest?.ts,
    oldestTipId: kept.tip.oldest?.id,
    oldestGuideTs: kept.guide.oldest?.ts,
    oldestGuideId: kept.guide.oldest?.id,
  })) as (Awaited<ReturnType<ReturnType<typeof pages>['execute']>>[number] & { epoch: string; beyondKept: boolean })[];
  return {
    rows: rows.flatMap((row) => {
      const card = pageCard(row);
      return card ? [{ card, id: row.id, cursorTs: row.cursorTs }] : [];
    }),
    rowCount: rows.length,
    epoch: rows[0]?.epoch ?? null,
    isBeyondKept: rows.some((row) => row.beyondKept),
  };
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
