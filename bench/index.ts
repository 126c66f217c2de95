/**
 * `npm run bench`: the API benchmarks on both databases and sizes (flags pass through, see
 * bench/api/run.ts), then the realtime benchmark when its module exists. bench/content-lists.ts
 * stays a command of its own.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseApiBenchArgs, runApiBenchmarks } from './api/run';

await runApiBenchmarks(parseApiBenchArgs(process.argv.slice(2)));

// Imported dynamically: another module, written separately, that may not be there yet.
const realtime = path.join(import.meta.dirname, 'realtime/run.ts');
if (existsSync(realtime)) {
  const module = (await import(pathToFileURL(realtime).href)) as { runRealtimeBenchmark?: () => Promise<unknown> };
  if (typeof module.runRealtimeBenchmark === 'function') await module.runRealtimeBenchmark();
  else console.log('\nbench/realtime/run.ts exports no runRealtimeBenchmark(): skipped');
} else {
  console.log('\nrealtime benchmark: bench/realtime/run.ts not found, skipped');
}
