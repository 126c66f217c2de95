/**
 * A viewer's lists as Explore keeps them (ADR 097): the members hidden from them, and the keys of
 * their own newest not-public tips and guides and of their connections' newest connections-only
 * ones (at most `keep` + 1 of each, newest first), read with the visibility epoch of the same
 * snapshot.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { executeRows } from '@db/rows';
import { guides, tips } from '@db/schema';
import { ListedViewer, connectionIdsOf, hiddenAuthorsOf, viewerListsCte } from '@db/visibility';
import { newestFirst } from '@server/lib/keyset';
import { conditionsOf } from './content-filter';
import { placesOf } from './public-keys.repository';

export interface ViewerSharesRow {
  epoch: string;
  nextExpiry: Date | string | null;
  hidden: string[];
  tipTs: string[];
  tipIds: string[];
  guideTs: string[];
  guideIds: string[];
  ownTipTs: string[];
  ownTipIds: string[];
  ownGuideTs: string[];
  ownGuideIds: string[];
  tipPlaces: string[];
  guidePlaces: string[];
  ownTipPlaces: string[];
  ownGuidePlaces: string[];
}

/** Per connection a walk of their newest shared items (index on user_id, created_at WHERE is_private), merged. */
function sharedKeys(kind: 'tip' | 'guide', viewer: ListedViewer, rows: number): SQL {
  const table = kind === 'tip' ? tips : guides;
  const shared = conditionsOf(kind, { scope: { kind: 'connectionsShared', viewerId: viewer } });
  return sql`SELECT item.id, item.created_at, item.places FROM unnest(${connectionIdsOf(viewer)}) AS friend(id) CROSS JOIN LATERAL (
      SELECT ${table.id} AS id, ${table.createdAt} AS created_at, ${placesOf(table)} AS places FROM ${table} WHERE ${table.userId} = friend.id AND ${shared}
      ORDER BY ${newestFirst(table.createdAt)}, ${newestFirst(table.id)} LIMIT ${sql.raw(String(rows))}) AS item
    ORDER BY item.created_at DESC, item.id DESC LIMIT ${sql.raw(String(rows))}`;
}

/** The viewer's own not-public items (private, connections-only, hidden), on the same index. */
function ownKeys(kind: 'tip' | 'guide', viewerId: string, rows: number): SQL {
  const table = kind === 'tip' ? tips : guides;
  const own = conditionsOf(kind, { scope: { kind: 'ownPrivate', userId: viewerId } });
  return sql`SELECT ${table.id} AS id, ${table.createdAt} AS created_at, ${placesOf(table)} AS places FROM ${table} WHERE ${own}
    ORDER BY ${newestFirst(table.createdAt)}, ${newestFirst(table.id)} LIMIT ${sql.raw(String(rows))}`;
}

export async function readViewerShares(db: Executor, viewerId: string, keep: number): Promise<ViewerSharesRow> {
  const viewer = new ListedViewer(viewerId);
  const rows = await executeRows<ViewerSharesRow>(
    db,
    sql`WITH ${viewerListsCte(viewer)},
        shared_tips AS MATERIALIZED (${sharedKeys('tip', viewer, keep + 1)}),
        shared_guides AS MATERIALIZED (${sharedKeys('guide', viewer, keep + 1)}),
        own_tips AS MATERIALIZED (${ownKeys('tip', viewerId, keep + 1)}),
        own_guides AS MATERIALIZED (${ownKeys('guide', viewerId, keep + 1)})
      SELECT (SELECT changes::text FROM visibility_epoch) AS epoch,
        (SELECT min(s.until) FROM member_suspensions s WHERE s.until > now()) AS "nextExpiry",
        ${hiddenAuthorsOf(viewer)}::text[] AS hidden,
        ARRAY(SELECT created_at::text FROM shared_tips ORDER BY created_at DESC, id DESC) AS "tipTs",
        ARRAY(SELECT id::text FROM shared_tips ORDER BY created_at DESC, id DESC) AS "tipIds",
        ARRAY(SELECT created_at::text FROM shared_guides ORDER BY created_at DESC, id DESC) AS "guideTs",
        ARRAY(SELECT id::text FROM shared_guides ORDER BY created_at DESC, id DESC) AS "guideIds",
        ARRAY(SELECT created_at::text FROM own_tips ORDER BY created_at DESC, id DESC) AS "ownTipTs",
        ARRAY(SELECT id::text FROM own_tips ORDER BY created_at DESC, id DESC) AS "ownTipIds",
        ARRAY(SELECT created_at::text FROM own_guides ORDER BY created_at DESC, id DESC) AS "ownGuideTs",
        ARRAY(SELECT id::text FROM own_guides ORDER BY created_at DESC, id DESC) AS "ownGuideIds",
        ARRAY(SELECT places FROM shared_tips ORDER BY created_at DESC, id DESC) AS "tipPlaces",
        ARRAY(SELECT places FROM shared_guides ORDER BY created_at DESC, id DESC) AS "guidePlaces",
        ARRAY(SELECT places FROM own_tips ORDER BY created_at DESC, id DESC) AS "ownTipPlaces",
        ARRAY(SELECT places FROM own_guides ORDER BY created_at DESC, id DESC) AS "ownGuidePlaces"`,
  );
  const [row] = rows;
  if (!row) throw new Error('viewer-shares: the statement returned no row');
  return row;
}
