import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@db/rows';
import type { ContentCard, ContentCounts, SavedItem } from '@common/schemas/content';
import { TEXTS } from '@common/texts';
import { guides, savedItems, tips } from '@db/schema';
import { insertGuide, insertSave, insertTip } from '@server-test/content-fixtures';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { contentKeysQuery } from './content-keys.repository';

type Member = Awaited<ReturnType<TestApp['createMember']>>;
interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

let t: TestApp;
let me: Member;
let other: Member;
let pending: Member;

beforeAll(async () => {
  t = await createTestApp();
  me = await t.createMember('user', 'Mia Me');
  other = await t.createMember('user', 'Olga Other');
  pending = await t.createMember('pending');
});
afterAll(async () => {
  await t.close();
});

/** A word no other test uses, so a search returns only this test's rows. */
let wordSeq = 0;
function uniqueWord(): string {
  wordSeq += 1;
  return `zq${wordSeq}x${Math.random().toString(36).slice(2, 8)}`;
}

async function get<T>(member: Member, url: string): Promise<T> {
  const res = await t.call('GET', url, { cookie: member.cookie });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
}

const ids = (page: { items: { id: string }[] }) => page.items.map((i) => i.id);

async function allPages(member: Member, url: string, limit: number): Promise<ContentCard[]> {
  const items: ContentCard[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i += 1) {
    const sep = url.includes('?') ? '&' : '?';
    const page: Page<ContentCard> = await get(member, `${url}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    items.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) return items;
  }
  throw new Error('too many pages');
}

describe('access', () => {
  it.each([
    '/api/explore',
    '/api/explore/counts',
    '/api/explore/countries',
    '/api/saved',
    '/api/saved/counts',
    '/api/users/00000000-0000-4000-8000-000000000000/content',
    '/api/users/00000000-0000-4000-8000-000000000000/content/counts',
  ])('GET %s is 401 anonymous and 403 pending', async (url) => {
    const anonymous = await t.call('GET', url);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(TEXTS.signInRequired);
    const asPending = await t.call('GET', url, { cookie: pending.cookie });
    expect(asPending.statusCode).toBe(403);
    expect(asPending.json().message).toBe(TEXTS.accountPendingActivation);
  });

  it('DELETE /api/saved/:id is 401 anonymous and 403 pending', async () => {
    const url = '/api/saved/00000000-0000-4000-8000-000000000000';
    expect((await t.call('DELETE', url)).statusCode).toBe(401);
    expect((await t.call('DELETE', url, { cookie: pending.cookie })).statusCode).toBe(403);
  });
});

describe('GET /api/explore', () => {
  it("lists public items and the viewer's own private ones, never another's private item", async () => {
    const word = uniqueWord();
    const publicTip = await insertTip(t.db, other.id, { title: `${word} public tip` });
    const othersPrivateTip = await insertTip(t.db, other.id, { title: `${word} hidden tip`, isPrivate: true });
    const myPrivateTip = await insertTip(t.db, me.id, { title: `${word} my private tip`, isPrivate: true });
    const publicGuide = await insertGuide(t.db, other.id, { title: `${word} public guide` });
    const othersPrivateGuide = await insertGuide(t.db, other.id, { title: `${word} hidden guide`, isPrivate: true });

    const mine = await get<Page<ContentCard>>(me, `/api/explore?q=${word}`);
    expect(new Set(ids(mine))).toEqual(new Set([publicTip.id, myPrivateTip.id, publicGuide.id]));
    expect(await get<ContentCounts>(me, `/api/explore/counts?q=${word}`)).toEqual({ tips: 2, guides: 1 });

    const theirs = await get<Page<ContentCard>>(other, `/api/explore?q=${word}`);
    expect(new Set(ids(theirs))).toEqual(new Set([publicTip.id, othersPrivateTip.id, publicGuide.id, othersPrivateGuide.id]));

    // Not by search, not by tab, not in a full walk of explore.
    expect(ids(await get<Page<ContentCard>>(me, `/api/explore?type=tips&q=hidden%20tip%20${word}`))).toEqual([]);
    expect(ids(await get<Page<ContentCard>>(me, `/api/explore?q=${word}%20hidden`))).toEqual([]);
    const everything = await allPages(me, '/api/explore', 50);
    expect(everything.map((c) => c.id)).not.toContain(othersPrivateTip.id);
    expect(everything.map((c) => c.id)).not.toContain(othersPrivateGuide.id);
    const counts = await get<ContentCounts>(me, '/api/explore/counts');
    expect(counts.tips + counts.guides).toBe(everything.length);
  });

  it('gives cards with author, tip type and cover photo', async () => {
    const word = uniqueWord();
    const [hotel] = await t.db
      .execute<{ id: string }>(sql`select id from tip_types where name = 'Hotel'`)
      .then((r) => rowsOf<{ id: string }>(r));
    const tip = await insertTip(t.db, other.id, {
      title: `${word} stay`,
      photoUrls: ['/api/media/tip-photos/x/a.webp', '/api/media/tip-photos/x/b.webp'],
    });
    await t.db.update(tips).set({ tipTypeId: hotel?.id, rating: 4 }).where(eq(tips.id, tip.id));
    const guide = await insertGuide(t.db, other.id, {
      title: `${word} guide`,
      countries: ['Brazil', 'Chile'],
      daysCount: 5,
      photoUrls: ['/api/media/guide-photos/x/c.webp'],
      tags: ['road trip'],
    });
    const page = await get<Page<ContentCard>>(me, `/api/explore?q=${word}`);
    expect(page.items).toEqual([
      {
        kind: 'guide',
        id: guide.id,
        author: { id: other.id, name: 'Olga Other', username: expect.any(String), profilePictureUrl: null },
        title: `${word} guide`,
        location: null,
        countries: ['Brazil', 'Chile'],
        description: null,
        daysCount: 5,
        photoUrl: '/api/media/guide-photos/x/c.webp',
        tags: ['road trip'],
        isPrivate: false,
        visibility: 'public',
        hidden: false,
        likesCount: 0,
        createdAt: guide.createdAt.toISOString(),
      },
      expect.objectContaining({
        kind: 'tip',
        id: tip.id,
        tipTypeName: 'Hotel',
        rating: 4,
        photoUrl: '/api/media/tip-photos/x/a.webp',
        author: expect.objectContaining({ id: other.id, name: 'Olga Other' }),
      }),
    ]);
  });

  it('pages 25 mixed items with identical timestamps exactly once, in (created_at, id) order', async () => {
    const word = uniqueWord();
    const same = new Date('2024-05-05T10:00:00.123456Z');
    const earlier = new Date('2024-05-04T10:00:00Z');
    const rows: { id: string; createdAt: Date }[] = [];
    for (let i = 0; i < 25; i += 1) {
      const createdAt = i % 5 === 4 ? earlier : same;
      const row =
        i % 2 === 0
          ? await insertTip(t.db, i % 3 === 0 ? me.id : other.id, { title: `${word} tip ${i}`, createdAt })
          : await insertGuide(t.db, other.id, { title: `${word} guide ${i}`, createdAt });
      rows.push(row);
    }
    // Microseconds matter: make the 'same' group identical to the microsecond in the database.
    await t.db.execute(
      sql`update tips set created_at = '2024-05-05 10:00:00.123456+00' where title like ${`${word}%`} and created_at > '2024-05-05'`,
    );
    await t.db.execute(
      sql`update guides set created_at = '2024-05-05 10:00:00.123456+00' where title like ${`${word}%`} and created_at > '2024-05-05'`,
    );
    const expected = [...rows]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .map((r) => r.id);

    const paged = await allPages(me, `/api/explore?type=all&q=${word}`, 7);
    expect(paged.map((c) => c.id)).toEqual(expected);
    expect(new Set(paged.map((c) => c.id)).size).toBe(25);

    const tipPages = await allPages(me, `/api/explore?type=tips&q=${word}`, 4);
    expect(tipPages.map((c) => c.id)).toEqual(expected.filter((id) => rows.findIndex((r) => r.id === id) % 2 === 0));
    expect(tipPages.every((c) => c.kind === 'tip')).toBe(true);
    const guidePages = await allPages(me, `/api/explore?type=guides&q=${word}`, 4);
    expect(guidePages.map((c) => c.id)).toEqual(expected.filter((id) => rows.findIndex((r) => r.id === id) % 2 === 1));
  });

  it('refuses a forged cursor with 400', async () => {
    const res = await t.call('GET', '/api/explore?cursor=bm90LWEtY3Vyc29y', { cookie: me.cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid page cursor');
  });

  it('searches case- and accent-insensitively across fields and tags', async () => {
    const word = uniqueWord();
    const saoPaulo = await insertTip(t.db, other.id, { title: `Feijoada ${word}`, city: 'São Paulo', country: 'Brazil' });
    const tagged = await insertGuide(t.db, other.id, { title: `Weekend ${word}`, tags: ['Street Food'] });
    const described = await insertGuide(t.db, other.id, { title: `Plain ${word}`, description: 'Crème brûlée everywhere' });
    const found = async (q: string) =>
      ids(await get<Page<ContentCard>>(me, `/api/explore?q=${encodeURIComponent(`${q}`)}&limit=50`));

    expect(await found('SAO PAULO')).toContain(saoPaulo.id);
    expect(await found('são paulo')).toContain(saoPaulo.id);
    expect(await found('street food')).toContain(tagged.id);
    expect(await found('CREME BRULEE')).toContain(described.id);
    expect(await found(`  ${word.toUpperCase()}  `)).toHaveLength(3);
  });

  it('finds whole words in any order, the last also by its beginning; punctuation only separates words', async () => {
    const word = uniqueWord();
    const tower = await insertTip(t.db, other.id, { title: `${word} Eiffel Tower at night` });
    const snake = await insertTip(t.db, other.id, { title: `${word} snake_case, 100% fun` });
    const found = async (q: string) => ids(await get<Page<ContentCard>>(me, `/api/explore?q=${encodeURIComponent(q)}&limit=50`));
    const counted = (q: string) => get<ContentCounts>(me, `/api/explore/counts?q=${encodeURIComponent(q)}`);

    expect(await found(`${word} tow`)).toEqual([tower.id]);
    expect(await found(`tower eiffel ${word}`)).toEqual([tower.id]);
    expect(await found(word.slice(0, -2))).toEqual([snake.id, tower.id]);
    // Only the last word may be a beginning, and no word matches inside another.
    expect(await found(`tow ${word}`)).toEqual([]);
    expect(await found(`${word} ower`)).toEqual([]);
    expect(await found(`${word} snake case`)).toEqual([snake.id]);
    expect(await found(`${word}: 100% (fun)`)).toEqual([snake.id]);
    expect(await counted(`${word} snake`)).toEqual({ tips: 1, guides: 0 });

    // Text without a word finds nothing, and no quote or backslash reaches the query's syntax.
    for (const q of ['%', '_', '\\', "'", "' | '", '!:*']) {
      expect(await found(q), q).toEqual([]);
      expect(await counted(q), q).toEqual({ tips: 0, guides: 0 });
    }
    expect(await found(`${word}' | 'x`)).toEqual([]);
    expect(await found(`${word} eiffel'tower`)).toEqual([tower.id]);
  });

  it('filters by country: a tip by its country, a guide by any of its countries', async () => {
    const word = uniqueWord();
    const tip = await insertTip(t.db, other.id, { title: `${word} tip`, country: 'Japan' });
    await insertTip(t.db, other.id, { title: `${word} elsewhere`, country: 'Peru' });
    const guide = await insertGuide(t.db, other.id, { title: `${word} guide`, countries: ['Korea, South', 'Japan'] });
    await insertGuide(t.db, other.id, { title: `${word} guide elsewhere`, countries: ['Peru'] });
    const page = await get<Page<ContentCard>>(me, `/api/explore?q=${word}&country=Japan`);
    expect(new Set(ids(page))).toEqual(new Set([tip.id, guide.id]));
    expect(await get<ContentCounts>(me, `/api/explore/counts?q=${word}&country=Japan`)).toEqual({ tips: 1, guides: 1 });
    expect(await get<ContentCounts>(me, `/api/explore/counts?q=${word}`)).toEqual({ tips: 2, guides: 2 });
  });
});

