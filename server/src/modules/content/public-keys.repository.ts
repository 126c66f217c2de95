/**
 * The newest public keys of each table, for every viewer of a process (ADR 097): Explore's pages
 * are made from them, each viewer leaving out their hidden authors. Read with the visibility
 * epoch of the same snapshot: any public item added, removed or hidden counts a new epoch.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { executeRows } from '@db/rows';
import { guides, tips } from '@db/schema';
import { isPublic, visibilityEpoch } from '@db/visibility';
import { newestFirst } from '@server/lib/keyset';

export interface PublicKeysRow {
  epoch: string;
  tipTs: string[];
  tipIds: string[];
  tipUsers: string[];
  tipPlaces: string[];
  guideTs: string[];
  guideIds: string[];
  guideUsers: string[];
  guidePlaces: string[];
}

/**
 * An item's countries as one text, joined by U+001F (kept-page.ts hasPlace): a tip's one, a
 * guide's list (an array of arrays would need them all of one length).
 */
export const placesOf = (table: typeof tips | typeof guides): SQL =>
  table === tips ? sql`${tips.country}` : sql`array_to_string(${guides.countries}, E'\x1f')`;

/**
 * A CTE of keys (created_at, id, places[, user_id]) as one array per column, all newest first,
 * named `${prefix}Ts`, `${prefix}Ids`, `${prefix}Places` (and `${prefix}Users`): kept-page.ts
 * reads the same position of each.
 */
export function keyArrays(cte: string, prefix: string, withUsers = false): SQL {
  const columns: [string, string][] = [
    ['Ts', 'created_at::text'],
    ['Ids', 'id::text'],
    ['Places', 'places'],
    ...(withUsers ? ([['Users', 'user_id::text']] as [string, string][]) : []),
  ];
  return sql.join(
    columns.map(([name, column]) =>
      sql.raw(`ARRAY(SELECT ${column} FROM ${cte} ORDER BY created_at DESC, id DESC) AS "${prefix}${name}"`),
    ),
    sql`, `,
  );
}

/** The newest `rows` public items of a table, on its (created_at, id) WHERE is_private = false index. */
const newest = (table: typeof tips | typeof guides, rows: number): SQL =>
  sql`SELECT ${table.createdAt} AS created_at, ${table.id} AS id, ${table.userId} AS user_id, ${placesOf(table)} AS places FROM ${table}
    WHERE ${isPublic(table)} ORDER BY ${newestFirst(table.createdAt)}, ${newestFirst(table.id)} LIMIT ${sql.raw(String(rows))}`;

export async function readPublicKeys(db: Executor, keep: number): Promise<PublicKeysRow> {
  const rows = await executeRows<PublicKeysRow>(
    db,
    sql`WITH public_tips AS MATERIALIZED (${newest(tips, keep + 1)}),
        public_guides AS MATERIALIZED (${newest(guides, keep + 1)})
      SELECT ${visibilityEpoch} AS epoch, ${keyArrays('public_tips', 'tip', true)}, ${keyArrays('public_guides', 'guide', true)}`,
  );
  const [row] = rows;
  if (!row) throw new Error('public-keys: the statement returned no row');
  return row;
}
