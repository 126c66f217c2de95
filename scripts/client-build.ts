/**
 * Builds the web client when dist/web is missing or older than its sources: the browser's bundle
 * (dist/web) and the server-rendering entry (dist/ssr, web/src/entry-server.tsx). Used by
 * `npm run build`, `npm start` (scripts/start.ts) and the browser benchmarks.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const SOURCES = ['web', 'common', 'vite.config.ts', 'package-lock.json'];
// The page template's assets come with the template (vite.config.ts pageTemplate): a build without them is rebuilt.
const OUTPUTS = ['dist/web/index.html', 'dist/web/.vite/page-assets.json', 'dist/ssr/entry-server.js'];

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

export function ensureClientBuilt(root: string, { force = false } = {}): void {
  const builtAt = Math.min(
    ...OUTPUTS.map((file) => (existsSync(path.join(root, file)) ? statSync(path.join(root, file)).mtimeMs : 0)),
  );
  const isStale = SOURCES.some((s) => existsSync(path.join(root, s)) && newestMtime(path.join(root, s)) > builtAt);
  if (!isStale && !force) return;
  console.log('Building the web client...');
  const vite = (...args: string[]) =>
    execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', ...args], {
      cwd: root,
      stdio: 'inherit',
    });
  vite();
  // Paths relative to vite.config.ts's root (web/).
  vite('--ssr', 'src/entry-server.tsx', '--outDir', '../dist/ssr');
}

// Run as a script (`npm run build`), not imported. A path with spaces is URL-encoded in import.meta.url.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  ensureClientBuilt(path.resolve(import.meta.dirname, '..'), { force: true });
