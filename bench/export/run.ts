/**
 * `npx tsx bench/export/run.ts [--postgres] [--slow] [--scale=F]`: "Download my data" for a member
 * with 10,000 tips and 5,000 photos (issue 24, ADR 080); --scale=0.1 runs a tenth of that, so two
 * runs show whether the server's memory grows with the account. The real server runs as a child process
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
import http from 'node:http';
import { Transform } from 'node:stream';
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
const scaleArg = [...args].find((a) => a.startsWith('--scale='));
const scale = scaleArg ? Number(scaleArg.slice('--scale='.length)) : 1;
if (!(scale > 0 && scale <= 1)) throw new Error('--scale takes a number in (0, 1]');
const SIZES = {
  tips: Math.round(EXPORT_SIZES.tips * scale),
  photos: Math.round(EXPORT_SIZES.photos * scale),
  guides: Math.max(1, Math.round(EXPORT_SIZES.guides * scale)),
  others: Math.max(1, Math.round(EXPORT_SIZES.others * scale)),
};

function countEntries(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      resolve(zip.entryCount);
      zip.close();
    });
  });
}

/** GETs `url` into `file` over node:http, at most `bytesPerSecond` when given; returns the bytes read. */
function download(url: string, cookie: string, file: string, bytesPerSecond?: number): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { cookie } }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`export download: ${res.statusCode}`));
        let bytes = 0;
        const started = performance.now();
        const counter = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            bytes += chunk.length;
            const wait = bytesPerSecond ? started + (bytes / bytesPerSecond) * 1000 - performance.now() : 0;
            if (wait > 0) setTimeout(() => done(null, chunk), wait);
            else done(null, chunk);
          },
        });
        pipeline(res, counter, createWriteStream(file)).then(() => resolve(bytes), reject);
      })
      .on('error', reject);
  });
}

async function measureDownload(server: ServerProcess, cookie: string, file: string, bytesPerSecond?: number) {
  const before = await server.probe({ gc: true, reset: true });
  const rssBefore = server.rssKb();
  let rssPeak = rssBefore;
  let heapPeak = before.memory.heapUsed;
  let externalPeak = before.memory.external + before.memory.arrayBuffers;
  /** Probes the server did not answer within 10 s (its event loop was held that long). */
  let slowProbes = 0;
  const rssTimer = setInterval(() => (rssPeak = Math.max(rssPeak, server.rssKb())), 20);
  const heapTimer = setInterval(() => {
    server
      .probe()
      .then((p) => {
        heapPeak = Math.max(heapPeak, p.memory.heapUsed);
        externalPeak = Math.max(externalPeak, p.memory.external + p.memory.arrayBuffers);
      })
      .catch(() => (slowProbes += 1));
  }, 100);
  // Every second a full GC first: the heap that is really alive during the download.
  let liveHeapPeak = before.memory.heapUsed;
  const liveTimer = setInterval(() => {
    server
      .probe({ gc: true })
      .then((p) => (liveHeapPeak = Math.max(liveHeapPeak, p.memory.heapUsed)))
      .catch(() => (slowProbes += 1));
  }, 1_000);
  const started = performance.now();
  const start = await callApi<{ url: string; fileName: string }>(server.base, 'POST', '/api/account/export', { cookie });
  if (start.status !== 201) throw new Error(`export start: ${start.status} ${JSON.stringify(start.body)}`);
  const bytes = await download(`${server.base}${start.body.url}`, cookie, file, bytesPerSecond);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(rssTimer);
  clearInterval(heapTimer);
  clearInterval(liveTimer);
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
    liveHeapPeakGrowthMb: (liveHeapPeak - before.memory.heapUsed) / MB,
    externalPeakGrowthMb: (externalPeak - before.memory.external - before.memory.arrayBuffers) / MB,
    heapAfterGcGrowthMb: (after.memory.heapUsed - before.memory.heapUsed) / MB,
    loopDelayP99Ms: during.loopDelayMs.p99,
    loopDelayMaxMs: during.loopDelayMs.max,
    slowProbes,
    serverCpuMs: during.cpuMs,
  };
}

function report(label: string, r: Awaited<ReturnType<typeof measureDownload>>) {
  const f = (n: number, digits = 1) => n.toFixed(digits);
  console.log(`\n${label}: ${r.fileName}`);
  console.log(`  ${r.entries} entries, ${f(r.bytes / MB)} MB in ${f(r.seconds, 2)} s (${f(r.bytes / MB / r.seconds)} MB/s)`);
  console.log(`  server RSS: ${f(r.rssBeforeMb)} MB before, peak growth ${f(r.rssPeakGrowthMb)} MB during the download`);
  console.log(
    `  server heap: ${f(r.heapBeforeMb)} MB before; live (after a GC each second) peak growth ` +
      `${f(r.liveHeapPeakGrowthMb)} MB; peak growth with garbage ${f(r.heapPeakGrowthMb)} MB; ` +
      `${f(r.heapAfterGcGrowthMb)} MB after the download and a GC; external+buffers peak growth ${f(r.externalPeakGrowthMb)} MB`,
  );
  console.log(
    `  server CPU ${f(r.serverCpuMs / 1000, 2)} s, event-loop delay p99 ${f(r.loopDelayP99Ms)} ms, ` +
      `max ${f(r.loopDelayMaxMs)} ms; probes unanswered in 10 s: ${r.slowProbes}`,
  );
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'waymark-bench-export-'));
const dbName = `waymark_bench_export_${randomBytes(4).toString('hex')}`;
const url = databaseUrl(LOCAL_SERVER_URL, dbName);
let server: ServerProcess | undefined;
try {
  console.log(`export benchmark on ${kind}: ${SIZES.tips} tips, ${SIZES.photos} photos, ${SIZES.guides} guides`);
  if (kind === 'postgres') await createDatabase(LOCAL_SERVER_URL, dbName);
  const handle = await openBootstrapped(kind === 'postgres' ? { kind, url } : { kind, dataDir });
  const seeding = performance.now();
  const { photoBytes } = await seedExporter(handle, dataDir, SIZES);
  await handle.close();
  console.log(
    `  seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s (each photo ${(photoBytes / 1024).toFixed(0)} KB)`,
  );

  const port = await freePort();
  server = await startServer({
    cwd: REPO_ROOT,
    port,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      ...(kind === 'postgres' ? { DATABASE_URL: url } : {}),
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_DATA_EXPORTS: '100',
    },
  });
  const cookie = await signIn(server.base, EXPORTER.email, EXPORTER.password);
  // Let the server's start-up work (JIT, caches, maintenance) settle before the baseline.
  await new Promise((r) => setTimeout(r, 3_000));
  const file = path.join(dataDir, 'export.zip');
  report('full-speed reader', await measureDownload(server, cookie, file));
  // A second time: what stayed after the first (code, caches) is warm-up, not the export's data.
  report('full-speed reader, again', await measureDownload(server, cookie, file));
  if (args.has('--slow')) report('slow reader (8 MB/s)', await measureDownload(server, cookie, file, 8 * MB));
  console.log(`  (zip on disk: ${(statSync(file).size / MB).toFixed(1)} MB)`);
} finally {
  await server?.stop();
  if (kind === 'postgres') await dropDatabase(LOCAL_SERVER_URL, dbName).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
