/**
 * Explore forgives (issue 36, ADR 105): a misspelt search gets a suggestion the viewer finds
 * something with ("lisbn" -> "lisbon"), never a word only an item hidden from them holds; the
 * tip category and the orders through the route; bad values are 400s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentCard, ContentCounts, SearchSuggestion } from '@common/schemas/content';
import { eq } from 'drizzle-orm';
import { blocks, tipTypes, tips } from '@db/schema';
import { insertGuide, insertTip } from '@server-test/content-fixtures';
import { type TestApp, createTestApp } from '@server-test/test-app';

type Member = Awaited<ReturnType<TestApp['createMember']>>;
interface Page {
  items: ContentCard[];
  nextCursor: string | null;
}

let t: TestApp;
let me: Member;
let other: Member;
let blocker: Member;
let food: string;
let stay: string;

beforeAll(async () => {
  t = await createTestApp();
  me = await t.createMember('user', 'Mia Me');
  other = await t.createMember('user', 'Olga Other');
  blocker = await t.createMember('user', 'Bea Blocker');
  await t.db.insert(blocks).values({ blockerId: blocker.id, blockedId: me.id });
  const types = await t.db
    .insert(tipTypes)
    .values([{ name: 'Search food' }, { name: 'Search stay' }])
    .returning({ id: tipTypes.id });
  food = types[0]!.id;
  stay = types[1]!.id;
});
afterAll(() => t?.close());

async function get<T>(url: string, member = me): Promise<T> {
  const res = await t.call('GET', url, { cookie: member.cookie });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
}

const suggestion = async (q: string, member = me) =>
  (await get<SearchSuggestion>(`/api/explore/suggestion?q=${encodeURIComponent(q)}`, member)).suggestion;

describe('a misspelt search', () => {
  it('"lisbn" finds nothing, and suggests "lisbon", which finds the Lisbon tips', async () => {
    const tip = await insertTip(t.db, other.id, { title: 'Tram 28 at dawn', city: 'Lisbon', country: 'Portugal' });
    expect((await get<Page>('/api/explore?q=lisbn')).items).toEqual([]);
    expect(await suggestion('lisbn')).toBe('lisbon');
    expect(await suggestion('Lisbom')).toBe('lisbon');
    expect((await get<Page>('/api/explore?q=lisbon')).items.map((i) => i.id)).toContain(tip.id);
  });

  it('corrects each word of a longer search', async () => {
    await insertTip(t.db, other.id, { title: 'Pastel bakery', city: 'Belem', country: 'Portugal' });
    expect(await suggestion('pastl bakry')).toBe('pastel bakery');
  });

  it('suggests nothing for a word it cannot place, or a search that is spelt right', async () => {
    expect(await suggestion('qqqqzzzz')).toBeNull();
    expect(await suggestion('lisbon')).toBeNull();
  });

  it("never a word only another member's private or connections-only item, or a blocker's, holds", async () => {
    await insertTip(t.db, other.id, { title: 'Secretplaza', visibility: 'private' });
    await insertGuide(t.db, other.id, { title: 'Hushedcove', visibility: 'connections' });
    await insertTip(t.db, blocker.id, { title: 'Blockervilla' });
    expect(await suggestion('secretplazza')).toBeNull();
    expect(await suggestion('hushedcov')).toBeNull();
    expect(await suggestion('blockervila')).toBeNull();
    // The author finds their own private word, and a third member the blocker's public one.
    expect(await suggestion('secretplazza', other)).toBe('secretplaza');
    expect(await suggestion('blockervila', other)).toBe('blockervilla');
  });

  it('learns the words of a tip when it is written and when it is edited', async () => {
    const tip = await insertTip(t.db, other.id, { title: 'Quietmarket' });
    expect(await suggestion('quietmarkt')).toBe('quietmarket');
    await t.db.update(tips).set({ searchText: 'lanternalley' }).where(eq(tips.id, tip.id));
    expect(await suggestion('lanternaley')).toBe('lanternalley');
  });
});

describe('the tip category', () => {
  it('lists only tips of that category, in every order; no guide; counts agree', async () => {
    const a = await insertTip(t.db, other.id, { title: 'Categorytest one' });
    const b = await insertTip(t.db, other.id, { title: 'Categorytest two' });
    await insertGuide(t.db, other.id, { title: 'Categorytest guide' });
    await t.db.update(tips).set({ tipTypeId: food }).where(eq(tips.id, a.id));
    await t.db.update(tips).set({ tipTypeId: stay }).where(eq(tips.id, b.id));
    for (const sort of ['newest', 'liked', 'rated']) {
      const page = await get<Page>(`/api/explore?q=categorytest&tipType=${food}&sort=${sort}`);
      expect(
        page.items.map((i) => i.id),
        sort,
      ).toEqual([a.id]);
      expect((await get<Page>(`/api/explore?q=categorytest&tipType=${food}&sort=${sort}&type=guides`)).items).toEqual([]);
    }
    expect(await get<ContentCounts>(`/api/explore/counts?q=categorytest&tipType=${food}`)).toEqual({ tips: 1, guides: 0 });
    expect(await get<ContentCounts>('/api/explore/counts?q=categorytest')).toEqual({ tips: 2, guides: 1 });
    // Without a search, the category is still applied (no kept page answers it).
    const unfiltered = await get<Page>(`/api/explore?tipType=${stay}&limit=50`);
    expect(unfiltered.items.map((i) => i.id)).toEqual([b.id]);
  });
});

describe('refusals', () => {
  it.each([
    '/api/explore?sort=best',
    '/api/explore?tipType=food',
    '/api/explore/counts?tipType=1',
    '/api/explore/suggestion',
    '/api/explore/suggestion?q=',
    `/api/explore/suggestion?q=${'a'.repeat(201)}`,
    '/api/explore?sort=liked&cursor=abc',
  ])('GET %s is a 400 with a message', async (url) => {
    const res = await t.call('GET', url, { cookie: me.cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('the suggestion is 401 anonymous', async () => {
    expect((await t.call('GET', '/api/explore/suggestion?q=lisbn')).statusCode).toBe(401);
  });
});
