/**
 * Builds the web client when dist/web is missing or older than its sources. Used by
 * `npm start` (scripts/start.ts) and the browser benchmarks.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCES = ['web', 'common', 'vite.config.ts', 'package-lock.json'];

function newestMtime(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function ensureClientBuilt(root: string): void {
  const builtIndex = path.join(root, 'dist/web/index.html');
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const isStale = SOURCES.some((s) => existsSync(path.join(root, s)) && newestMtime(path.join(root, s)) > builtAt);
  if (!isStale) return;
  console.log('Building the web client...');
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
}
