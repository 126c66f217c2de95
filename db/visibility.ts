/**
 * A tip's or guide's privacy as SQL with its constant written into the text, never bound as $n.
 * The keyset indexes are partial (WHERE is_private = false, or = true), and a named statement's
 * generic plan is made without the bound values: with `is_private = $1` it cannot prove the
 * index's WHERE and falls back to reading the whole table (issue 7; server/test/explain checks
 * generic plans too).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { guides, tips } from './schema';

type Shareable = typeof tips | typeof guides;

export const isPublic = (table: Shareable): SQL => sql`${table.isPrivate} = false`;
export const isPrivate = (table: Shareable): SQL => sql`${table.isPrivate} = true`;
