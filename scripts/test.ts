/**
 * `npm test`: every check. Lint and the format check first (`npm run lint`, ADR 038), then,
 * whatever lint said, so the report is complete: installs Debian's Chromium (never a downloaded
 * browser) and redis-server when they are missing, runs Vitest (unit + API on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set), then the Playwright end-to-end tests, and closes with one line of
 * totals. A red lint makes the whole run red.
 *
 * ESLint works on one core: Prettier's check, the commit subjects and the web client's build
 * (which `npm start` under Playwright would otherwise do first) run beside it on the other, each
 * printed whole once all have finished (ADR 095).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.tmp/test-reports');
const CHROMIUM = '/usr/bin/chromium';

/**
 * Debian packages the tests run: Chromium for the end-to-end tests, redis-server for the shared
 * limits' and HAProxy for the fleet test's (issue 37).
 */
const DEBIAN_TOOLS = [
  { path: CHROMIUM, pkg: 'chromium' },
  { path: '/usr/bin/redis-server', pkg: 'redis-server' },
  { path: '/usr/sbin/haproxy', pkg: 'haproxy' },
];

function ensureDebianTools(): void {
  const missing = DEBIAN_TOOLS.filter((tool) => !existsSync(tool.path)).map((tool) => tool.pkg);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`${missing.join(', ')} missing: run 'sudo apt-get install -y ${missing.join(' ')}' and try again.`);
  }
  console.log(`Installing Debian ${missing.join(', ')} for the tests...`);
  execFileSync('apt-get', ['update'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

function run(bin: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  const result = spawnSync(process.execPath, [path.join(root, bin), ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status === 0;
}

/** Like run(), but beside others: the output is kept and handed back for printing in order. */
function runBeside(bin: string, args: string[]): Promise<{ isGreen: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, bin), ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', (error) => resolve({ isGreen: false, output: `${String(error)}\n` }));
    child.on('close', (code) => resolve({ isGreen: code === 0, output: Buffer.concat(chunks).toString() }));
  });
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/**
 * ESLint, Prettier's check and commit subjects, as `npm run lint` does; all run even when one
 * fails. The client build runs beside them; a failed build is reported here and again by the
 * end-to-end tests, whose server then tries to build it itself.
 */
async function lintAndBuild(): Promise<{ isGreen: boolean; seconds: string }> {
  const started = performance.now();
  const [eslint, prettier, commits, build] = await Promise.all([
    runBeside('node_modules/eslint/bin/eslint.js', ['.', '--max-warnings', '0']),
    runBeside('node_modules/prettier/bin/prettier.cjs', ['--check', '.']),
    runBeside('node_modules/tsx/dist/cli.mjs', ['scripts/check-commits.ts']),
    runBeside('node_modules/tsx/dist/cli.mjs', ['scripts/client-build.ts']),
  ]);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  for (const { output } of [eslint, prettier, commits, build]) process.stdout.write(output);
  const shown = (isGreen: boolean) => (isGreen ? 'green' : 'RED');
  console.log(
    `Lint: ESLint ${shown(eslint.isGreen)}, Prettier ${shown(prettier.isGreen)}, commit subjects ${shown(commits.isGreen)}; client build ${shown(build.isGreen)} (${seconds} s)\n`,
  );
  return { isGreen: eslint.isGreen && prettier.isGreen && commits.isGreen, seconds };
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  testResults: { name: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
}
interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: { title: string; tests: { status: string; projectName: string }[] }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites: PlaywrightSuite[];
}

/** "Failed: <file> > <test>" and "Flaky (passed on its retry): ..." lines of both runners. */
function namedTests(vitest: VitestReport | null, playwright: PlaywrightReport | null): string[] {
  const lines: string[] = [];
  for (const file of vitest?.testResults ?? []) {
    const where = path.relative(root, file.name);
    for (const test of file.assertionResults) {
      const firstError = (test.failureMessages[0] ?? '').split('\n')[0];
      if (test.status === 'failed') lines.push(`Failed: ${where} > ${test.fullName}: ${firstError}`);
      else if (test.status === 'passed' && test.failureMessages.length > 0) {
        lines.push(`Flaky (passed on its retry): ${where} > ${test.fullName}: ${firstError}`);
      }
    }
  }
  const walk = (suite: PlaywrightSuite, file: string) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status === 'unexpected') lines.push(`Failed: ${file} > ${spec.title}`);
        if (test.status === 'flaky') lines.push(`Flaky (passed on its retry): ${file} > ${spec.title}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of playwright?.suites ?? []) walk(suite, suite.file ?? suite.title);
  return lines;
}

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const { isGreen: isLintGreen, seconds: lintSeconds } = await lintAndBuild();
ensureDebianTools();

const vitestJson = path.join(reports, 'vitest.json');
const playwrightJson = path.join(reports, 'playwright.json');
const isVitestGreen = run('node_modules/vitest/vitest.mjs', [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
const isPlaywrightGreen = run('node_modules/@playwright/test/cli.js', ['test'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
});

const v = readJson<VitestReport>(vitestJson);
const p = readJson<PlaywrightReport>(playwrightJson);
const passed = (v?.numPassedTests ?? 0) + (p ? p.stats.expected + p.stats.flaky : 0);
const failed = (v?.numFailedTests ?? 0) + (p?.stats.unexpected ?? 0);
const skipped = (v?.numPendingTests ?? 0) + (p?.stats.skipped ?? 0);
const isGreen = isLintGreen && isVitestGreen && isPlaywrightGreen && v !== null && p !== null;

console.log(
  `\nLint: ${isLintGreen ? 'green' : 'RED'} (${lintSeconds} s); Vitest: ${isVitestGreen ? 'green' : 'RED'}; Playwright: ${isPlaywrightGreen ? 'green' : 'RED'}`,
);
// Named last, where a cut log still shows them: what failed, and what passed only on its retry.
for (const line of namedTests(v, p)) console.log(line);
// A runner that crashed before reporting still counts as a failure.
const shownFailed = failed > 0 || isGreen ? failed : 1;
console.log(`Total: ${passed} passed, ${shownFailed} failed, ${skipped} skipped`);
process.exit(isGreen ? 0 : 1);
