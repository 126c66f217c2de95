/**
 * Cursors of lists ordered by something other than (created_at, id) (issue 36, ADR 105): the
 * sort key goes with the key's timestamp and id, so a page starts exactly after the last row of
 * the one before, ties included. A newest-first cursor is refused here, and this one by
 * decodeCursor: a cursor of one order cannot be read as another.
 */
import { BadRequestError } from './errors';
import { type Cursor, decodeCursor, encodeCursor } from './keyset';

export interface RankCursor extends Cursor {
  rank: number;
}

const RANK = /^\d{1,9}$/;

export function encodeRankCursor(cursor: RankCursor): string {
  return Buffer.from(`r${cursor.rank}|${encodeCursor(cursor)}`).toString('base64url');
}

export function decodeRankCursor(value: string | undefined): RankCursor | null {
  if (!value) return null;
  const [rank, key] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (!rank?.startsWith('r') || !RANK.test(rank.slice(1)) || !key) throw new BadRequestError('Invalid page cursor');
  const cursor = decodeCursor(key);
  if (!cursor) throw new BadRequestError('Invalid page cursor');
  return { rank: Number(rank.slice(1)), ...cursor };
}

/** A list ordered by a text (a member's name), then id. */
export interface TextCursor {
  text: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeTextCursor(cursor: TextCursor): string {
  return Buffer.from(JSON.stringify(['t', cursor.text, cursor.id])).toString('base64url');
}

export function decodeTextCursor(value: string | undefined): TextCursor | null {
  if (!value) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw new BadRequestError('Invalid page cursor');
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || parsed[0] !== 't') throw new BadRequestError('Invalid page cursor');
  const [, text, id] = parsed as unknown[];
  if (typeof text !== 'string' || text.length > 300 || text.includes('\u0000') || typeof id !== 'string' || !UUID.test(id)) {
    throw new BadRequestError('Invalid page cursor');
  }
  return { text, id };
}
