/**
 * A Redis server of a test's own (Debian's redis-server, as on every machine of this kind), on a
 * free port, that the test may stop and start again: what the instances do when Redis goes away
 * cannot be tried on the machine's shared Redis. It keeps nothing on disk.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from '../../scripts/server-process';

/** Whether a Redis answers PING at `url` (within a second), without retrying. */
export async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1_000 });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

export interface TestRedis {
  url: string;
  /** Started again on the same port, empty. */
  start(): Promise<void>;
  /** Killed at once (SIGKILL), as a crashed or unreachable Redis. */
  stop(): Promise<void>;
}

export async function startTestRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let tries = 0; tries < 100; tries += 1) {
      if (await redisAnswers(`redis://127.0.0.1:${port}`)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`redis-server did not start on port ${port}`);
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}
