/**
 * npx tsx bench/data/safety.ts [--size full|small]: issue 25's rows added to an existing data set
 * (ADR 082), so Explore's and the home's benchmarks run with every branch of the visibility rule
 * doing work: half of the private tips and guides become connections-only (about 5 % of each),
 * a moderator hides 0.5 % of the public ones, the benchmarks' member (member 1) blocks ten members
 * and is blocked by ten, and twenty members are suspended. Items are chosen by a hash of their id,
 * so a second run changes nothing. Plain statements (the map cells' triggers run). Then the rows
 * of issue 25's own lists (reports, audit log, jobs, blocks: safety-lists.ts), run here only.
 * The generator (generate.ts) adds the first part to every data set. Run alone, this then does
 * VACUUM ANALYZE, as autovacuum soon would: it marks the updated pages all-visible again, without
 * which the index-only reads visit the table (the map's correction took 13 ms instead of 1.4).
 * BENCH_DB_SUFFIX names the database as for `npm run bench`.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '@db/client';
import { benchEmail } from './members';
import { DATA_SIZES, type DataSizeName } from './sizes';
import { benchDatabaseUrl, openBootstrapped } from './target';
import { rowsOf } from './bulk';
import { addSafetyListRows } from './safety-lists';

const member = (n: number) => `(SELECT id FROM users WHERE email = '${benchEmail(n)}')`;

/** Members n, n+1, ... count of them, by number (the generator's `memberN@` e-mails). */
const members = (from: number, count: number) =>
  `SELECT id FROM users WHERE email IN (${Array.from({ length: count }, (_, i) => `'${benchEmail(from + i)}'`).join(', ')})`;

export async function addSafetyRows(handle: DatabaseHandle, memberCount: number): Promise<Record<string, number>> {
  const run = (text: string) => handle.db.execute(sql.raw(text));
  for (const table of ['tips', 'guides']) {
    await run(`UPDATE ${table} SET visibility = 'connections' WHERE visibility = 'private' AND hashtext(id::text) % 2 = 0`);
    await run(
      `UPDATE ${table} SET hidden_at = created_at WHERE visibility = 'public' AND hidden_at IS NULL AND hashtext(id::text) % 200 = 0`,
    );
  }
  // Members from the end of the list: the generator's owners are skewed to the first ones.
  const last = memberCount;
  await run(
    `INSERT INTO blocks (blocker_id, blocked_id) SELECT ${member(1)}, id FROM (${members(last - 9, 10)}) m ON CONFLICT DO NOTHING`,
  );
  await run(
    `INSERT INTO blocks (blocker_id, blocked_id) SELECT id, ${member(1)} FROM (${members(last - 19, 10)}) m ON CONFLICT DO NOTHING`,
  );
  await run(`INSERT INTO member_suspensions (user_id) SELECT id FROM (${members(last - 39, 20)}) m ON CONFLICT DO NOTHING`);
  const [counts] = await rowsOf<Record<string, string>>(
    handle,
    `SELECT (SELECT count(*) FROM tips WHERE visibility = 'connections') AS connections_tips,
      (SELECT count(*) FROM tips WHERE visibility = 'private') AS private_tips,
      (SELECT count(*) FROM tips WHERE hidden_at IS NOT NULL) AS hidden_tips,
      (SELECT count(*) FROM guides WHERE visibility = 'connections') AS connections_guides,
      (SELECT count(*) FROM guides WHERE hidden_at IS NOT NULL) AS hidden_guides,
      (SELECT count(*) FROM blocks) AS blocks, (SELECT count(*) FROM member_suspensions) AS suspensions`,
  );
  return Object.fromEntries(Object.entries(counts ?? {}).map(([k, v]) => [k, Number(v)]));
}

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
