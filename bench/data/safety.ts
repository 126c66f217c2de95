/**
 * npx tsx bench/data/safety.ts [--size full|small]: issue 25's rows added to an existing data set:
 * the visibility rows (visibility-rows.ts; the generator adds them to every data set) and the
 * rows of issue 25's own lists (reports, audit log, jobs, blocks: safety-lists.ts), so every
 * branch of the visibility rule and every list does work. Then VACUUM ANALYZE, as autovacuum
 * soon would: it marks the updated pages all-visible again, without which the index-only reads
 * visit the table (the map's correction took 13 ms instead of 1.4).
 * BENCH_DB_SUFFIX names the database as for `npm run bench`.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { DATA_SIZES, type DataSizeName } from './sizes';
import { benchDatabaseUrl, openBootstrapped } from './target';
import { addSafetyListRows } from './safety-lists';
import { addSafetyRows } from './visibility-rows';

async function main() {
  const { values } = parseArgs({ options: { size: { type: 'string', default: 'full' } } });
  const size = values.size as DataSizeName;
  if (!(size in DATA_SIZES)) throw new Error(`--size must be full or small, not ${size}`);
  const handle = await openBootstrapped({ kind: 'postgres', url: benchDatabaseUrl(size) });
  try {
    console.log(await addSafetyRows(handle, DATA_SIZES[size].members));
    console.log(await addSafetyListRows(handle, size, DATA_SIZES[size].members));
    // One statement per call: VACUUM cannot run in a transaction block.
    for (const table of ['tips', 'guides', 'blocks', 'member_suspensions', 'reports', 'audit_log', 'jobs']) {
      await handle.db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
    }
  } finally {
    await handle.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
