/**
 * Days of the calendar (issue 36): every date a client sends (a tip's experience date, a share
 * link's expiry, an export's first day, a page cursor's timestamp) goes through these, so an
 * impossible day such as 2026-02-30 is refused as a 400 instead of being rolled over to
 * 2026-03-02 by JavaScript's Date or refused by PostgreSQL as a 500.
 */
import { z } from 'zod';

export const DATE_TEXTS = {
  format: 'Use the date format YYYY-MM-DD',
  notADay: 'This day does not exist in the calendar',
} as const;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A timestamp's leading day and time of day: `2026-11-21 20:08:45...` or `2026-11-21T20:08:45...`. */
const TIMESTAMP_START = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;

/** Whether year-month-day is a day of the (proleptic Gregorian) calendar: no 30 February, no month 13. */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year); // Date.UTC maps the years 0-99 to 1900-1999.
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The UTC midnight of a YYYY-MM-DD day, or null when it is no day of the calendar (2026-02-30). */
export function dayOf(value: string): Date | null {
  const match = ISO_DAY.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!isCalendarDay(year, month, day)) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year);
  return date;
}

/**
 * Whether a timestamp's text starts with a real day and time of day (hours 0-23, minutes and
 * seconds 0-59): for the server's own cursors, which a client can forge.
 */
export function isCalendarTimestamp(value: string): boolean {
  const m = TIMESTAMP_START.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  return isCalendarDay(year, month, day) && hour < 24 && minute < 60 && second < 60;
}

/** A YYYY-MM-DD string that is a day of the calendar; the one date schema of common/. */
export const calendarDate = (formatMessage: string = DATE_TEXTS.format) =>
  z
    .string(formatMessage)
    .regex(ISO_DAY, formatMessage)
    .refine((value) => dayOf(value) !== null, DATE_TEXTS.notADay);
