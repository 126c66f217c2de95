/** Which photo URLs a record still uses: the one query behind the photo lifecycle (ADR 041). */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { executeRows } from '@db/rows';
import { guides, profiles, tips } from '@db/schema';

/** Of these photo URLs, those some tip, guide or profile still uses (their files must stay). */
export async function referencedPhotoUrls(db: Executor, urls: readonly string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const list: SQL = sql`array[${sql.join(
    urls.map((u) => sql`${u}`),
    sql`, `,
  )}]::text[]`;
  const rows = await executeRows<{ url: string }>(
    db,
    sql`
    select u.url from unnest(${list}) as u(url)
    where exists (select 1 from ${tips} where u.url = any(${tips.photoUrls}))
       or exists (select 1 from ${guides} where u.url = any(${guides.photoUrls}))
       or exists (select 1 from ${profiles} where ${profiles.profilePictureUrl} = u.url)`,
  );
  return new Set(rows.map((r) => r.url));
}
