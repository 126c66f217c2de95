/**
 * Photo reads with photos on local disk and in an S3-compatible bucket (issue 37, ADR 116): the
 * real server as a child process per store, each on a PostgreSQL database of its own (created
 * and dropped here), loaded by autocannon from this process over loopback, signed in as the admin.
 * The bucket is an s3rver in a child process of its own (photo-stack.ts).
 *
 *   npx tsx bench/media/photos.ts [--duration S] [--connections N]
 *
 * Scenarios: the photo (original), its thumbnail, the tip as JSON and, when a client build exists
 * (`npm run build`), the drawn tip page. Both stores run side by side and each scenario is
 * measured on disk, then at once on S3: on a shared, noisy host the two figures of a row are
 * taken minutes apart at most. s3rver is a test server, not MinIO or AWS: its column is a floor.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PAGE_ASSETS_FILE } from '@common/first-paint';
import { cpuSnapshot, cpuSpent } from '../api/cpu-time';
import { measure } from '../api/load';
import { REPO_ROOT } from '../api/processes';
import { LOCAL_SERVER_URL } from '../data/target';
import { bodyBytes } from './photo-tip';
import { type Stack, startStack } from './photo-stack';
import { type Measured, type PhotoScenarioResult, formatPhotoTable } from './photo-table';

interface Options {
  durationSeconds: number;
  connections: number;
}

interface Scenario {
  name: string;
  path: (stack: Stack) => string;
}

const OUT_DIR = path.join(REPO_ROOT, '.tmp/bench');
const WARM_UP_SECONDS = 1;

const SCENARIOS: Scenario[] = [
  { name: 'photo (original)', path: (s) => s.tip.photoUrl },
  { name: 'thumbnail', path: (s) => s.tip.thumbUrl },
  { name: 'tip as JSON', path: (s) => `/api/tips/${s.tip.tipId}` },
];
const TIP_PAGE: Scenario = { name: 'tip page (drawn)', path: (s) => `/view-tip/${s.tip.tipId}` };

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The drawn tip page needs the client build and its render bundle (server/src/plugins/web-client.ts). */
function missingBuild(): string | null {
  const needed = ['dist/web/index.html', path.join('dist/web', PAGE_ASSETS_FILE), 'dist/ssr/entry-server.js'];
  const missing = needed.filter((file) => !existsSync(path.join(REPO_ROOT, file)));
  return missing.length ? `no client build (${missing.join(', ')}); run \`npm run build\` first` : null;
}

async function measureOn(stack: Stack, url: string, o: Options): Promise<Measured> {
  const request = { url, method: 'GET' as const, headers: { cookie: stack.cookie } };
  await measure({ ...request, connections: o.connections, durationSeconds: WARM_UP_SECONDS });
  const server = cpuSnapshot(stack.server.pid, null);
  const s3 = stack.s3 ? cpuSnapshot(stack.s3.pid, null) : null;
  const loader = process.cpuUsage();
  const load = await measure({ ...request, connections: o.connections, durationSeconds: o.durationSeconds });
  const loaderUs = process.cpuUsage(loader);
  const perRequest = (ms: number) => ms / Math.max(load.requests, 1);
  const result = {
    load,
    serverCpuMs: perRequest(cpuSpent(server, cpuSnapshot(stack.server.pid, null)).serverMs),
    s3CpuMs: stack.s3 && s3 ? perRequest(cpuSpent(s3, cpuSnapshot(stack.s3.pid, null)).serverMs) : 0,
    loaderCpuMs: perRequest((loaderUs.user + loaderUs.system) / 1000),
  };
  // autocannon drops its sockets at the deadline: let the server finish those requests first.
  await new Promise((r) => setTimeout(r, 1_000));
  return result;
}

async function runScenarios(disk: Stack, s3: Stack, scenarios: Scenario[], o: Options): Promise<PhotoScenarioResult[]> {
  const results: PhotoScenarioResult[] = [];
  for (const s of scenarios) {
    const urls = { disk: disk.server.url + s.path(disk), s3: s3.server.url + s.path(s3) };
    const bytes = await bodyBytes(urls.disk, disk.cookie);
    const bytesS3 = await bodyBytes(urls.s3, s3.cookie);
    if (bytes !== bytesS3) throw new Error(`${s.name}: ${bytes} bytes from disk, ${bytesS3} from S3`);
    const onDisk = await measureOn(disk, urls.disk, o);
    const onS3 = await measureOn(s3, urls.s3, o);
    const rate = (m: Measured) => `${Math.round(m.load.requestsPerSecond)} req/s, p99 ${m.load.p99} ms`;
    console.log(`${s.name} (${bytes} bytes): disk ${rate(onDisk)}; S3 ${rate(onS3)}; load average ${loadAverage()}`);
    results.push({ name: s.name, bytes, disk: onDisk, s3: onS3 });
  }
  return results;
}

async function main() {
  const { values } = parseArgs({
    options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '20' } },
  });
  const o: Options = { durationSeconds: Number(values.duration), connections: Number(values.connections) };
  mkdirSync(OUT_DIR, { recursive: true });
  const machine = { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version, at: new Date().toISOString() };
  console.log(`${machine.cpus} cores (${machine.cpuModel}), Node ${machine.node}, ${machine.at}`);
  console.log(`${o.connections} connections, ${o.durationSeconds} s per scenario, PostgreSQL at ${LOCAL_SERVER_URL}`);
  const loadBefore = loadAverage();
  console.log(`load average before: ${loadBefore}`);
  const skipped = missingBuild();
  if (skipped) console.log(`tip page skipped: ${skipped}`);
  const scenarios = skipped ? SCENARIOS : [...SCENARIOS, TIP_PAGE];

  const disk = await startStack('disk', console.log);
  let results: PhotoScenarioResult[];
  try {
    const s3 = await startStack('s3', console.log);
    try {
      results = await runScenarios(disk, s3, scenarios, o);
    } finally {
      await s3.close();
    }
  } finally {
    await disk.close();
  }
  const loadAfter = loadAverage();
  console.log(`\n== photos: local disk vs s3rver (load average before ${loadBefore}, after ${loadAfter})`);
  console.log(formatPhotoTable(results));
  if (skipped) console.log(`tip page skipped: ${skipped}`);
  const file = path.join(OUT_DIR, 'photos-results.json');
  writeFileSync(file, JSON.stringify({ machine, options: o, loadBefore, loadAfter, skipped, results }, null, 2));
  console.log(`\nraw results: ${path.relative(process.cwd(), file)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
