/**
 * CPU time spent by processes, read from /proc (Linux): user + system ticks. Requests/s and
 * latency swing with whatever else the shared machine runs (and with the hypervisor's steal);
 * CPU milliseconds per request barely do, so the report prints both.
 */
import { readFileSync, readdirSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

function ticksOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime, stime
  } catch {
    return 0; // gone meanwhile
  }
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

/** PostgreSQL backends serving `database` (their title names it). */
function backendsOf(database: string): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => {
      const cmd = commandOf(pid);
      return cmd.startsWith('postgres: ') && cmd.includes(` ${database} `);
    });
}

export interface CpuSnapshot {
  server: number;
  database: Map<number, number>;
}

export function cpuSnapshot(serverPid: number, database: string | null): CpuSnapshot {
  const backends = database ? backendsOf(database) : [];
  return { server: ticksOf(serverPid), database: new Map(backends.map((pid) => [pid, ticksOf(pid)])) };
}

/** CPU ms of the server and of the database backends between two snapshots. */
export function cpuSpent(before: CpuSnapshot, after: CpuSnapshot): { serverMs: number; databaseMs: number } {
  let database = 0;
  for (const [pid, ticks] of after.database) database += ticks - (before.database.get(pid) ?? 0);
  return { serverMs: (after.server - before.server) * TICK_MS, databaseMs: database * TICK_MS };
}

/**
 * Waits until the process has been idle for a second (under 5 % of a core), at most `timeoutMs`;
 * the time waited. The server keeps working after it listens: it loads the gazetteer (seconds of
 * CPU on a slow host) and places earlier tips. Measured during that, the first scenarios lost up
 * to a third of their requests per second to it (ADR 098).
 */
export async function settled(pid: number, timeoutMs = 120_000): Promise<number> {
  const started = Date.now();
  let ticks = ticksOf(pid);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const now = ticksOf(pid);
    const busyMs = (now - ticks) * TICK_MS;
    ticks = now;
    if (busyMs < 50 || Date.now() - started > timeoutMs) return Date.now() - started;
  }
}
