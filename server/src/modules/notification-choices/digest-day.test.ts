import { describe, expect, it } from 'vitest';
import { digestDayAt } from './notification-emails';

describe('digestDayAt', () => {
  it('is yesterday once the digest hour has come, the day before until then', () => {
    expect(digestDayAt(new Date('2026-11-27T06:00:00Z'), 6)).toEqual({
      day: '2026-11-26',
      start: new Date('2026-11-26T00:00:00Z'),
      end: new Date('2026-11-27T00:00:00Z'),
    });
    expect(digestDayAt(new Date('2026-11-27T05:59:59Z'), 6).day).toBe('2026-11-25');
    expect(digestDayAt(new Date('2026-11-27T00:00:00Z'), 0).day).toBe('2026-11-26');
  });

  it('crosses months and years', () => {
    expect(digestDayAt(new Date('2027-01-01T07:00:00Z'), 6).day).toBe('2026-12-31');
    expect(digestDayAt(new Date('2026-03-01T23:00:00Z'), 23).day).toBe('2026-02-28');
  });
});
