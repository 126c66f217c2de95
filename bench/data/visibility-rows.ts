/**
 * Issue 25's visibility rows (ADR 082), added to a generated data set by generate.ts and by
 * safety.ts: half of the private tips and guides become connections-only, a moderator hides
 * 0.5 % of the public ones, member 1 blocks ten members and is blocked by ten, and twenty
 * members are suspended. Items are chosen by a hash of their id, so a second run changes nothing.
 * Kept apart from safety.ts, whose list rows need target.ts, which imports the generator.
 */
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '@db/client';
import { rowsOf } from './bulk';
import { benchEmail } from './members';

const member = (n: number) => `(SELECT id FROM users WHERE email = '${benchEmail(n)}')`;

/** Members n, n+1, ... count of them, by number (the generator's `memberN@` e-mails). */
const members = (from: number, count: number) =>
  `SELECT id FROM users WHERE email IN (${Array.from({ length: count }, (_, i) => `'${benchEmail(from + i)}'`).join(', ')})`;

export async function addSafetyRows(handle: DatabaseHandle, memberCount: number): Promise<Record<string, number>> {
  const run = (text: string) => handle.db.execute(sql.raw(text));
  for (const table of ['tips', 'guides']) {
    await run(`UPDATE ${table} SET visibility = 'connections' WHERE visibility = 'private' AND hashtext(id::text) % 2 = 0`);
    await run(
      `UPDATE ${table} SET hidden_at = created_at WHERE visibility = 'public' AND hidden_at IS NULL AND hashtext(id::text) % 200 = 0`,
    );
  }
  // Members from the end of the list: the generator's owners are skewed to the first ones.
  const last = memberCount;
  await run(
    `INSERT INTO blocks (blocker_id, blocked_id) SELECT ${member(1)}, id FROM (${members(last - 9, 10)}) m ON CONFLICT DO NOTHING`,
  );
  await run(
    `INSERT INTO blocks (blocker_id, blocked_id) SELECT id, ${member(1)} FROM (${members(last - 19, 10)}) m ON CONFLICT DO NOTHING`,
  );
  await run(`INSERT INTO member_suspensions (user_id) SELECT id FROM (${members(last - 39, 20)}) m ON CONFLICT DO NOTHING`);
  const [counts] = await rowsOf<Record<string, string>>(
    handle,
    `SELECT (SELECT count(*) FROM tips WHERE visibility = 'connections') AS connections_tips,
      (SELECT count(*) FROM tips WHERE visibility = 'private') AS private_tips,
      (SELECT count(*) FROM tips WHERE hidden_at IS NOT NULL) AS hidden_tips,
      (SELECT count(*) FROM guides WHERE visibility = 'connections') AS connections_guides,
      (SELECT count(*) FROM guides WHERE hidden_at IS NOT NULL) AS hidden_guides,
      (SELECT count(*) FROM blocks) AS blocks, (SELECT count(*) FROM member_suspensions) AS suspensions`,
  );
  return Object.fromEntries(Object.entries(counts ?? {}).map(([k, v]) => [k, Number(v)]));
}
