/**
 * Issue 37, as an operator runs it: `npm run backup` beside a running embedded server (real
 * processes), then `npm run restore` into a new DATA_DIR, and a server started on the copy.
 * PostgreSQL's path is the same code on another source: backup-round-trip.api.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN, type ServerProcess, api, createTip, signIn, startServer } from './server-process';

const onPostgres = process.env.WAYMARK_TEST_DB === 'postgres';
const root = path.resolve(import.meta.dirname, '../../..');
const work = mkdtempSync(path.join(os.tmpdir(), 'waymark-backup-cmd-'));
const siteDir = path.join(work, 'site');
const copyDir = path.join(work, 'copy');
const file = path.join(work, 'site.zip');
const servers: ServerProcess[] = [];

/** `npm run <script> -- args`, as the operator types it, with only DATA_DIR set. */
function command(script: 'backup' | 'restore', args: string[], dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const run = spawnSync(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  return { code: run.status, out: `${run.stdout}${run.stderr}` };
}

afterAll(async () => {
  for (const server of servers) await server.stop(5_000);
  rmSync(work, { recursive: true, force: true });
});

describe.skipIf(onPostgres)('npm run backup and restore beside a running embedded server', () => {
  let tipId: string;

  it('backs up the running site, warns what the file holds, and never overwrites', async () => {
    const site = await startServer({ dataDir: siteDir });
    servers.push(site);
    const admin = await signIn(site.base, ADMIN.email, ADMIN.password);
    tipId = await createTip(site.base, admin, 'Backed up while running');

    expect(command('backup', [], siteDir).code).toBe(2);
    const taken = command('backup', [file], siteDir);
    expect(taken.code, taken.out).toBe(0);
    expect(taken.out).toContain(`Backup written to ${file}`);
    expect(taken.out).toContain('password hash');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // The site kept serving meanwhile, and still does.
    expect((await api(site.base, 'GET', `/api/tips/${tipId}`, admin.cookie)).status).toBe(200);

    const again = command('backup', [file], siteDir);
    expect(again.code).toBe(1);
    expect(again.out).toContain('exists already');
  }, 120_000);

  it('keeps a second server off the same DATA_DIR', async () => {
    await expect(startServer({ dataDir: siteDir })).rejects.toThrow('another Waymark server already runs on this DATA_DIR');
  }, 60_000);

  it('restores into a new DATA_DIR that a server then runs on', async () => {
    const restored = command('restore', [file], copyDir);
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toContain('Restored');
    expect(existsSync(path.join(copyDir, 'pglite'))).toBe(true);
    expect(command('restore', [file], copyDir).out).toContain('already holds a database');

    const copy = await startServer({ dataDir: copyDir });
    servers.push(copy);
    const admin = await signIn(copy.base, ADMIN.email, ADMIN.password);
    const tip = await api(copy.base, 'GET', `/api/tips/${tipId}`, admin.cookie);
    expect(tip.status).toBe(200);
    expect(((await tip.json()) as { title: string }).title).toBe('Backed up while running');
  }, 120_000);
});
