import { describe, expect, it } from 'vitest';
import { BadRequestError } from './errors';
import { decodeCursor, encodeCursor, isAfterKey, timestampMicros, toPage } from './keyset';

const ID = '0b9f6a52-5c5e-4a8e-9b1e-3f0d2c7a9e11';

describe('cursor encoding', () => {
  it('round-trips, keeping the microseconds text exactly', () => {
    const cursor = { createdAt: '2026-11-21 17:05:26.695123+00', id: ID };
    const encoded = encodeCursor(cursor);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(encoded)).toEqual(cursor);
  });

  it('gives null for no cursor', () => {
    expect(decodeCursor(undefined)).toBeNull();
    expect(decodeCursor('')).toBeNull();
  });

  it.each([
    ['garbage', 'not-a-cursor'],
    ['no separator', Buffer.from(`2026-01-01 00:00:00+00${ID}`).toString('base64url')],
    ['a bad id', Buffer.from('2026-01-01 00:00:00+00|not-a-uuid').toString('base64url')],
    ['a bad time', Buffer.from(`yesterday|${ID}`).toString('base64url')],
    ['an empty time', Buffer.from(`|${ID}`).toString('base64url')],
    ['a time JavaScript reads but PostgreSQL does not', Buffer.from(`+010000-01-01T00:00:00.000Z|${ID}`).toString('base64url')],
    ['a tampered time', Buffer.from(`2026-"1-21 20:08:45.917+00|${ID}`).toString('base64url')],
  ])('refuses %s with BadRequestError', (_label, value) => {
    expect(() => decodeCursor(value)).toThrow(BadRequestError);
    expect(() => decodeCursor(value)).toThrow('Invalid page cursor');
  });
});

describe('toPage', () => {
  const rows = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      id: `00000000-0000-4000-8000-00000000000${i}`,
      cursorTs: `2026-01-01 00:00:0${9 - i}.123456+00`,
      name: `row ${i}`,
    }));

  it('gives a next cursor only when a row beyond the limit was fetched', () => {
    const page = toPage(rows(3), 2, (r) => r.name);
    expect(page.items).toEqual(['row 0', 'row 1']);
    expect(page.nextCursor).not.toBeNull();
    expect(decodeCursor(page.nextCursor!)).toEqual({ createdAt: '2026-01-01 00:00:08.123456+00', id: rows(2)[1]!.id });
  });

  it('has no next cursor on the last page', () => {
    expect(toPage(rows(2), 2, (r) => r.name)).toEqual({ items: ['row 0', 'row 1'], nextCursor: null });
    expect(toPage(rows(1), 2, (r) => r.name)).toEqual({ items: ['row 0'], nextCursor: null });
    expect(toPage([], 2, (r: { id: string; cursorTs: string }) => r.id)).toEqual({ items: [], nextCursor: null });
  });
});

describe('timestampMicros', () => {
  it("reads PostgreSQL's text of a timestamptz to the microsecond, whatever its offset", () => {
    const base = Date.UTC(2026, 10, 21, 20, 8, 45) * 1000;
    expect(timestampMicros('2026-11-21 20:08:45.917123+00')).toBe(base + 917_123);
    expect(timestampMicros('2026-11-21 20:08:45+00')).toBe(base);
    expect(timestampMicros('2026-11-21 20:08:45.5+00')).toBe(base + 500_000);
    expect(timestampMicros('2026-11-22 01:38:45.000001+05:30')).toBe(base + 1);
    expect(timestampMicros('2026-11-21 16:08:45-04')).toBe(base);
    expect(() => timestampMicros('yesterday')).toThrow();
  });

  it('orders keys as the lists do: older first after, then the lower id', () => {
    expect(isAfterKey({ ts: 1, id: 'b' }, { ts: 2, id: 'a' })).toBe(true);
    expect(isAfterKey({ ts: 2, id: 'a' }, { ts: 2, id: 'b' })).toBe(true);
    expect(isAfterKey({ ts: 2, id: 'b' }, { ts: 2, id: 'b' })).toBe(false);
    expect(isAfterKey({ ts: 3, id: 'a' }, { ts: 2, id: 'b' })).toBe(false);
  });
});
