/**
 * Realtime benchmark (issue 7): N open event streams on the real server process, time from commit
 * to delivery (fan-out to all, and targeted likes) and the server's memory per open stream.
 *
 *   npx tsx bench/realtime/run.ts [--db postgres|pglite] [--streams 1000]
 *
 * PostgreSQL: BENCH_DATABASE_URL (an admin connection; default postgres://postgres@127.0.0.1:5432/postgres),
 * where a database waymark_bench_rt_<random> is created and dropped. Raw figures go to
 * .tmp/bench/realtime-results.json. How the commit moment is taken: see measure.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort } from '../../scripts/server-process';
import { measureOnServer } from './on-server';
import { prepareDatabase } from './prepare-database';
import { printSummary, summarise } from './report';
import { percentiles } from './stats';

export interface RealtimeBenchmarkOptions {
  db?: 'postgres' | 'pglite';
  streams?: number;
  fanOutRounds?: number;
  targetedRounds?: number;
  /** Members liked per targeted round. */
  targetedSample?: number;
  /** Like requests in flight at once in a targeted round. */
  likeConcurrency?: number;
  /** Admin connection for CREATE/DROP DATABASE. */
  databaseUrl?: string;
  /** Where the raw JSON goes; null for nowhere. */
  outFile?: string | null;
  log?: (line: string) => void;
}

export const TARGET_P99_MS = 250;
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ADMIN = { email: 'admin@rt-bench-admin.example.com', password: 'bench-admin-password-1' };
const HIGH_LIMIT = '100000';

export async function runRealtimeBenchmark(options: RealtimeBenchmarkOptions = {}) {
  const kind = options.db ?? 'postgres';
  const streamCount = options.streams ?? 1000;
  const fanOutRounds = options.fanOutRounds ?? 5;
  const targetedRounds = options.targetedRounds ?? 3;
  const targetedSample = Math.min(options.targetedSample ?? 200, streamCount);
  const likeConcurrency = options.likeConcurrency ?? 8;
  const log = options.log ?? ((line: string) => console.log(line));
  const outFile = options.outFile === undefined ? path.join(REPO_ROOT, '.tmp/bench/realtime-results.json') : options.outFile;
  const startedAt = new Date();
  const loadBefore = os.loadavg();

  const port = await freePort();
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env as Record<string, string>;
  const serverEnv: Record<string, string> = {
    ...inherited,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_SIGN_IN: HIGH_LIMIT,
    RATE_LIMIT_SIGN_UP: HIGH_LIMIT,
    RATE_LIMIT_INVITATIONS: HIGH_LIMIT,
    RATE_LIMIT_UPLOADS: HIGH_LIMIT,
  };

  log(`realtime: ${kind}, ${streamCount} streams; load before: ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`);
  const t = Date.now();
  const prepared = await prepareDatabase({
    kind,
    adminUrl: options.databaseUrl ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    memberCount: streamCount,
    serverEnv,
  });
  log(`  database prepared with ${prepared.members.length} members in ${Date.now() - t} ms`);
  try {
    const measured = await measureOnServer({
      ...prepared,
      admin: ADMIN,
      serverEnv,
      port,
      streamCount,
      fanOutRounds,
      targetedRounds,
      targetedSample,
      likeConcurrency,
      log,
    });
    const stamps = await prepared.readCommitStamps();
    let withoutCommitStamp = 0;
    for (const d of measured.deliveries) {
      const committedAt = stamps.get(d.eventId);
      if (committedAt === undefined) withoutCommitStamp++;
      else d.fromCommit = d.at - committedAt;
    }
    const { deliveries, rounds, dropped } = measured;
    const missing = rounds.reduce((n, r) => n + r.missing, 0);
    const latencyMs = {
      all: summarise(deliveries),
      fanOut: summarise(deliveries.filter((d) => d.kind === 'fan-out')),
      targeted: summarise(deliveries.filter((d) => d.kind === 'targeted')),
    };
    const isPass = missing === 0 && dropped === 0 && withoutCommitStamp === 0 && latencyMs.all.fromCommit.p99 <= TARGET_P99_MS;
    const result = {
      benchmark: 'realtime',
      db: kind,
      startedAt: startedAt.toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model,
        node: process.version,
        loadBefore,
        loadAfter: measured.loadAfter,
      },
      streams: streamCount,
      openAllMs: measured.openMs,
      droppedStreams: dropped,
      commitClock:
        'fromCommit: delivery minus clock_timestamp() taken by a deferred trigger during COMMIT, before the WAL flush (the verdict); fromTxStart: minus the row created_at (transaction start: upper bound); fromResponse: minus arrival of the write response (lower bound); afterOwnListen: minus arrival of the same NOTIFY at a LISTEN of the bench (server share). One machine clock.',
      targetP99Ms: TARGET_P99_MS,
      verdict: isPass ? 'PASS' : 'FAIL',
      latencyMs,
      missing,
      withoutCommitStamp,
      rounds: rounds.map((r) => ({ ...r, writeMs: percentiles(r.writeMs) })),
      memory: {
        ...measured.memory,
        note: 'RSS from /proc/<pid>/status (median of samples); heap from process.memoryUsage() after global.gc() in the server (server-probe.ts)',
      },
      benchClientEventLoopDelayMs: measured.loopDelayMs,
      options: { fanOutRounds, targetedRounds, targetedSample, likeConcurrency },
      deliveries,
    };
    printSummary(result, log);
    if (outFile) {
      mkdirSync(path.dirname(outFile), { recursive: true });
      writeFileSync(outFile, JSON.stringify(result, null, 2));
      log(`  raw results: ${path.relative(process.cwd(), outFile)}`);
    }
    return result;
  } finally {
    await prepared.drop();
  }
}

function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const db = argValue(args, '--db') ?? 'postgres';
  if (db !== 'postgres' && db !== 'pglite') throw new Error('--db is postgres or pglite');
  runRealtimeBenchmark({ db, streams: Number(argValue(args, '--streams') ?? 1000) })
    .then((r) => process.exit(r.verdict === 'PASS' ? 0 : 1))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(2);
    });
}
