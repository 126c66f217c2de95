/**
 * API benchmarks of issue 7: the real server as a child process, loaded by autocannon from this
 * process over loopback, on PostgreSQL and PGlite at the small and full data sets, next to a bare
 * Fastify route measured the same way (the ceiling).
 *
 *   npx tsx bench/api/run.ts [--db postgres|pglite|both] [--size small|full|both] [--duration S] [--connections N]
 *                            [--only TEXT] [--cpu-prof]
 *
 * --only runs the scenarios whose name contains TEXT; --cpu-prof writes the server's V8 CPU
 * profile to .tmp/bench/cpu-<db>-<size>/ (open it in Chrome's DevTools).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_PASSWORD } from '../data/members';
import type { DataSizeName } from '../data/sizes';
import { BENCH_ADMIN, benchDatabaseUrl } from '../data/target';
import { type DbKind, type Fixtures, prepareDataset, targetOf } from './datasets';
import { cpuSnapshot, cpuSpent, settled } from './cpu-time';
import { measure } from './load';
import { type Child, REPO_ROOT, startChild } from './processes';
import { compareSizes, formatComparisons, formatRun, type RunResult, type ScenarioResult } from './report';
import { type Caller, EXPLORE_LIST, EXPLORE_SORTED, SAFETY_LISTS, buildScenarios, deepCursor, signIn } from './scenarios';

export interface ApiBenchOptions {
  dbs: DbKind[];
  sizes: DataSizeName[];
  durationSeconds: number;
  connections: number;
  only?: string;
  cpuProfile?: boolean;
  log?: (line: string) => void;
}

const OUT_DIR = path.join(REPO_ROOT, '.tmp/bench');
const WARM_UP_SECONDS = 1;
/** The most the config accepts: rate limits must not answer 429 to the load. */
const NO_RATE_LIMITS = {
  RATE_LIMIT_SIGN_IN: '100000',
  RATE_LIMIT_SIGN_UP: '100000',
  RATE_LIMIT_INVITATIONS: '100000',
  RATE_LIMIT_UPLOADS: '100000',
};

/** Every benched server's settings: production, quiet, the bench admin, no rate limit in the way. */
export function benchServerEnv(): Record<string, string> {
  return {
    ...NO_RATE_LIMITS,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
  };
}

