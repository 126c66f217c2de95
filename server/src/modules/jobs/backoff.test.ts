import { describe, expect, it } from 'vitest';
import { BACKOFF_BASE_MS, BACKOFF_MAX_MS, backoffMs } from './backoff';

describe('backoffMs', () => {
  it('waits 30 s after the first failure and doubles after each further one', () => {
    expect([1, 2, 3, 4, 5].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
    expect(backoffMs(1)).toBe(BACKOFF_BASE_MS);
  });

  it('never waits more than an hour, however many attempts', () => {
    expect(backoffMs(8)).toBe(BACKOFF_MAX_MS);
    expect(backoffMs(1_000)).toBe(BACKOFF_MAX_MS);
  });

  it('treats zero or a negative count as the first failure', () => {
    expect(backoffMs(0)).toBe(BACKOFF_BASE_MS);
    expect(backoffMs(-3)).toBe(BACKOFF_BASE_MS);
  });
});
