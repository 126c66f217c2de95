/**
 * What must hold in the database whatever happened to the server (issue 6, Faults): each check is
 * one SQL query returning the rows that break it. Most references are also foreign keys; they are
 * checked anyway, because the point is to prove it after a crash, not to assume it.
 * Works on PostgreSQL and PGlite through a plain `query(sql)` function.
 */
export type Query = (sql: string) => Promise<Record<string, unknown>[]>;

export interface Violation {
  invariant: string;
  rows: Record<string, unknown>[];
}

/** A row whose `ref` column points at no row of `table`. */
const missing = (from: string, ref: string, table: string) =>
  `SELECT f.id, f.${ref} AS missing FROM ${from} f WHERE f.${ref} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ${table} t WHERE t.id = f.${ref})`;

const REFERENCES: [string, string, string][] = [
  ['likes', 'user_id', 'users'],
  ['likes', 'tip_id', 'tips'],
  ['likes', 'guide_id', 'guides'],
  ['saved_items', 'user_id', 'users'],
  ['saved_items', 'tip_id', 'tips'],
  ['saved_items', 'guide_id', 'guides'],
  ['notifications', 'user_id', 'users'],
  ['notifications', 'actor_id', 'users'],
  ['notifications', 'tip_id', 'tips'],
  ['notifications', 'guide_id', 'guides'],
  ['guide_tips', 'guide_id', 'guides'],
  ['guide_tips', 'tip_id', 'tips'],
  ['tips', 'user_id', 'users'],
  ['guides', 'user_id', 'users'],
  ['connections', 'requester_id', 'users'],
  ['connections', 'addressee_id', 'users'],
  ['events', 'user_id', 'users'],
  ['sessions', 'user_id', 'users'],
  ['user_roles', 'user_id', 'users'],
];

export function invariantQueries(options: { guideItems?: number } = {}): Record<string, string> {
  const checks: Record<string, string> = {};
  for (const [from, ref, table] of REFERENCES) checks[`${from}.${ref} -> ${table}`] = missing(from, ref, table);
  checks['profiles.user_id -> users'] =
    'SELECT p.user_id FROM profiles p WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = p.user_id)';
  // Sign-up writes user, profile and role; a user with only some of them is a half-made account.
  checks['users have a profile and a role'] =
    'SELECT u.id FROM users u WHERE NOT EXISTS (SELECT 1 FROM profiles p WHERE p.user_id = u.id) OR NOT EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id)';
  for (const table of ['tips', 'guides']) {
    const column = table === 'tips' ? 'tip_id' : 'guide_id';
    checks[`${table}.likes_count = its likes`] =
      `SELECT c.id, c.likes_count, (SELECT count(*) FROM likes l WHERE l.${column} = c.id)::int AS likes FROM ${table} c WHERE c.likes_count <> (SELECT count(*) FROM likes l WHERE l.${column} = c.id)`;
  }
  // An itinerary written in one piece numbers each day 1..n and stays within the guide's days.
  checks['guide items numbered 1..n per day'] =
    'SELECT guide_id, day_number FROM guide_tips GROUP BY guide_id, day_number HAVING max(order_in_day) <> count(*) OR min(order_in_day) <> 1';
  checks['guide items within the guide days'] =
    'SELECT gt.id FROM guide_tips gt JOIN guides g ON g.id = gt.guide_id WHERE gt.day_number > g.days_count';
  if (options.guideItems !== undefined) {
    checks[`every guide has exactly ${options.guideItems} items`] =
      `SELECT g.id, (SELECT count(*) FROM guide_tips gt WHERE gt.guide_id = g.id)::int AS items FROM guides g WHERE (SELECT count(*) FROM guide_tips gt WHERE gt.guide_id = g.id) <> ${options.guideItems}`;
  }
  return checks;
}

export async function checkInvariants(query: Query, options: { guideItems?: number } = {}) {
  const queries = invariantQueries(options);
  const violations: Violation[] = [];
  for (const [invariant, sql] of Object.entries(queries)) {
    const rows = await query(sql);
    if (rows.length > 0) violations.push({ invariant, rows: rows.slice(0, 5) });
  }
  return { checked: Object.keys(queries).length, violations };
}
