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
import {
  ListedViewer,
  connectionIdsOf,
  hiddenAuthorsOf,
  nextSuspensionEnd,
  viewerListsCte,
  visibilityEpoch,
} from '@db/visibility';
import { newestFirst } from '@server/lib/keyset';
import { conditionsOf } from './content-filter';
import { keyArrays, placesOf } from './public-keys.repository';

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
      SELECT ${visibilityEpoch} AS epoch, ${nextSuspensionEnd} AS "nextExpiry",
        ${hiddenAuthorsOf(viewer)}::text[] AS hidden,
        ${keyArrays('shared_tips', 'tip')}, ${keyArrays('shared_guides', 'guide')},
        ${keyArrays('own_tips', 'ownTip')}, ${keyArrays('own_guides', 'ownGuide')}`,
  );
  const [row] = rows;
  if (!row) throw new Error('viewer-shares: the statement returned no row');
  return row;
}
