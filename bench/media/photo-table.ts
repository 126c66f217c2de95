/** The photo bench's table: each scenario on local disk and on the S3 server, side by side. */
import type { LoadResult } from '../api/load';

export interface Measured {
  load: LoadResult;
  /** CPU ms per request of the Waymark server, of the s3rver process (0 on disk) and of autocannon. */
  serverCpuMs: number;
  s3CpuMs: number;
  loaderCpuMs: number;
}

export interface PhotoScenarioResult {
  name: string;
  bytes: number;
  disk: Measured;
  s3: Measured;
}

const pad = (cells: string[], widths: number[]) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
const int = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => n.toFixed(2);

export function formatPhotoTable(results: PhotoScenarioResult[]): string {
  const widths = [18, 10, 8, 8, 6, 10, 13, 10, 13, 6];
  const lines = [
    pad(
      ['scenario', 'disk req/s', 'S3 req/s', 'disk p99', 'S3 p99', 'bytes/resp'].concat([
        'app cpu d / s3',
        's3rver cpu',
        'load cpu d / s3',
        'errors',
      ]),
      widths,
    ),
  ];
  for (const { name, bytes, disk, s3 } of results) {
    const failed = disk.load.errors + disk.load.non2xx + s3.load.errors + s3.load.non2xx;
    lines.push(
      pad(
        [
          name,
          int(disk.load.requestsPerSecond),
          int(s3.load.requestsPerSecond),
          int(disk.load.p99),
          int(s3.load.p99),
          int(bytes),
          `${ms(disk.serverCpuMs)} / ${ms(s3.serverCpuMs)}`,
          ms(s3.s3CpuMs),
          `${ms(disk.loaderCpuMs)} / ${ms(s3.loaderCpuMs)}`,
          String(failed),
        ],
        widths,
      ),
    );
  }
  lines.push(
    'p99 in ms; cpu: CPU ms per request of the Waymark server (app), of the s3rver process, and of autocannon (load), disk / S3',
  );
  return lines.join('\n');
}
