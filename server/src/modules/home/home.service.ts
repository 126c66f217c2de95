/**
 * The home screen (issue 21): what is new from the viewer's connections, the most liked of the
 * last 30 days, and the first-run checklist. Privacy as Explore (D2): only public items of others
 * appear; a connection's private item never does, nor anything of a member not connected.
 */
import type { ContentCard } from '@common/schemas/content';
import { type HomeChecklist, type HomeQuery, POPULAR_WINDOW_DAYS } from '@common/schemas/home';
import type { Database } from '@db/client';
import { decodeCursor, encodeCursor } from '@server/lib/keyset';
import { cardsByIds } from '../content/content-page.repository';
import { decodePopularCursor, encodePopularCursor } from './home-cursor';
import * as repo from './home.repository';

interface Page {
  items: ContentCard[];
  nextCursor: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The cards of a page's keys, in the keys' order (an item deleted meanwhile is left out). */
async function cardsOf(db: Database, keys: repo.KeyRow[]): Promise<ContentCard[]> {
  const cards = await cardsByIds(
    db,
    keys.filter((k) => k.kind === 'tip').map((k) => k.id),
    keys.filter((k) => k.kind === 'guide').map((k) => k.id),
  );
  return keys.flatMap((k) => cards.get(k.id) ?? []);
}

export function createHomeService(deps: { db: Database; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  /** GET /api/home/feed: the connections' public tips and guides, newest first. */
  async function feed(viewerId: string, query: HomeQuery): Promise<Page> {
    const keys = await repo.feedKeys(db, viewerId, decodeCursor(query.cursor), query.limit);
    const pageKeys = keys.slice(0, query.limit);
    const last = pageKeys.at(-1);
    return {
      items: await cardsOf(db, pageKeys),
      nextCursor: keys.length > query.limit && last ? encodeCursor({ createdAt: last.cursor_ts, id: last.id }) : null,
    };
  }

  /**
   * GET /api/home/popular: public tips and guides created in the last 30 days with at least one
   * like, most liked first. The first page fixes the window; later pages carry it in the cursor.
   */
  async function popular(_viewerId: string, query: HomeQuery): Promise<Page> {
    const cursor = decodePopularCursor(query.cursor);
    const since = cursor?.since ?? new Date(now() - POPULAR_WINDOW_DAYS * DAY_MS).toISOString();
    const keys = await repo.popularKeys(db, since, cursor, query.limit);
    const pageKeys = keys.slice(0, query.limit);
    const last = pageKeys.at(-1);
    return {
      items: await cardsOf(db, pageKeys),
      nextCursor:
        keys.length > query.limit && last
          ? encodePopularCursor({ likes: Number(last.likes), createdAt: last.cursor_ts, id: last.id, since })
          : null,
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
    };
  }

  return { feed, popular, checklist };
}

export type HomeService = ReturnType<typeof createHomeService>;
