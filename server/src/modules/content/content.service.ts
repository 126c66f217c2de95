/**
 * Content lists (docs/product.md#screens): a member's tips and guides, Explore, and the Saved list.
 * Who sees what (docs/product.md#visibility, ADR 081): every list, count, search and country list holds only what the
 * viewer may see: public items, their own, and their connections' connections-only ones; never
 * an item of a member blocked either way or suspended, nor another's hidden item. Admins see
 * what any member sees.
 */
import type { ContentCard, ContentCounts, ContentTab, ExploreSort, SavedItem } from '@common/schemas/content';
import { normalizeForSearch, searchWordsOf } from '@common/search';
import type { Database } from '@db/client';
import { NotFoundError } from '@server/lib/errors';
import { type Cursor, decodeCursor, encodeCursor } from '@server/lib/keyset';
import { decodeRankCursor, encodeRankCursor } from '@server/lib/rank-cursor';
import type { RankedSort } from './content-ranked-keys.repository';
import { suggestSearch } from './search-suggestion';
import { type ContentFilter, filterOf } from './content-filter';
import { searchPlanFor } from './search-plan';
import { searchWindowsFor } from './search-window';
import { createWordStatsReader } from './word-stats.repository';
import { cardsByIds, listContentPage, listRankedPage, pageOfKeys } from './content-page.repository';
import { type KeySource, assemblePage } from './kept-page';
import { type PublicKeysCache, createPublicKeys } from './public-keys';
import { type ViewerSharesCache, createViewerShares } from './viewer-shares';
import * as repo from './content.repository';

export interface ContentListQuery {
  type: ContentTab;
  q?: string;
  country?: string;
  cursor?: string;
  limit: number;
}

/** Explore's query (issue 36): an order and a tip category besides the lists' filters. */
export interface ExploreListQuery extends ContentListQuery {
  /** Newest first when absent. */
  sort?: ExploreSort;
  tipType?: string;
}

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

const SAVED_ITEM_NOT_FOUND = 'Saved item not found';
const NO_ITEMS = { items: [], nextCursor: null };
const NO_COUNTS: ContentCounts = { tips: 0, guides: 0 };

function nextCursorOf<R extends { cursorTs: string; id: string }>(rows: R[], limit: number): string | null {
  const last = rows[limit - 1];
  return rows.length > limit && last ? encodeCursor({ createdAt: last.cursorTs, id: last.id }) : null;
}

