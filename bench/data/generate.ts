/**
 * Fills a migrated, bootstrapped database with a bench data set (issue 7, "Data"), set-based in
 * SQL on the database side. Helper tables are named bench_* and dropped at the end.
 */
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '@db/client';
import { bulk, type Log, timed } from './bulk';
import { insertContent, insertGuideItems, stageGuides, stageTips } from './content';
import { placeCoordinates } from './place-coordinates';
import { generateMembers } from './members';
import {
  insertConnections,
  insertNotifications,
  insertReactions,
  stageLikeCounts,
  stageReactions,
  stageTargets,
} from './reactions';
import { addSafetyRows } from './visibility-rows';
import type { DataSizes } from './sizes';

export { DATA_SIZES, type DataSizes } from './sizes';

const HELPER_TABLES = [
  'bench_members',
  'bench_tips',
  'bench_guides',
  'bench_targets',
  'bench_likes',
  'bench_saves',
  'bench_like_counts',
  'bench_owner_tips',
  'bench_owner_tip_counts',
];

/** app_settings key marking a complete data set (the API benchmarks reuse it when present). */
export const DATASET_MARKER = 'bench_dataset';
/**
 * The generator's version, kept in the marker: a data set of another version is made again.
 * 2: the rare word fills a page at every size (word-lists.ts). 4: issue 25's rows (safety.ts).
 */
export const DATASET_VERSION = 4;

export async function generateData(handle: DatabaseHandle, sizes: DataSizes, log: Log = () => undefined): Promise<void> {
  await timed(log, `members (${sizes.members})`, () => generateMembers(handle, sizes.members));
  await timed(log, 'staging tips and guides', async () => {
    await stageTips(handle, sizes.tips, sizes.members);
    await stageGuides(handle, sizes.guides, sizes.members, sizes.guideDays);
  });
  const targets = await stageTargets(handle);
  // q scales with the item count: a few very popular items at either size.
  const q = Math.max(5, Math.round(targets / 2_000));
  await timed(log, 'staging likes and saves', async () => {
    await stageReactions(handle, 'bench_likes', sizes.likes, sizes.members, targets, q);
    await stageReactions(handle, 'bench_saves', sizes.saves, sizes.members, targets, q * 4);
    await stageLikeCounts(handle);
  });
  const coordinates = await placeCoordinates();
  await timed(log, `tips and guides (${sizes.tips} + ${sizes.guides})`, () =>
    insertContent(handle, { tips: sizes.tips, guides: sizes.guides, days: sizes.guideDays }, coordinates),
  );
  // The map cells' triggers were off during the load: counted once from the tips.
  await timed(log, 'map cells', () => bulk(handle, 'SELECT waymark_map_cells_rebuild()'));
  // So were the search words' (ADR 105): the vocabulary a misspelt word is matched against.
  await timed(log, 'search words', () => bulk(handle, 'SELECT waymark_rebuild_search_words()'));
  await timed(log, 'guide items', () => insertGuideItems(handle, sizes.guides, sizes.guideDays));
  await timed(log, `likes (${sizes.likes})`, () => insertReactions(handle, 'bench_likes', 'likes'));
  await timed(log, `saves (${sizes.saves})`, () => insertReactions(handle, 'bench_saves', 'saved_items'));
  await timed(log, `connections (${sizes.connections})`, () => insertConnections(handle, sizes.connections, sizes.members));
  await timed(log, `notifications (${sizes.notifications})`, () => insertNotifications(handle, sizes.notifications, sizes));
  // Every benchmark runs with each branch of the visibility rule doing work (ADR 082).
  await timed(log, 'connections-only, hidden, blocks, suspensions', () => addSafetyRows(handle, sizes.members));
  await bulk(
    handle,
    ...HELPER_TABLES.map((t) => `DROP TABLE IF EXISTS ${t}`),
    // The triggers were off; nothing should be there, but a stale stream must not replay the load.
    'DELETE FROM events',
    `INSERT INTO app_settings (key, value) VALUES ('${DATASET_MARKER}', '${JSON.stringify({ ...sizes, version: DATASET_VERSION })}')
     ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
  );
  // VACUUM also sets the visibility map, so index-only scans work as on a settled database.
  await timed(log, 'vacuum analyze', () => handle.db.execute(sql.raw('VACUUM ANALYZE')));
}
