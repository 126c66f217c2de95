/**
 * One store under test: the real server as a child process on a PostgreSQL database of its own
 * (created here, dropped by `close()`) with photos on local disk or, for 's3', in an s3rver
 * started in a child process of its own (so its CPU is not the load generator's).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, databaseUrl, dropDatabase } from '@db/pg-admin';
import { settled } from '../api/cpu-time';
import { type Child, REPO_ROOT, startChild } from '../api/processes';
import { benchServerEnv } from '../api/run';
import { BENCH_ADMIN, LOCAL_SERVER_URL } from '../data/target';
import { signIn } from '../web/server';
import { type PhotoTip, createPhotoTip } from './photo-tip';
import { BENCH_BUCKET, S3RVER_CREDENTIALS } from './s3-child';

export type Store = 'disk' | 's3';

export interface Stack {
  store: Store;
  server: Child;
  /** The s3rver process; null for local disk. */
  s3: Child | null;
  cookie: string;
  tip: PhotoTip;
  close(): Promise<void>;
}

const OUT_DIR = path.join(REPO_ROOT, '.tmp/bench');

const s3Env = (endpoint: string) => ({
  ...S3RVER_CREDENTIALS,
  S3_BUCKET: BENCH_BUCKET,
  S3_ENDPOINT: endpoint,
  S3_REGION: 'us-east-1',
  S3_FORCE_PATH_STYLE: 'true',
});

/** Started, settled, signed in as the admin, with one photo uploaded and a public tip showing it. */
export async function startStack(store: Store, log: (line: string) => void): Promise<Stack> {
  const database = `waymark_photobench_${process.pid}_${store}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `waymark-bench-photos-${store}-`));
  let s3: Child | null = null;
  let server: Child | null = null;
  const close = async () => {
    await server?.stop();
    await s3?.stop();
    await dropDatabase(LOCAL_SERVER_URL, database);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await createDatabase(LOCAL_SERVER_URL, database);
    if (store === 's3') {
      s3 = await startChild('bench/media/s3-child.ts', {}, `/${BENCH_BUCKET}`, path.join(OUT_DIR, 'photos-s3rver.log'));
      log(`s3: s3rver in its own child process (pid ${s3.pid}) at ${s3.url}`);
    }
    const env: Record<string, string> = {
      ...benchServerEnv(),
      DATABASE_URL: databaseUrl(LOCAL_SERVER_URL, database),
      DATA_DIR: dataDir,
      ...(s3 ? s3Env(s3.url) : {}),
    };
    server = await startChild('server/src/server.ts', env, '/api/health', path.join(OUT_DIR, `photos-server-${store}.log`));
    log(`${store}: server (pid ${server.pid}) settled after ${((await settled(server.pid)) / 1000).toFixed(0)} s`);
    const cookie = await signIn(server.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const tip = await createPhotoTip(server.url, cookie);
    return { store, server, s3, cookie, tip, close };
  } catch (error) {
    await close();
    throw error;
  }
}
