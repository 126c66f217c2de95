/**
 * The home's most liked leaves the viewer's hidden authors out after ranking (home.repository.ts,
 * popularBranch): the window's top 2 x rows first, then those the viewer may see, or, when they
 * hold too few, the page ranked again with every row tested. Every page of every page size is
 * compared with the rule written plainly, for a viewer who hid the window's most liked authors
 * (blocked either way, suspended: the second way) and for one who hid no one (the first way).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentCard } from '@common/schemas/content';
import { executeRows } from '@db/rows';
import { blocks, memberSuspensions } from '@db/schema';
import { insertGuide, insertTip } from '@server-test/content-fixtures';
import { seededNumbers } from '@server-test/seeded-numbers';
import { type TestApp, createTestApp } from '@server-test/test-app';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let hider: Member;
let plain: Member;
const DAY = 24 * 60 * 60 * 1000;

/** The most liked as the rule says it, by one plain statement: what `viewer` must get, in order. */
async function expected(viewer: Member): Promise<string[]> {
  const rows = await executeRows<{ id: string }>(
    t.db,
    sql`WITH hidden AS (
        SELECT blocked_id AS id FROM blocks WHERE blocker_id = ${viewer.id}
        UNION SELECT blocker_id FROM blocks WHERE blocked_id = ${viewer.id}
        UNION SELECT user_id FROM member_suspensions WHERE user_id <> ${viewer.id} AND (until IS NULL OR until > now()))
      SELECT id FROM (
        SELECT id, likes_count, created_at, user_id FROM tips WHERE visibility = 'public' AND hidden_at IS NULL
        UNION ALL SELECT id, likes_count, created_at, user_id FROM guides WHERE visibility = 'public' AND hidden_at IS NULL) AS item
      WHERE likes_count > 0 AND created_at >= now() - interval '30 days' AND user_id NOT IN (SELECT id FROM hidden)
      ORDER BY likes_count DESC, created_at DESC, id DESC`,
  );
  return rows.map((r) => r.id);
}

async function allPages(viewer: Member, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 200; i += 1) {
    const url = `/api/home/popular?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await t.call('GET', url, { cookie: viewer.cookie });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    const page = res.json<{ items: ContentCard[]; nextCursor: string | null }>();
    expect(page.items.length).toBeLessThanOrEqual(limit);
    ids.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor;
    if (!cursor) return ids;
  }
  throw new Error('too many pages');
}

beforeAll(async () => {
  t = await createTestApp();
  hider = await t.createMember('user', 'Hana Hider');
  plain = await t.createMember('user', 'Pia Plain');
  const authors: Member[] = [];
  for (let i = 0; i < 8; i += 1) authors.push(await t.createMember('user', `Author ${i}`));
  const next = seededNumbers(25);
  // Authors 0-3 hold the 24 most liked items of the window: more than 2 x rows for every page
  // size below, so the hider's first pages must take the second way.
  const shared = new Date(Date.now() - 3 * DAY);
  for (const [i, author] of authors.entries()) {
    for (let n = 0; n < 6; n += 1) {
      const likes = i < 4 ? 1_000 - i * 10 - n : 1 + Math.floor(next() * 40);
      // Some share one instant and one count, so ties are broken by id.
      const createdAt = n === 5 ? shared : new Date(Date.now() - (1 + next() * 25) * DAY);
      const tip = await insertTip(t.db, author.id, { title: `Tip ${i}.${n}`, createdAt });
      await t.db.execute(sql`UPDATE tips SET likes_count = ${n === 5 && i >= 4 ? 7 : likes} WHERE id = ${tip.id}`);
      if (n % 2 === 0) {
        const guide = await insertGuide(t.db, author.id, { title: `Guide ${i}.${n}`, createdAt });
        await t.db.execute(sql`UPDATE guides SET likes_count = ${likes - 1} WHERE id = ${guide.id}`);
      }
    }
    // Outside the rule: older than the window, private, unliked.
    const old = await insertTip(t.db, author.id, { title: `Old ${i}`, createdAt: new Date(Date.now() - 40 * DAY) });
    await t.db.execute(sql`UPDATE tips SET likes_count = 5000 WHERE id = ${old.id}`);
    const own = await insertTip(t.db, author.id, { title: `Private ${i}`, isPrivate: true });
    await t.db.execute(sql`UPDATE tips SET likes_count = 4000 WHERE id = ${own.id}`);
    await insertTip(t.db, author.id, { title: `Unliked ${i}` });
  }
  // Hidden from the hider: authors 0 and 1 blocked by them, 2 blocking them, 3 suspended (from
  // everyone: the plain viewer loses author 3 too, and only them).
  await t.db.insert(blocks).values([
    { blockerId: hider.id, blockedId: authors[0]!.id },
    { blockerId: hider.id, blockedId: authors[1]!.id },
    { blockerId: authors[2]!.id, blockedId: hider.id },
  ]);
  await t.db.insert(memberSuspensions).values({ userId: authors[3]!.id, until: null });
});
afterAll(() => t?.close());

describe("the home's most liked with hidden authors", () => {
  it.each([1, 2, 3, 5, 9, 50])('gives every page the rule gives, %i a page', async (limit) => {
    for (const viewer of [hider, plain]) {
      const want = await expected(viewer);
      expect(want.length).toBeGreaterThan(Math.min(limit, 30));
      expect(await allPages(viewer, limit)).toEqual(want);
    }
  });

  it("leaves out exactly the hidden authors; the window's 20 most liked tips are all hidden from the hider", async () => {
    const [forHider, forPlain] = [await expected(hider), await expected(plain)];
    const ranked = await executeRows<{ id: string }>(
      t.db,
      sql`SELECT id FROM tips WHERE visibility = 'public' AND likes_count > 0 AND created_at >= now() - interval '30 days'
        ORDER BY likes_count DESC, created_at DESC, id DESC LIMIT 20`,
    );
    // A page of 9 reads 10 rows, and its first way ranks 20 tips: none of them the hider may
    // see, so the hider's pages take the second way (for tips up to 9 a page, and beyond).
    expect(ranked.map((r) => r.id).filter((id) => forHider.includes(id))).toEqual([]);
    expect(forPlain.length - forHider.length).toBe(3 * 9);
  });
});
