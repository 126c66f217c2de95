/**
 * Issue 36 item 22: the one date helper of common/ and every schema that takes a date refuse any
 * impossible day (fast-check's impossibleDay, also fed to the API fuzzer), and keep every real one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayOf, isCalendarTimestamp } from '@common/schemas/calendar-date';
import { CalendarQuerySchema } from '@common/schemas/guide-export';
import { ModerationActionSchema } from '@common/schemas/moderation';
import { ShareLinkInputSchema } from '@common/schemas/share-link';
import { ExperienceDateSchema } from '@common/schemas/tip';
import { decodePopularCursor } from '../src/modules/home/home-cursor';
import { decodeAuditCursor } from '../src/modules/audit/audit.service';
import { decodeCursor } from '../src/lib/keyset';
import { impossibleDay } from './fuzz/arbitraries';

const ID = '00000000-0000-4000-8000-000000000000';
const b64 = (s: string) => Buffer.from(s).toString('base64url');
const realDay = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2025-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('impossible calendar days', () => {
  it('a possible day passes the same moderation check (so the refusal below is the date)', () => {
    const until = '2026-02-28T10:00:00Z';
    expect(
      ModerationActionSchema.safeParse({ action: 'suspend', target: 'member', targetId: ID, until, reason: 'spam' }).success,
    ).toBe(true);
  });

  it('are refused by every date schema and cursor', () => {
    fc.assert(
      fc.property(impossibleDay, (day) => {
        expect(dayOf(day)).toBeNull();
        expect(isCalendarTimestamp(`${day} 10:00:00+00`)).toBe(false);
        expect(ExperienceDateSchema.safeParse(day).success).toBe(false);
        expect(ShareLinkInputSchema.safeParse({ expiresOn: day }).success).toBe(false);
        expect(CalendarQuerySchema.safeParse({ start: day }).success).toBe(false);
        const until = `${day}T10:00:00Z`;
        expect(
          ModerationActionSchema.safeParse({ action: 'suspend', target: 'member', targetId: ID, until, reason: 'spam' }).success,
        ).toBe(false);
        expect(() => decodeCursor(b64(`${day} 10:00:00+00|${ID}`))).toThrow();
        expect(() => decodeAuditCursor(b64(`${day} 10:00:00+00|7`))).toThrow();
        expect(() => decodePopularCursor(b64(`1|${day} 10:00:00+00|${ID}|2026-01-01T00:00:00Z`))).toThrow();
      }),
    );
  });

  it('real days pass and keep their value', () => {
    fc.assert(
      fc.property(realDay, (day) => {
        expect(dayOf(day)?.toISOString().slice(0, 10)).toBe(day);
        expect(ExperienceDateSchema.parse(day)).toBe(day);
        expect(decodeCursor(b64(`${day} 23:59:59.999999+00|${ID}`))?.createdAt.startsWith(day)).toBe(true);
      }),
    );
  });

  it('times of day past 23:59:59 are refused', () => {
    for (const t of ['24:00:00', '10:60:00', '10:00:60']) expect(isCalendarTimestamp(`2026-01-01 ${t}+00`)).toBe(false);
    expect(isCalendarTimestamp('0004-02-29 00:00:00+00')).toBe(true);
    expect(isCalendarTimestamp('1900-02-29 00:00:00+00')).toBe(false);
  });
});