export function createContentService(deps: { db: Database; shares?: ViewerSharesCache; publics?: PublicKeysCache }) {
  const { db } = deps;
  const wordStats = createWordStatsReader(db);
  const shares = deps.shares ?? createViewerShares({ db });
  const publics = deps.publics ?? createPublicKeys({ db });

  /** Explore's search, with the plan search-plan.ts chooses for each table when ANALYZE's figures exist. */
  async function withSearchPlans(
    filter: ContentFilter,
    q: string | undefined,
    cursor: Cursor | null,
    limit: number,
  ): Promise<ContentFilter> {
    if (!filter.search) return filter;
    const stats = await wordStats();
    const words = searchWordsOf(normalizeForSearch(q ?? ''));
    const tip = searchPlanFor(stats.tips, words, limit + 1);
    const guide = searchPlanFor(stats.guides, words, limit + 1);
    if (!tip || !guide) return filter;
    const searchPlans = { tip: tip.plan, guide: guide.plan };
    return { ...filter, searchPlans, searchWindows: searchWindowsFor({ tip, guide }, words, cursor) };
  }

  async function page(filter: ContentFilter, type: ContentTab, cursor: Cursor | null, limit: number) {
    const rows = (await keptPage(filter, type, cursor, limit)) ?? (await listContentPage(db, type, filter, cursor, limit));
    return { items: rows.slice(0, limit).map((r) => r.card), nextCursor: nextCursorOf(rows, limit) };
  }

  /**
   * Explore without a search (in one country or all), from kept keys (ADR 097): the process's
   * public keys less the viewer's hidden authors, their own and their connections' shared keys,
   * merged; one statement reads the page's cards and the epoch. Null when a kept list is not
   * current (its read starts in the background), the kept keys cannot tell the page
   * (kept-page.ts) or the statement says another epoch: the statement that computes the page
   * answers instead.
   */
  async function keptPage(filter: ContentFilter, type: ContentTab, cursor: Cursor | null, limit: number) {
    if (filter.scope.kind !== 'visible' || filter.search || filter.tipType) return null;
    const viewerId = filter.scope.viewerId;
    const publicKeys = publics.current();
    const kept = shares.current(viewerId);
    if (!publicKeys || !kept) return null;
    if (publicKeys.epoch !== kept.epoch) {
      // Read at different epochs: the older is read again.
      if (Number(publicKeys.epoch) < Number(kept.epoch)) publics.forget(publicKeys.epoch);
      else shares.forget(viewerId);
      return null;
    }
    const kinds = type === 'tips' ? (['tip'] as const) : type === 'guides' ? (['guide'] as const) : (['tip', 'guide'] as const);
    const sources = kinds.flatMap((kind): KeySource[] => [
      { kind, list: publicKeys[kind], hidden: kept.hidden },
      { kind, list: kept.own[kind] },
      { kind, list: kept.shared[kind] },
    ]);
    const keys = assemblePage(sources, cursor, limit + 1, filter.country);
    if (!keys) return null;
    const page = await pageOfKeys(db, keys);
    if (page.epoch === kept.epoch) return page.rows;
    publics.forget(publicKeys.epoch);
    shares.forget(viewerId);
    return null;
  }

  async function userScope(viewerId: string, userId: string): Promise<ContentFilter['scope']> {
    if (userId !== viewerId && !(await repo.userExists(db, userId))) throw new NotFoundError('User not found');
    return { kind: 'user', userId, viewerId };
  }

  /** GET /api/users/:userId/content: all of one's own; of another's, what the viewer may see. */
  async function userContent(viewerId: string, userId: string, query: ContentListQuery): Promise<Page<ContentCard>> {
    const filter = filterOf(await userScope(viewerId, userId), query);
    return filter ? page(filter, query.type, decodeCursor(query.cursor), query.limit) : NO_ITEMS;
  }

  async function userContentCounts(viewerId: string, userId: string): Promise<ContentCounts> {
    return repo.countContent(db, { scope: await userScope(viewerId, userId) });
  }

  const visible = (viewerId: string): ContentFilter['scope'] => ({ kind: 'visible', viewerId });

  /**
   * GET /api/explore: what the viewer may see, newest first, most liked or best rated. With a tip
   * category no guide is listed (a guide has none).
   */
  async function explore(viewerId: string, query: ExploreListQuery): Promise<Page<ContentCard>> {
    const filter = filterOf(visible(viewerId), query);
    if (!filter || (filter.tipType && query.type === 'guides')) return NO_ITEMS;
    if (query.sort && query.sort !== 'newest') {
      return rankedPage(await withSearchPlans(filter, query.q, null, query.limit), query.type, query.sort, query);
    }
    const cursor = decodeCursor(query.cursor);
    return page(await withSearchPlans(filter, query.q, cursor, query.limit), query.type, cursor, query.limit);
  }

  /** Most liked or best rated: keyset pages over (rank, created_at, id), ties newest first. */
  async function rankedPage(filter: ContentFilter, type: ContentTab, sort: RankedSort, query: ContentListQuery) {
    const rows = await listRankedPage(db, type, sort, filter, decodeRankCursor(query.cursor), query.limit);
    const last = rows[query.limit - 1];
    return {
      items: rows.slice(0, query.limit).map((r) => r.card),
      nextCursor:
        rows.length > query.limit && last ? encodeRankCursor({ rank: last.rank, createdAt: last.cursorTs, id: last.id }) : null,
    };
  }

  async function exploreCounts(
    viewerId: string,
    query: { q?: string; country?: string; tipType?: string },
  ): Promise<ContentCounts> {
    const filter = filterOf(visible(viewerId), query);
    return filter ? repo.countContent(db, filter) : NO_COUNTS;
  }

  /**
   * GET /api/explore/suggestion: for a search that finds nothing, one with its words spelt as
   * known words that the viewer finds something with: Explore's own first item, not a count (a
   * count of "lisbon"'s matches cost 24 ms of PostgreSQL CPU on the full bench set).
   */
  async function exploreSuggestion(viewerId: string, q: string): Promise<string | null> {
    return suggestSearch(db, q, async (candidate) => {
      const found = await explore(viewerId, { type: 'all', q: candidate, limit: 1 });
      return found.items.length > 0;
    });
  }

  /** The countries of what the viewer can see, alphabetical. */
  async function exploreCountries(viewerId: string): Promise<string[]> {
    const countries = await repo.listCountries(db, { scope: visible(viewerId) });
    return countries.sort((a, b) => a.localeCompare(b, 'en'));
  }

  /** GET /api/saved: newest saved first; an item the viewer can no longer see is left out. */
  async function saved(viewerId: string, query: ContentListQuery): Promise<Page<SavedItem>> {
    const filter = filterOf(visible(viewerId), { q: query.q });
    if (!filter) return NO_ITEMS;
    const rows = await repo.listSavedKeys(db, viewerId, query.type, filter, decodeCursor(query.cursor), query.limit);
    const pageRows = rows.slice(0, query.limit);
    const cards = await cardsByIds(
      db,
      pageRows.flatMap((r) => r.tipId ?? []),
      pageRows.flatMap((r) => r.guideId ?? []),
    );
    return {
      items: pageRows.flatMap((r) => {
        const item = cards.get(r.tipId ?? r.guideId ?? '');
        return item ? [{ id: r.id, savedAt: r.savedAt.toISOString(), item }] : [];
      }),
      nextCursor: nextCursorOf(rows, query.limit),
    };
  }

  async function savedCounts(viewerId: string, query: { q?: string }): Promise<ContentCounts> {
    const filter = filterOf(visible(viewerId), { q: query.q });
    return filter ? repo.countSaved(db, viewerId, filter) : NO_COUNTS;
  }

  /** Remove from Saved: only the caller's own row; anyone else's is 404, never 403. */
  async function removeSaved(viewerId: string, savedId: string): Promise<void> {
    if (!(await repo.deleteSavedItem(db, viewerId, savedId))) throw new NotFoundError(SAVED_ITEM_NOT_FOUND);
  }

  return {
    userContent,
    userContentCounts,
    explore,
    exploreCounts,
    exploreSuggestion,
    exploreCountries,
    saved,
    savedCounts,
    removeSaved,
  };
}

export type ContentService = ReturnType<typeof createContentService>;
