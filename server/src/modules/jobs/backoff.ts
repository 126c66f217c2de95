/**
 * When a failed job runs again (ADR 091): 30 s after the first failure, doubling each time, never
 * more than an hour apart. No jitter: jobs fail independently, and tests can name the times.
 */
export const BACKOFF_BASE_MS = 30_000;
export const BACKOFF_MAX_MS = 60 * 60_000;

/** The wait after the `attempts`-th failed attempt (1 = the first). */
export function backoffMs(attempts: number): number {
  const exponent = Math.max(0, attempts - 1);
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(exponent, 20));
}
