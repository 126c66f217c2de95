/**
 * Members found by a part of their name or handle (issue 36, ADR 105, ADR 111): active members
 * only (role user or admin, not suspended now), never one who blocked the viewer or whom the
 * viewer blocked (ADR 086). The e-mail is neither searched nor read. Ordered by name (or handle)
 * then id, a keyset page.
 *
 * One statement, two ways, the second run only when the first falls short (ADR 111):
 * - **walked**: the next WALKED_NAMES profiles in the page's order (profiles_sort_name_idx),
 *   those that match kept, the page's rows taken. A common fragment ("ana", "silva", one letter)
 *   fills its page within a few dozen names and stops there. A window of the order holding a full
 *   page of matching, active members is the page, since no later name comes before it.
 * - **gathered**: otherwise, every match through the trigram indexes (migration 0028, shared
 *   with the admin's user search), sorted, then tested in order until the page is full.
 * The viewer's hidden members (blocked either way, suspended now) are listed once per statement;
 * a member's role is one probe of user_roles, made only for a name that matched. Before, every
 * match was joined to all of user_roles (a hash of 10,000 rows) and tested for blocks before the
 * sort: 3-5 ms of PostgreSQL CPU for "ana".
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { profiles } from '@db/schema';
import { hiddenMembersInline } from '@db/visibility';
import { limitLiteral, pageLimit } from '@server/lib/keyset';
import type { TextCursor } from '@server/lib/rank-cursor';

/**
 * The order's text: byte order ("C"), so PGlite and PostgreSQL page alike whatever their locale.
 * profiles_sort_name_idx is on this very expression (migration 0031): change both or neither.
 */
const sortName = sql<string>`(lower(COALESCE(${profiles.name}, ${profiles.username}, '')) COLLATE "C")`;

/**
 * How many names the walk reads before the search is gathered instead. At about 1 µs a name
 * walked or a match gathered, walking `n` names to fill a page of `rows` costs what gathering the
 * matches of a fragment that common would: the two meet near sqrt(rows x members), 260-700 names
 * for 10,000 members and a page of 7-50.
 */
export const WALKED_NAMES = 400;

/** What the walk and the gathering read of a profile; the page's other columns are read for its rows only. */
const nameColumns = sql`${profiles.userId} AS user_id, ${profiles.name} AS name, ${profiles.username} AS username, ${sortName} AS sort_name`;

export function searchMembers(db: Executor, viewerId: string, pattern: string, cursor: TextCursor | null, limit: number) {
  // Values read through sub-selects: one generic plan for every viewer, pattern and cursor (ADR 099).
  const viewer = sql`(SELECT ${viewerId}::uuid)`;
  const like = sql`(SELECT ${pattern}::text)`;
  const rows = limitLiteral(limit + 1);
  const after = cursor
    ? sql`AND (${sortName}, ${profiles.userId}) > ((SELECT ${cursor.text}::text COLLATE "C"), (SELECT ${cursor.id}::uuid))`
    : sql``;
  const matches = sql`(${profiles.name} ILIKE ${like} OR ${profiles.username} ILIKE ${like})`;
  // OFFSET 0 keeps the probe a sub-plan run per row that gets this far, not a join over every role.
  const active = (alias: SQL) =>
    sql`EXISTS (SELECT 1 FROM user_roles member_role WHERE member_role.user_id = ${alias}.user_id
        AND member_role.role IN ('user', 'admin') OFFSET 0)
      AND NULLIF(${alias}.user_id = ANY ((SELECT ids FROM member_hidden)::uuid[]), true) IS NOT NULL`;
  const walk = sql.raw('walk');
  const gathered = sql.raw('gathered');
  const found = sql`WITH member_hidden AS MATERIALIZED (SELECT ${hiddenMembersInline(viewer, { exceptViewer: false })} AS ids),
    walked AS MATERIALIZED (
      SELECT walk.user_id, walk.sort_name FROM (
        SELECT ${nameColumns} FROM ${profiles} WHERE true ${after}
        ORDER BY ${sortName}, ${profiles.userId} LIMIT ${limitLiteral(WALKED_NAMES)}) AS walk
      WHERE (walk.name ILIKE ${like} OR walk.username ILIKE ${like}) AND ${active(walk)}
      ORDER BY walk.sort_name, walk.user_id LIMIT ${rows})
    (SELECT user_id, sort_name FROM walked WHERE (SELECT count(*) FROM walked) >= ${rows})
    UNION ALL
    (SELECT gathered.user_id, gathered.sort_name FROM (
        SELECT ${nameColumns} FROM ${profiles} WHERE ${matches} ${after}
        ORDER BY ${sortName}, ${profiles.userId} OFFSET 0) AS gathered
      WHERE (SELECT count(*) FROM walked) < ${rows} AND ${active(gathered)}
      ORDER BY gathered.sort_name, gathered.user_id LIMIT ${rows})`;
  return db
    .select({
      userId: profiles.userId,
      name: profiles.name,
      username: profiles.username,
      profilePictureUrl: profiles.profilePictureUrl,
      country: profiles.country,
      sortName: sql<string>`found.sort_name`,
    })
    .from(sql`(${found}) AS found`)
    .innerJoin(profiles, sql`${profiles.userId} = found.user_id`)
    .orderBy(sql`found.sort_name, found.user_id`)
    .limit(pageLimit(limit + 1));
}
