/**
 * The home screen (issue 21): what is new from the viewer's connections, the most liked of the
 * last 30 days, and the first-run checklist. Who sees what as Explore (ADR 081, 082): the feed
 * holds the connections' public and connections-only items, never a private or hidden one; the
 * most liked only public ones; neither an item of a member blocked either way or suspended.
 */
import type { ContentCard } from '@common/schemas/content';
import { type HomeChecklist, type HomeQuery, POPULAR_WINDOW_DAYS } from '@common/schemas/home';
import type { Database } from '@db/client';
import { decodeCursor, encodeCursor } from '@server/lib/keyset';
import { pageCard } from '../content/cards';
import { decodePopularCursor, encodePopularCursor } from './home-cursor';
import * as repo from './home.repository';

interface Page {
  items: ContentCard[];
  nextCursor: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The page's cards and the last row it shows (the next page starts after it), from limit + 1 rows. */
function pageOf(rows: repo.PageRow[], limit: number) {
  const pageRows = rows.slice(0, limit);
  return {
    items: pageRows.flatMap((row) => pageCard(row) ?? []),
    last: rows.length > limit ? pageRows.at(-1) : undefined,
  };
}

export function createHomeService(deps: { db: Database; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  /** GET /api/home/feed: the connections' public and connections-only tips and guides, newest first. */
  async function feed(viewerId: string, query: HomeQuery): Promise<Page> {
    const rows = await repo.feedPage(db, viewerId, decodeCursor(query.cursor), query.limit);
    const { items, last } = pageOf(rows, query.limit);
    return { items, nextCursor: last ? encodeCursor({ createdAt: last.cursorTs, id: last.id }) : null };
  }

  /**
   * GET /api/home/popular: public tips and guides created in the last 30 days with at least one
   * like, most liked first. The first page fixes the window; later pages carry it in the cursor.
   */
  async function popular(viewerId: string, query: HomeQuery): Promise<Page> {
    const cursor = decodePopularCursor(query.cursor);
    const since = cursor?.since ?? new Date(now() - POPULAR_WINDOW_DAYS * DAY_MS).toISOString();
    const rows = await repo.popularPage(db, viewerId, since, cursor, query.limit);
    const { items, last } = pageOf(rows, query.limit);
    return {
      items,
      nextCursor: last ? encodePopularCursor({ likes: Number(last.likes), createdAt: last.cursorTs, id: last.id, since }) : null,
    };
  }

  /** GET /api/home/checklist: the four first steps of a new member. */
  async function checklist(viewerId: string): Promise<HomeChecklist> {
    const row = await repo.checklist(db, viewerId);
    return {
      hasPhoto: row?.has_photo ?? false,
      hasCountry: row?.has_country ?? false,
      hasTip: row?.has_tip ?? false,
      hasConnection: row?.has_connection ?? false,
      hasActivity: row?.has_activity ?? false,
    };
  }

  return { feed, popular, checklist };
}

export type HomeService = ReturnType<typeof createHomeService>;
