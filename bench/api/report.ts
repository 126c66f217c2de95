/** Tables and the issue 7 targets, next to each figure. */
import type { DataSizeName } from '../data/sizes';
import type { DbKind } from './datasets';
import type { LoadResult } from './load';

export interface ScenarioResult extends LoadResult {
  name: string;
  isRead: boolean;
  /** CPU ms per request of the server process and of the PostgreSQL backends (0 on PGlite). */
  serverCpuMs: number;
  databaseCpuMs: number;
}

export interface RunResult {
  db: DbKind;
  size: DataSizeName;
  ceiling: LoadResult;
  scenarios: ScenarioResult[];
  deepPageItems: number;
  loadAverage: { before: number[]; after: number[] };
}

export const TARGETS = { postgresP99Ms: 50, postgresRps: 1_500, pgliteP99Ms: 150, deepOverFirst: 1.5, fullOverSmall: 1.5 };

const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

/** Issue 7 sets the PostgreSQL targets for the full set (reads only) and p99 for PGlite at any size. */
function targetOf(run: RunResult, s: ScenarioResult): string {
  if (run.db === 'pglite') return `${verdict(s.p99 <= TARGETS.pgliteP99Ms)} p99<=${TARGETS.pgliteP99Ms}`;
  if (run.size !== 'full' || !s.isRead) return '-';
  return `${verdict(s.p99 <= TARGETS.postgresP99Ms && s.requestsPerSecond >= TARGETS.postgresRps)} p99<=${TARGETS.postgresP99Ms}, >=${TARGETS.postgresRps}/s`;
}

const num = (n: number, digits = 0) => n.toFixed(digits);
/** The first `textColumns` cells are names (left-aligned), the rest figures. */
const row = (cells: string[], widths: number[], textColumns = 1) =>
  cells.map((c, i) => (i < textColumns ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');

export function formatRun(run: RunResult): string {
  const widths = [28, 8, 7, 7, 7, 7, 8, 9, 9, 28];
  const lines = [
    `\n== ${run.db} / ${run.size} (load average before ${run.loadAverage.before.map((l) => l.toFixed(1)).join(' ')}, after ${run.loadAverage.after.map((l) => l.toFixed(1)).join(' ')})`,
    row(['scenario', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non2xx', 'x bare', 'app cpu', 'db cpu', 'target'], widths),
    row(
      [
        'bare Fastify (ceiling)',
        num(run.ceiling.requestsPerSecond),
        num(run.ceiling.p50),
        num(run.ceiling.p99),
        String(run.ceiling.errors),
        String(run.ceiling.non2xx),
        '1.00',
        '',
        '',
        '',
      ],
      widths,
    ),
  ];
  for (const s of run.scenarios) {
    const ratio = s.requestsPerSecond / run.ceiling.requestsPerSecond;
    const cpu = [num(s.serverCpuMs, 2), run.db === 'postgres' ? num(s.databaseCpuMs, 2) : '-'];
    lines.push(
      row(
        [
          s.name,
          num(s.requestsPerSecond),
          num(s.p50),
          num(s.p99),
          String(s.errors),
          String(s.non2xx),
          ratio.toFixed(2),
          ...cpu,
          targetOf(run, s),
        ],
        widths,
      ),
    );
  }
  const first = run.scenarios.find((s) => s.name === 'explore first page');
  const deep = run.scenarios.find((s) => s.name === 'explore deep page');
  if (first && deep) {
    const ratio = deep.p99 / Math.max(first.p99, 1);
    const judged = run.db === 'postgres' && run.size === 'full';
    lines.push(
      `deep page (${run.deepPageItems} items in) p99 / first page p99: ${ratio.toFixed(2)}${judged ? ` ${verdict(ratio <= TARGETS.deepOverFirst)} (<= ${TARGETS.deepOverFirst})` : ''}`,
    );
  }
  lines.push(
    'app cpu / db cpu: CPU ms per request of the server process / of its PostgreSQL backends (2 cores: 1,500 req/s leaves 1.33 ms for both)',
  );
  return lines.join('\n');
}

export interface SizeComparison {
  db: DbKind;
  scenario: string;
  p99Ratio: number;
  rpsRatio: number;
  isPass: boolean;
}

/** Full over small per scenario: p99 full/small and req/s small/full (both <= 1.5 = cost does not grow). */
export function compareSizes(runs: RunResult[]): SizeComparison[] {
  const out: SizeComparison[] = [];
  for (const full of runs.filter((r) => r.size === 'full')) {
    const small = runs.find((r) => r.db === full.db && r.size === 'small');
    if (!small) continue;
    // Same scenarios in the same order at both sizes (only the country's name may differ).
    for (const [i, f] of full.scenarios.entries()) {
      const s = small.scenarios[i];
      if (!s) continue;
      const p99Ratio = f.p99 / Math.max(s.p99, 1);
      const rpsRatio = s.requestsPerSecond / Math.max(f.requestsPerSecond, 1);
      out.push({
        db: full.db,
        scenario: f.name,
        p99Ratio,
        rpsRatio,
        isPass: p99Ratio <= TARGETS.fullOverSmall && rpsRatio <= TARGETS.fullOverSmall,
      });
    }
  }
  return out;
}

export function formatComparisons(comparisons: SizeComparison[]): string {
  if (comparisons.length === 0) return '';
  const widths = [9, 28, 10, 12, 6];
  const lines = [
    '\n== full / small (p99 full/small, req/s small/full; target <= 1.5 on PostgreSQL)',
    row(['db', 'scenario', 'p99 ratio', 'req/s ratio', ''], widths, 2),
  ];
  for (const c of comparisons) {
    lines.push(
      row(
        [c.db, c.scenario, c.p99Ratio.toFixed(2), c.rpsRatio.toFixed(2), c.db === 'postgres' ? verdict(c.isPass) : ''],
        widths,
        2,
      ),
    );
  }
  return lines.join('\n');
}
