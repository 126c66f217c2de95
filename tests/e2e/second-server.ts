import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { E2E_ADMIN } from './fixtures';

/**
 * A second Waymark (`npm start`) beside the shared e2e server, for specs that need settings of
 * their own (real limits, REQUIRE_ADMIN_2FA): a fresh data directory, the same admin, `env` on
 * top. Resolves once /api/health answers; `stop()` ends it and removes its data.
 */
export async function startSecondServer(options: { port: number; dataDir: string; env: NodeJS.ProcessEnv; label: string }) {
  const base = `http://localhost:${options.port}`;
  rmSync(options.dataDir, { recursive: true, force: true });
  const server: ChildProcess = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/start.ts'], {
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      PUBLIC_URL: base,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: 'ignore',
  });
  const startedAt = Date.now();
  for (;;) {
    const isUp = await fetch(`${base}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (isUp) break;
    if (Date.now() - startedAt > 200_000) {
      server.kill('SIGTERM');
      throw new Error(`the ${options.label} server did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return {
    stop: () => {
      server.kill('SIGTERM');
      rmSync(options.dataDir, { recursive: true, force: true });
    },
  };
}
