/**
 * What one viewer's map differs by from the stored cells (ADR 084): tip_map_cells counts every
 * public tip for everyone, so a viewer's cells lose the public tips of members hidden from them
 * (blocked either way, suspended) and gain their connections' connections-only tips. Both lists
 * are almost always short, and each branch walks its authors' tips by user_id (partial indexes).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { executeRows } from '@db/rows';
import { tips } from '@db/schema';
import {
  ListedViewer,
  hiddenAuthorsOf,
  isPublic,
  nextSuspensionEnd,
  suspensionEndMillis,
  viewerListsCte,
  visibilityEpoch,
} from '@db/visibility';
import { cellOfCode } from './map-grid';
import { sharedTips, tipsOfMembers } from './map.repository';
import type { CellChange, Correction } from './viewer-changes';

/** The lowest and highest stored map_cell of the ranges (cells outside the view are dropped by viewer-cells.ts). */
function spanOf(area: { lows: string[]; highs: string[] }): [string, string] {
  const lows = area.lows.map(BigInt);
  const highs = area.highs.map(BigInt);
  const min = lows.reduce((a, b) => (b < a ? b : a));
  const max = highs.reduce((a, b) => (b > a ? b : a));
  return [min.toString(), max.toString()];
}

export async function viewerCellChanges(
  db: Executor,
  viewerId: string,
  shift: number,
  area: { lows: string[]; highs: string[] },
  country: string | undefined,
): Promise<CellChange[]> {
  const span = spanOf(area);
  // Both branches read the hidden authors: computed once (ADR 096).
  const viewer = new ListedViewer(viewerId);
  const where = country === undefined ? sql`true` : sql`tips.country = ${country}`;
  // The columns the two indexes hold (index-only reads); a removed tip's id is not needed.
  const columns = (id: SQL) => sql`${id} AS id, tips.map_cell, tips.latitude, tips.longitude`;
  const rows = await executeRows<Omit<CellChange, 'x' | 'y'> & { code: string }>(
    db,
    sql`WITH ${viewerListsCte(viewer)}
        SELECT (ch.map_cell >> ${shift})::text AS code,
          (count(*) FILTER (WHERE NOT ch.added))::int AS removed,
          coalesce(sum(ch.latitude) FILTER (WHERE NOT ch.added), 0)::float8 AS "removedLatitude",
          coalesce(sum(ch.longitude) FILTER (WHERE NOT ch.added), 0)::float8 AS "removedLongitude",
          (count(*) FILTER (WHERE ch.added))::int AS added,
          coalesce(sum(ch.latitude) FILTER (WHERE ch.added), 0)::float8 AS "addedLatitude",
          coalesce(sum(ch.longitude) FILTER (WHERE ch.added), 0)::float8 AS "addedLongitude",
          min(ch.id::text) FILTER (WHERE ch.added) AS "addedId"
        FROM (
          SELECT false AS added, gone.* FROM ${tipsOfMembers(hiddenAuthorsOf(viewer), columns(sql`NULL::uuid`), sql`${isPublic(tips)} AND ${where}`, 'gone', span)}
          UNION ALL
          SELECT true, came.* FROM (${sharedTips(viewer, columns(sql`tips.id`), where, span)}) came
        ) ch
        GROUP BY 1`,
  );
  return rows.map(({ code, ...change }) => ({ ...cellOfCode(BigInt(code)), ...change }));
}

/**
 * The whole world's correction for one viewer (ADR 097), at most `limit` + 1 rows, with the
 * visibility epoch of the same snapshot and when the soonest suspension ends (it changes the
 * hidden authors without a commit). viewer-corrections.ts keeps it and groups it per level.
 */
export async function viewerCorrection(db: Executor, viewerId: string, limit: number): Promise<Correction> {
  const viewer = new ListedViewer(viewerId);
  const columns = (id: SQL) => sql`${id} AS id, tips.map_cell::text AS cell, tips.latitude, tips.longitude, tips.country`;
  const rows = await executeRows<{
    epoch: string;
    nextExpiry: Date | string | null;
    id: string | null;
    cell: string | null;
    latitude: number;
    longitude: number;
    country: string;
  }>(
    db,
    sql`WITH ${viewerListsCte(viewer)},
        correction AS (
          SELECT gone.* FROM ${tipsOfMembers(hiddenAuthorsOf(viewer), columns(sql`NULL::text`), isPublic(tips), 'gone')}
          UNION ALL
          SELECT came.* FROM (${sharedTips(viewer, columns(sql`tips.id::text`), sql`true`)}) came
          LIMIT ${limit + 1})
        SELECT ${visibilityEpoch} AS epoch, ${nextSuspensionEnd} AS "nextExpiry", correction.*
        FROM (SELECT 1) AS one LEFT JOIN correction ON true`,
  );
  const [first] = rows;
  if (!first) throw new Error('map-viewer: the statement returned no row');
  return {
    epoch: first.epoch,
    nextExpiry: suspensionEndMillis(first.nextExpiry),
    rows: rows.flatMap((r) =>
      r.cell === null
        ? []
        : [{ cell: BigInt(r.cell), latitude: r.latitude, longitude: r.longitude, country: r.country, id: r.id }],
    ),
  };
}