function startWaymark(db: DbKind, size: DataSizeName, cpuProfile: boolean): Promise<Child> {
  const target = targetOf(db, size);
  const env = benchServerEnv();
  if (target.kind === 'postgres') {
    env.DATABASE_URL = benchDatabaseUrl(size);
    env.DATA_DIR = path.join(OUT_DIR, `media-postgres-${size}`);
  } else {
    env.DATA_DIR = target.dataDir;
  }
  // A flag, not NODE_OPTIONS: Node refuses --cpu-prof there.
  const nodeArgs = cpuProfile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(OUT_DIR, `cpu-${db}-${size}`)}`] : [];
  return startChild('server/src/server.ts', env, '/api/health', path.join(OUT_DIR, `server-${db}-${size}.log`), nodeArgs);
}

async function runOne(db: DbKind, size: DataSizeName, bare: Child, o: Required<ApiBenchOptions>): Promise<RunResult> {
  const fixtures: Fixtures = await prepareDataset(db, size, o.log);
  const before = os.loadavg();
  const server = await startWaymark(db, size, o.cpuProfile);
  try {
    o.log(`${db} ${size}: server settled after ${((await settled(server.pid)) / 1000).toFixed(0)} s`);
    const cookies: Record<Caller, string> = {
      member: await signIn(server.url, fixtures.email, BENCH_PASSWORD),
      admin: await signIn(server.url, BENCH_ADMIN.email, BENCH_ADMIN.password),
      blocker: await signIn(server.url, fixtures.blockerEmail, BENCH_PASSWORD),
    };
    const deep = await deepCursor(server.url, cookies.member, EXPLORE_LIST);
    const deepCursors: Record<string, string> = { [EXPLORE_LIST.name]: deep.cursor };
    for (const list of [...EXPLORE_SORTED, ...SAFETY_LISTS]) {
      try {
        deepCursors[list.name] = (await deepCursor(server.url, cookies[list.as], list)).cursor;
      } catch (error) {
        o.log(`${db} ${size}: ${list.name} skipped (${(error as Error).message}; bench/data/safety.ts fills it)`);
      }
    }
    const load = { connections: o.connections, durationSeconds: o.durationSeconds };
    o.log(`${db} ${size}: bare Fastify`);
    const ceiling = await measure({ ...load, url: `${bare.url}/ping`, method: 'GET', headers: {} });
    const scenarios: ScenarioResult[] = [];
    // The PostgreSQL database whose backends' CPU counts (none on PGlite: it runs in the server).
    const database = db === 'postgres' ? new URL(benchDatabaseUrl(size)).pathname.slice(1) : null;
    for (const s of buildScenarios(fixtures, deepCursors).filter((s) => s.name.includes(o.only))) {
      const headers: Record<string, string> = { cookie: cookies[s.as ?? 'member'], 'x-waymark-csrf': '1' };
      if (s.body) headers['content-type'] = 'application/json';
      const request = { url: server.url + s.path, method: s.method, headers, body: s.body };
      await measure({ ...request, connections: o.connections, durationSeconds: WARM_UP_SECONDS });
      o.log(`${db} ${size}: ${s.name}`);
      const cpuBefore = cpuSnapshot(server.pid, database);
      const result = await measure({ ...request, ...load });
      const cpu = cpuSpent(cpuBefore, cpuSnapshot(server.pid, database));
      const perRequest = (ms: number) => ms / Math.max(result.requests, 1);
      scenarios.push({
        name: s.name,
        isRead: s.isRead,
        ...result,
        serverCpuMs: perRequest(cpu.serverMs),
        databaseCpuMs: perRequest(cpu.databaseMs),
      });
    }
    // autocannon drops its sockets at the deadline; let the server finish those requests
    // before SIGTERM, or they fail against a closed pool and clutter the server log.
    await new Promise((r) => setTimeout(r, 1_000));
    return { db, size, ceiling, scenarios, deepPageItems: deep.items, loadAverage: { before, after: os.loadavg() } };
  } finally {
    await server.stop();
  }
}

export async function runApiBenchmarks(options: ApiBenchOptions): Promise<RunResult[]> {
  const o: Required<ApiBenchOptions> = { log: console.log, only: '', cpuProfile: false, ...options };
  mkdirSync(OUT_DIR, { recursive: true });
  const bare = await startChild(
    path.join('bench/api/bare-fastify.ts'),
    { HOST: '127.0.0.1' },
    '/ping',
    path.join(OUT_DIR, 'bare-fastify.log'),
  );
  const runs: RunResult[] = [];
  try {
    for (const db of o.dbs) {
      for (const size of o.sizes) {
        const run = await runOne(db, size, bare, o);
        runs.push(run);
        o.log(formatRun(run));
      }
    }
  } finally {
    await bare.stop();
  }
  const comparisons = compareSizes(runs);
  o.log(formatComparisons(comparisons));
  const file = path.join(OUT_DIR, 'api-results.json');
  const machine = { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version, at: new Date().toISOString() };
  const json = JSON.stringify({ machine, options: { ...options, log: undefined }, runs, comparisons }, null, 2);
  writeFileSync(file, json);
  // A copy per run too: the next run overwrites api-results.json, and noisy figures need history.
  writeFileSync(path.join(OUT_DIR, `api-results-${machine.at.replace(/[:.]/g, '-')}.json`), json);
  o.log(`\nraw results: ${path.relative(process.cwd(), file)}`);
  return runs;
}

const both = <T extends string>(value: string, all: T[]): T[] => (value === 'both' ? all : [value as T]);

export function parseApiBenchArgs(argv: string[]): ApiBenchOptions {
  const { values } = parseArgs({
    args: argv,
    strict: false,
    options: {
      db: { type: 'string', default: 'both' },
      size: { type: 'string', default: 'both' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '20' },
      only: { type: 'string', default: '' },
      'cpu-prof': { type: 'boolean', default: false },
    },
  });
  const dbs = both<DbKind>(String(values.db), ['postgres', 'pglite']);
  const sizes = both<DataSizeName>(String(values.size), ['small', 'full']);
  if (!dbs.every((d) => d === 'postgres' || d === 'pglite')) throw new Error('--db is postgres, pglite or both');
  if (!sizes.every((s) => s === 'small' || s === 'full')) throw new Error('--size is small, full or both');
  return {
    dbs,
    sizes,
    durationSeconds: Number(values.duration),
    connections: Number(values.connections),
    only: String(values.only),
    cpuProfile: values['cpu-prof'] === true,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) await runApiBenchmarks(parseApiBenchArgs(process.argv.slice(2)));
