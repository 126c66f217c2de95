/**
 * Whether two members blocked each other, as SQL (issue 25, ADR 086). A block hides each from
 * the other whoever made it, so every check reads both directions; each is an index probe (the
 * primary key is (blocker, blocked) and blocks_blocked_idx is (blocked, blocker)).
 * Suspensions are not part of it: hiddenAuthorsOf (db/visibility.ts) covers content.
 */
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { blocks } from './schema';

/** A member's id: a string bound now, or SQL (a column, a placeholder). */
export type MemberRef = string | SQLWrapper;

const asUuid = (ref: MemberRef): SQL => (typeof ref === 'string' ? sql`${ref}::uuid` : sql`${ref}`);

/** True when either of the two members blocked the other. */
export const blockedEitherWay = (a: MemberRef, b: MemberRef): SQL =>
  sql`exists (select 1 from ${blocks} where (${blocks.blockerId} = ${asUuid(a)} and ${blocks.blockedId} = ${asUuid(b)}) or (${blocks.blockerId} = ${asUuid(b)} and ${blocks.blockedId} = ${asUuid(a)}))`;

/** Neither blocked the other. */
export const notBlockedEitherWay = (a: MemberRef, b: MemberRef): SQL => sql`not ${blockedEitherWay(a, b)}`;

/**
 * A notice whose actor and recipient blocked each other is not shown to the recipient, on any
 * channel: the list and its counts, the daily digest, an e-mail still queued when the block came,
 * "Download my data" (issue 36). Notices without an actor (saves, moderation) always pass.
 */
export const actorNotBlocked = (recipient: MemberRef, actor: MemberRef): SQL =>
  sql`(${asUuid(actor)} is null or ${notBlockedEitherWay(recipient, actor)})`;
