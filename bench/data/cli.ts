/**
 * npm run bench:data -- [--size full|small] [--pglite DATA_DIR | --url POSTGRES_URL]
 *
 * Without a target: (re)creates the database waymark_bench_<size> on the local PostgreSQL server.
 * --pglite DATA_DIR: the embedded database in DATA_DIR/pglite, as `DATA_DIR=... npm start` uses
 * it (recreated). --url: an existing PostgreSQL database (filled as it is).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateData } from './generate';
import { DATA_SIZES, type DataSizeName } from './sizes';
import { type BenchTarget, benchDatabaseUrl, countRows, openBootstrapped, pgliteDir, recreatePostgresDatabase } from './target';
import { verifySample } from './verify';

export async function createDataset(size: DataSizeName, target: BenchTarget, log: (line: string) => void = console.log) {
  if (target.kind === 'pglite') rmSync(pgliteDir(target.dataDir), { recursive: true, force: true });
  const start = performance.now();
  const handle = await openBootstrapped(target);
  try {
    log(`${target.kind === 'postgres' ? target.url : target.dataDir}: generating the ${size} data set`);
    const genStart = performance.now();
    await generateData(handle, DATA_SIZES[size], log);
    const seconds = (performance.now() - genStart) / 1000;
    const counts = await countRows(handle);
    const problems = await verifySample(handle);
    log(
      Object.entries(counts)
        .map(([t, n]) => `  ${t.padEnd(14)} ${String(n).padStart(9)}`)
        .join('\n'),
    );
    log(problems.length ? `consistency problems:\n  ${problems.join('\n  ')}` : 'consistency sample: ok');
    log(
      `generated in ${seconds.toFixed(1)} s (${((performance.now() - start) / 1000).toFixed(1)} s with opening and migrations)`,
    );
    return { counts, seconds, problems };
  } finally {
    await handle.close();
  }
}

async function main() {
  const { values } = parseArgs({
    options: { size: { type: 'string', default: 'full' }, pglite: { type: 'string' }, url: { type: 'string' } },
  });
  const size = values.size as DataSizeName;
  if (!(size in DATA_SIZES)) throw new Error(`--size must be full or small, not ${size}`);
  let target: BenchTarget;
  if (values.pglite) target = { kind: 'pglite', dataDir: path.resolve(values.pglite) };
  else if (values.url) target = { kind: 'postgres', url: values.url };
  else {
    target = { kind: 'postgres', url: benchDatabaseUrl(size) };
    await recreatePostgresDatabase(target.url);
  }
  await createDataset(size, target);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