describe('GET /api/explore/countries', () => {
  it('lists the countries of visible content alphabetically, not those only in private items of others', async () => {
    await insertTip(t.db, other.id, { country: 'Uruguay' });
    await insertGuide(t.db, other.id, { countries: ['Mongolia', 'Kazakhstan'] });
    await insertTip(t.db, other.id, { country: 'Bhutan', isPrivate: true });
    await insertGuide(t.db, other.id, { countries: ['Nepal'], isPrivate: true });
    await insertTip(t.db, me.id, { country: 'Iceland', isPrivate: true });

    const countries = await get<string[]>(me, '/api/explore/countries');
    expect(countries).toEqual(expect.arrayContaining(['Uruguay', 'Mongolia', 'Kazakhstan', 'Iceland']));
    expect(countries).not.toContain('Bhutan');
    expect(countries).not.toContain('Nepal');
    expect(countries).toEqual([...countries].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(countries).size).toBe(countries.length);

    const theirs = await get<string[]>(other, '/api/explore/countries');
    expect(theirs).toEqual(expect.arrayContaining(['Bhutan', 'Nepal']));
    expect(theirs).not.toContain('Iceland');
  });
});

describe('GET /api/users/:userId/content', () => {
  it('gives the owner their private items and others only the public ones, newest first', async () => {
    const author = await t.createMember('user', 'Ada Author');
    const base = Date.parse('2025-01-01T00:00:00Z');
    const at = (minutes: number) => new Date(base + minutes * 60_000);
    const t1 = await insertTip(t.db, author.id, { createdAt: at(1) });
    const g1 = await insertGuide(t.db, author.id, { createdAt: at(2) });
    const t2 = await insertTip(t.db, author.id, { isPrivate: true, createdAt: at(3) });
    const g2 = await insertGuide(t.db, author.id, { isPrivate: true, createdAt: at(4) });
    const t3 = await insertTip(t.db, author.id, { createdAt: at(5) });
    await insertTip(t.db, other.id);

    const url = `/api/users/${author.id}/content`;
    expect(ids(await get<Page<ContentCard>>(author, url))).toEqual([t3.id, g2.id, t2.id, g1.id, t1.id]);
    expect(ids(await get<Page<ContentCard>>(author, `${url}?type=tips`))).toEqual([t3.id, t2.id, t1.id]);
    expect(ids(await get<Page<ContentCard>>(author, `${url}?type=guides`))).toEqual([g2.id, g1.id]);
    expect(await get<ContentCounts>(author, `${url}/counts`)).toEqual({ tips: 3, guides: 2 });

    expect(ids(await get<Page<ContentCard>>(me, url))).toEqual([t3.id, g1.id, t1.id]);
    expect(ids(await get<Page<ContentCard>>(me, `${url}?type=guides`))).toEqual([g1.id]);
    expect(await get<ContentCounts>(me, `${url}/counts`)).toEqual({ tips: 2, guides: 1 });

    const firstPage = await get<Page<ContentCard>>(author, `${url}?limit=2`);
    expect(ids(firstPage)).toEqual([t3.id, g2.id]);
    const secondPage = await get<Page<ContentCard>>(author, `${url}?limit=2&cursor=${firstPage.nextCursor}`);
    expect(ids(secondPage)).toEqual([t2.id, g1.id]);
    const lastPage = await get<Page<ContentCard>>(author, `${url}?limit=2&cursor=${secondPage.nextCursor}`);
    expect(lastPage).toMatchObject({ nextCursor: null });
    expect(ids(lastPage)).toEqual([t1.id]);
  });

  it('is 404 for a user that does not exist', async () => {
    const url = '/api/users/00000000-0000-4000-8000-000000000000/content';
    expect((await t.call('GET', url, { cookie: me.cookie })).statusCode).toBe(404);
    expect((await t.call('GET', `${url}/counts`, { cookie: me.cookie })).statusCode).toBe(404);
  });

  it('gives an empty list for a member with no content', async () => {
    const fresh = await t.createMember('user');
    expect(await get<Page<ContentCard>>(me, `/api/users/${fresh.id}/content`)).toEqual({ items: [], nextCursor: null });
    expect(await get<ContentCounts>(fresh, `/api/users/${fresh.id}/content/counts`)).toEqual({ tips: 0, guides: 0 });
  });
});

