/** Makes sure the data set of a (database, size) exists, and reads the ids the scenarios use. */
import path from 'node:path';
import type { DatabaseHandle } from '@db/client';
import { rowsOf } from '../data/bulk';
import { createDataset } from '../data/cli';
import { benchEmail } from '../data/members';
import { heavyBlocker } from '../data/safety-lists';
import { DATA_SIZES, type DataSizeName } from '../data/sizes';
import {
  type BenchTarget,
  benchDatabaseUrl,
  holdsDataset,
  openBootstrapped,
  postgresDatabaseExists,
  recreatePostgresDatabase,
} from '../data/target';
import { REPO_ROOT } from './processes';

export type DbKind = 'postgres' | 'pglite';

/** The member the benchmarks sign in as: member 1, the most active author (the heaviest lists). */
export const BENCH_MEMBER = 1;
/** Title prefix of tips the create scenario writes; removed before the next run. */
export const CREATED_TIP_PREFIX = 'Bench run tip';

export interface Fixtures {
  memberId: string;
  email: string;
  /** The member with the long Blocked members list (bench/data/safety-lists.ts). */
  blockerEmail: string;
  popularTipId: string;
  popularGuideId: string;
  /** Public tips of others to toggle likes on, round-robin. */
  likeTargets: string[];
  topCountry: string;
  /** A tip category of the data set (issue 36's category filter). */
  tipTypeId: string;
}

export function targetOf(db: DbKind, size: DataSizeName): BenchTarget {
  return db === 'postgres'
    ? { kind: 'postgres', url: benchDatabaseUrl(size) }
    : { kind: 'pglite', dataDir: path.join(REPO_ROOT, '.tmp/bench', `pglite-${size}`) };
}

async function readFixtures(handle: DatabaseHandle, size: DataSizeName): Promise<Fixtures> {
  const email = benchEmail(BENCH_MEMBER);
  const [me] = await rowsOf<{ id: string }>(handle, `SELECT id FROM users WHERE email = '${email}'`);
  if (!me) throw new Error(`${email} is missing from the data set`);
  const others = `NOT is_private AND user_id <> '${me.id}'`;
  const [tip] = await rowsOf<{ id: string }>(handle, `SELECT id FROM tips WHERE ${others} ORDER BY likes_count DESC LIMIT 1`);
  const [guide] = await rowsOf<{ id: string }>(
    handle,
    `SELECT id FROM guides g WHERE ${others} AND EXISTS (SELECT 1 FROM guide_tips i WHERE i.guide_id = g.id) ORDER BY likes_count DESC LIMIT 1`,
  );
  const targets = await rowsOf<{ id: string }>(handle, `SELECT id FROM tips WHERE ${others} ORDER BY id LIMIT 200`);
  const [country] = await rowsOf<{ country: string }>(
    handle,
    'SELECT country FROM tips WHERE NOT is_private GROUP BY country ORDER BY count(*) DESC LIMIT 1',
  );
  const [tipType] = await rowsOf<{ id: string }>(handle, 'SELECT id FROM tip_types ORDER BY name LIMIT 1');
  return {
    memberId: me.id,
    email,
    blockerEmail: benchEmail(heavyBlocker(DATA_SIZES[size].members)),
    popularTipId: tip!.id,
    popularGuideId: guide!.id,
    likeTargets: targets.map((t) => t.id),
    topCountry: country!.country,
    tipTypeId: tipType!.id,
  };
}

/**
 * Reuses a complete data set, else generates it (bench/data). Leftovers of an earlier run's
 * create-tip scenario are removed first, so every run sees the same amount of content.
 */
export async function prepareDataset(db: DbKind, size: DataSizeName, log: (line: string) => void): Promise<Fixtures> {
  const target = targetOf(db, size);
  const sizes = DATA_SIZES[size];
  if (target.kind === 'postgres' && !(await postgresDatabaseExists(target.url))) await recreatePostgresDatabase(target.url);
  let handle = await openBootstrapped(target);
  try {
    if (!(await holdsDataset(handle, sizes))) {
      await handle.close();
      log(`${db} ${size}: no complete data set, generating it`);
      if (target.kind === 'postgres') await recreatePostgresDatabase(target.url);
      await createDataset(size, target, log);
      handle = await openBootstrapped(target);
    }
    const removed = await rowsOf(handle, `DELETE FROM tips WHERE title LIKE '${CREATED_TIP_PREFIX}%' RETURNING 1`);
    // Those were the newest rows: left dead, every newest-first list would first step over
    // them (on the small set they outnumber the live tips), until index scans mark them killed.
    if (removed.length > 0) await rowsOf(handle, 'VACUUM ANALYZE tips');
    return await readFixtures(handle, size);
  } finally {
    await handle.close();
  }
}
