/**
 * `npx tsx bench/export/run.ts [--postgres] [--slow]`: "Download my data" for a member with
 * 10,000 tips and 5,000 photos (issue 24, ADR 080). The real server runs as a child process
 * (bench/realtime/server-process.ts) so its memory is its own: RSS read from /proc every 20 ms,
 * heap from the probe every 100 ms, both against the figures just before the download (after a
 * full GC). The zip is written to a temporary file and its entries are counted with yauzl.
 * --slow also downloads it again at about 8 MB/s: the server must wait for the reader
 * (backpressure), not buffer the rest.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import yauzl from 'yauzl';
import { createDatabase, databaseUrl, dropDatabase } from '@db/pg-admin';
import { freePort } from '../../scripts/server-process';
import { BENCH_ADMIN, LOCAL_SERVER_URL, openBootstrapped } from '../data/target';
import { callApi, signIn } from '../realtime/http-client';
import { type ServerProcess, startServer } from '../realtime/server-process';
import { EXPORTER, EXPORT_SIZES, seedExporter } from './seed';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MB = 1024 * 1024;
const args = new Set(process.argv.slice(2));
const kind = args.has('--postgres') ? 'postgres' : 'pglite';

function countEntries(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      resolve(zip.entryCount);
      zip.close();
    });
  });
}

/** Copies the body to `file`, at most `bytesPerSecond` when given; returns the bytes read. */
async function saveBody(body: ReadableStream<Uint8Array>, file: string, bytesPerSecond?: number): Promise<number> {
  let bytes = 0;
  const started = performance.now();
  async function* throttled() {
    for await (const chunk of Readable.fromWeb(body as never) as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytesPerSecond) {
        const due = started + (bytes / bytesPerSecond) * 1000;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
      yield chunk;
    }
  }
  await pipeline(throttled(), createWriteStream(file));
  return bytes;
}

async function measureDownload(server: ServerProcess, cookie: string, file: string, bytesPerSecond?: number) {
  const before = await server.probe({ gc: true, reset: true });
  const rssBefore = server.rssKb();
  let rssPeak = rssBefore;
  let heapPeak = before.memory.heapUsed;
  let externalPeak = before.memory.external + before.memory.arrayBuffers;
  const rssTimer = setInterval(() => (rssPeak = Math.max(rssPeak, server.rssKb())), 20);
  const heapTimer = setInterval(() => {
    void server.probe().then((p) => {
      heapPeak = Math.max(heapPeak, p.memory.heapUsed);
      externalPeak = Math.max(externalPeak, p.memory.external + p.memory.arrayBuffers);
    });
  }, 100);
  const started = performance.now();
  const start = await callApi<{ url: string; fileName: string }>(server.base, 'POST', '/api/account/export', { cookie });
  if (start.status !== 201) throw new Error(`export start: ${start.status} ${JSON.stringify(start.body)}`);
  const res = await fetch(`${server.base}${start.body.url}`, { headers: { cookie } });
  if (res.status !== 200 || !res.body) throw new Error(`export download: ${res.status}`);
  const bytes = await saveBody(res.body, file, bytesPerSecond);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(rssTimer);
  clearInterval(heapTimer);
  const during = await server.probe();
  const after = await server.probe({ gc: true });
  return {
    fileName: start.body.fileName,
    seconds,
    bytes,
    entries: await countEntries(file),
    rssBeforeMb: rssBefore / 1024,
    rssPeakGrowthMb: (rssPeak - rssBefore) / 1024,
    heapBeforeMb: before.memory.heapUsed / MB,
    heapPeakGrowthMb: (heapPeak - before.memory.heapUsed) / MB,
    externalPeakGrowthMb: (externalPeak - before.memory.external - before.memory.arrayBuffers) / MB,
    heapAfterGcGrowthMb: (after.memory.heapUsed - before.memory.heapUsed) / MB,
    loopDelayP99Ms: during.loopDelayMs.p99,
    serverCpuMs: during.cpuMs,
  };
}

function report(label: string, r: Awaited<ReturnType<typeof measureDownload>>) {
  const f = (n: number, digits = 1) => n.toFixed(digits);
  console.log(`\n${label}: ${r.fileName}`);
  console.log(`  ${r.entries} entries, ${f(r.bytes / MB)} MB in ${f(r.seconds, 2)} s (${f(r.bytes / MB / r.seconds)} MB/s)`);
  console.log(`  server RSS: ${f(r.rssBeforeMb)} MB before, peak growth ${f(r.rssPeakGrowthMb)} MB during the download`);
  console.log(
    `  server heap: ${f(r.heapBeforeMb)} MB before, peak growth ${f(r.heapPeakGrowthMb)} MB, ` +
      `${f(r.heapAfterGcGrowthMb)} MB after GC; external+buffers peak growth ${f(r.externalPeakGrowthMb)} MB`,
  );
  console.log(`  server CPU ${f(r.serverCpuMs / 1000, 2)} s, event-loop delay p99 ${f(r.loopDelayP99Ms)} ms`);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'waymark-bench-export-'));
const dbName = `waymark_bench_export_${randomBytes(4).toString('hex')}`;
const url = databaseUrl(LOCAL_SERVER_URL, dbName);
let server: ServerProcess | undefined;
try {
  console.log(
    `export benchmark on ${kind}: ${EXPORT_SIZES.tips} tips, ${EXPORT_SIZES.photos} photos, ${EXPORT_SIZES.guides} guides`,
  );
  if (kind === 'postgres') await createDatabase(LOCAL_SERVER_URL, dbName);
  const handle = await openBootstrapped(kind === 'postgres' ? { kind, url } : { kind, dataDir });
  const seeding = performance.now();
  const { photoBytes } = await seedExporter(handle, dataDir, EXPORT_SIZES);
  await handle.close();
  console.log(
    `  seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s (each photo ${(photoBytes / 1024).toFixed(0)} KB)`,
  );

  server = await startServer({
    cwd: REPO_ROOT,
    port: await freePort(),
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      ...(kind === 'postgres' ? { DATABASE_URL: url } : {}),
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_DATA_EXPORTS: '100',
    },
  });
  const cookie = await signIn(server.base, EXPORTER.email, EXPORTER.password);
  const file = path.join(dataDir, 'export.zip');
  report('full-speed reader', await measureDownload(server, cookie, file));
  if (args.has('--slow')) report('slow reader (8 MB/s)', await measureDownload(server, cookie, file, 8 * MB));
  console.log(`  (zip on disk: ${(statSync(file).size / MB).toFixed(1)} MB)`);
} finally {
  await server?.stop();
  if (kind === 'postgres') await dropDatabase(LOCAL_SERVER_URL, dbName).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
