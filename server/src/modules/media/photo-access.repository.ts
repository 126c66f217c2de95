/** Whether a viewer may see an uploaded photo: the SQL behind GET /api/media (ADR 085). */
import { sql } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { executeRows } from '@db/rows';
import { guides, tips } from '@db/schema';
import { hiddenAuthorsOf, visibleTo } from '@db/visibility';

/**
 * A photo of `ownerId` (the uploader in its path) that a tip or guide of theirs shows and the
 * viewer may see (ADR 081). Uploads are always their uploader's own (tips and guides accept only
 * the author's photos), so only the owner's records are read, through their user_id index.
 */
export async function recordPhotoVisible(db: Executor, viewerId: string, ownerId: string, url: string): Promise<boolean> {
  const [row] = await executeRows<{ visible: boolean }>(
    db,
    sql`SELECT EXISTS (
          SELECT 1 FROM ${tips} WHERE ${tips.userId} = ${ownerId}::uuid
            AND (${tips.photoUrls} @> ARRAY[${url}]::text[] OR ${tips.photoUrl} = ${url})
            AND ${visibleTo(tips, viewerId)}
        ) OR EXISTS (
          SELECT 1 FROM ${guides} WHERE ${guides.userId} = ${ownerId}::uuid
            AND ${guides.photoUrls} @> ARRAY[${url}]::text[]
            AND ${visibleTo(guides, viewerId)}
        ) AS visible`,
  );
  return row?.visible === true;
}

/** Whether the owner is neither blocked (either way) nor suspended, for the viewer: their profile picture. */
export async function ownerShownTo(db: Executor, viewerId: string, ownerId: string): Promise<boolean> {
  const [row] = await executeRows<{ shown: boolean }>(
    db,
    sql`SELECT ${ownerId}::uuid <> ALL (${hiddenAuthorsOf(viewerId)}) AS shown`,
  );
  return row?.shown === true;
}
