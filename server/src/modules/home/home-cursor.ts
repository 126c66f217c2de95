/**
 * The most-liked list's cursor: the last row's (likes, created_at, id) and the window's start,
 * so every page of one walk ranks the same window (ADR 055). Opaque to the client, like Explore's.
 */
import { isCalendarTimestamp } from '@common/schemas/calendar-date';
import { BadRequestError } from '@server/lib/errors';
import type { PopularCursor } from './home.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** PostgreSQL's text of a timestamptz (as lib/keyset.ts), or an ISO string for the window. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:\d{2}){0,2})$/;

export function encodePopularCursor(c: PopularCursor): string {
  return Buffer.from(`${c.likes}|${c.createdAt}|${c.id}|${c.since}`).toString('base64url');
}

export function decodePopularCursor(value: string | undefined): PopularCursor | null {
  if (!value) return null;
  const [likes, createdAt, id, since, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const count = Number(likes);
  const isValid =
    rest.length === 0 &&
    /^\d{1,10}$/.test(likes ?? '') &&
    count <= 2_147_483_647 &&
    UUID.test(id ?? '') &&
    TIMESTAMP.test(createdAt ?? '') &&
    isCalendarTimestamp(createdAt ?? '') &&
    TIMESTAMP.test(since ?? '') &&
    isCalendarTimestamp(since ?? '');
  if (!isValid) throw new BadRequestError('Invalid page cursor');
  return { likes: count, createdAt: createdAt!, id: id!, since: since! };
}