describe('saved', () => {
  it('lists saved items newest saved first, leaves out one that became private, and counts', async () => {
    const saver = await t.createMember('user', 'Sam Saver');
    const word = uniqueWord();
    const tipA = await insertTip(t.db, other.id, { title: `${word} alpha` });
    const tipB = await insertTip(t.db, other.id, { title: 'Beta tip' });
    const guide = await insertGuide(t.db, other.id, { title: `${word} gamma` });
    const soonPrivate = await insertGuide(t.db, other.id, { title: `${word} delta` });
    const base = Date.parse('2025-03-01T00:00:00Z');
    const sA = await insertSave(t.db, saver.id, { tipId: tipA.id }, new Date(base + 1000));
    const sG = await insertSave(t.db, saver.id, { guideId: guide.id }, new Date(base + 2000));
    const sB = await insertSave(t.db, saver.id, { tipId: tipB.id }, new Date(base + 3000));
    await insertSave(t.db, saver.id, { guideId: soonPrivate.id }, new Date(base + 4000));
    await insertSave(t.db, other.id, { tipId: tipA.id });

    expect((await get<Page<SavedItem>>(saver, '/api/saved')).items).toHaveLength(4);
    await t.db.update(guides).set({ visibility: 'private' }).where(eq(guides.id, soonPrivate.id));

    const page = await get<Page<SavedItem>>(saver, '/api/saved');
    expect(page.items.map((s) => [s.id, s.item.id])).toEqual([
      [sB.id, tipB.id],
      [sG.id, guide.id],
      [sA.id, tipA.id],
    ]);
    expect(page.items[0]?.savedAt).toBe(new Date(base + 3000).toISOString());
    expect(page.items[1]?.item.kind).toBe('guide');
    expect(await get<ContentCounts>(saver, '/api/saved/counts')).toEqual({ tips: 2, guides: 1 });

    expect(ids({ items: (await get<Page<SavedItem>>(saver, '/api/saved?type=tips')).items })).toEqual([sB.id, sA.id]);
    expect(ids({ items: (await get<Page<SavedItem>>(saver, '/api/saved?type=guides')).items })).toEqual([sG.id]);
    const searched = await get<Page<SavedItem>>(saver, `/api/saved?q=${word.toUpperCase()}`);
    expect(searched.items.map((s) => s.item.id)).toEqual([guide.id, tipA.id]);
    expect(await get<ContentCounts>(saver, `/api/saved/counts?q=${word}`)).toEqual({ tips: 1, guides: 1 });

    const first = await get<Page<SavedItem>>(saver, '/api/saved?limit=2');
    expect(first.items.map((s) => s.id)).toEqual([sB.id, sG.id]);
    const second = await get<Page<SavedItem>>(saver, `/api/saved?limit=2&cursor=${first.nextCursor}`);
    expect(second).toMatchObject({ nextCursor: null });
    expect(second.items.map((s) => s.id)).toEqual([sA.id]);
  });

  it("DELETE /api/saved/:id removes the caller's own row; anyone else's row is 404", async () => {
    const saver = await t.createMember('user');
    const tip = await insertTip(t.db, other.id);
    const mine = await insertSave(t.db, saver.id, { tipId: tip.id });
    const theirs = await insertSave(t.db, me.id, { tipId: tip.id });

    const foreign = await t.call('DELETE', `/api/saved/${theirs.id}`, { cookie: saver.cookie });
    expect(foreign.statusCode).toBe(404);
    expect(await t.db.$count(savedItems, eq(savedItems.id, theirs.id))).toBe(1);

    expect((await t.call('DELETE', `/api/saved/${mine.id}`, { cookie: saver.cookie })).statusCode).toBe(204);
    expect(await t.db.$count(savedItems, eq(savedItems.id, mine.id))).toBe(0);
    expect((await t.call('DELETE', `/api/saved/${mine.id}`, { cookie: saver.cookie })).statusCode).toBe(404);
    expect((await t.call('DELETE', '/api/saved/not-an-id', { cookie: saver.cookie })).statusCode).toBe(400);
  });
});

