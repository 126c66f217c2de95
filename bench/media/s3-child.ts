/**
 * An s3rver (the S3-compatible test server of server/test/s3-server.ts) as a process of its own,
 * so that its CPU is not the load generator's: started by bench/media/photos.ts through
 * startChild, on PORT, with one bucket in a temporary folder that it removes when stopped.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export const BENCH_BUCKET = 'photos';
/** s3rver's fixed credentials. */
export const S3RVER_CREDENTIALS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

async function main() {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'waymark-bench-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: Number(process.env.PORT),
    directory,
    silent: true,
    configureBuckets: [{ name: BENCH_BUCKET }],
  });
  await server.run();
  const stop = async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