describe('search index (PostgreSQL)', () => {
  it.skipIf(process.env.WAYMARK_TEST_DB !== 'postgres')(
    'explore uses the words index to search and the ordered public index to page',
    async () => {
      const owner = await t.createMember('user');
      const values = Array.from({ length: 2000 }, (_, i) => {
        const title = `Filler tip number ${i} about bakeries and trams`;
        return { userId: owner.id, title, country: 'Portugal', city: 'Porto', description: 'x', searchText: title.toLowerCase() };
      });
      for (let i = 0; i < values.length; i += 500) await t.db.insert(tips).values(values.slice(i, i + 500));
      // VACUUM also moves the bulk insert out of the GIN pending list, as autovacuum would.
      await t.db.execute(sql`VACUUM ANALYZE tips`);
      const query = contentKeysQuery('tips', { scope: { kind: 'visible', viewerId: me.id }, search: "'quokka':*" }, null, 20);
      const plan = await t.db.transaction(async (tx) => {
        const explain = async () => {
          const result = await tx.execute(sql`EXPLAIN ${query}`);
          return rowsOf<{ 'QUERY PLAN': string }>(result)
            .map((r) => r['QUERY PLAN'])
            .join('\n');
        };
        const natural = await explain();
        if (natural.includes('tips_search_vector_idx')) return natural;
        // The planner may prefer another plan at this size; forbid the others to prove the index is usable.
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        await tx.execute(sql`SET LOCAL enable_indexscan = off`);
        return explain();
      });
      expect(plan).toContain('tips_search_vector_idx');

      // Without a search, a page walks the public index in order and stops: no sort of every row.
      // A later page starts inside the index (the cursor is an index condition, not a filter).
      const cursor = { createdAt: '2999-01-01 00:00:00+00', id: '00000000-0000-4000-8000-000000000000' };
      for (const c of [null, cursor]) {
        const page = contentKeysQuery('tips', { scope: { kind: 'visible', viewerId: me.id } }, c, 20);
        const pagePlan = rowsOf<{ 'QUERY PLAN': string }>(await t.db.execute(sql`EXPLAIN ${page}`))
          .map((r) => r['QUERY PLAN'])
          .join('\n');
        expect(pagePlan).toMatch(/Index (Only )?Scan using tips_public_created_idx/);
        // The Sorts allowed merge the connections' branches (ADR 082), each already in order, and
        // order the page's leading keys, a page at most (ADR 098); none may sit straight on a scan of tips.
        expect(pagePlan).not.toMatch(/->\s+Sort\s+\([^\n]*\n\s*Sort Key:[^\n]*\n\s*->\s+(?!CTE Scan)[A-Za-z][A-Za-z ]*Scan/);
        expect(pagePlan).toMatch(/->\s+CTE Scan on leading_keys/);
        if (c) expect(pagePlan).toMatch(/Index Cond: \(ROW\(created_at, id\) </);
      }
      await t.db.delete(tips).where(inArray(tips.userId, [owner.id]));
    },
  );
});
