/**
 * Who sees what (ADR 081, 082) through every content list and detail read, on both databases:
 * one author's public, connections-only, private and hidden tips and guides as their owner, a
 * connection, a stranger, a member they blocked, a member who blocked them and an admin see
 * them; and a suspended member's public items, which nobody sees.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks, connections, guides, memberSuspensions, tips, users } from '@db/schema';
import { executeRows } from '@db/rows';
import { PROBED_CONNECTIONS, contentKeysQuery } from '@server/modules/content/content-keys.repository';
import type { SearchPlan } from '@server/modules/content/search-plan';
import { searchWindowOf } from '@server/modules/content/search-window';
import { type TestApp, createTestApp } from '../test-app';
import { insertGuide, insertSave, insertTip } from '../content-fixtures';

type Level = 'public' | 'connections' | 'private' | 'hidden';
const LEVELS: Level[] = ['public', 'connections', 'private', 'hidden'];
/** Each level in a country of its own, so country lists say which levels a viewer sees. */
const COUNTRY: Record<Level, string> = { public: 'Portugal', connections: 'Iceland', private: 'Japan', hidden: 'Chile' };
const WORD = 'zephyrine';

type Viewer = 'owner' | 'connection' | 'stranger' | 'blocked' | 'blocker' | 'admin';
/** The author's levels each viewer sees in lists. */
const SEES: Record<Viewer, Level[]> = {
  owner: LEVELS,
  connection: ['public', 'connections'],
  stranger: ['public'],
  blocked: [],
  blocker: [],
  admin: ['public'],
};
const VIEWERS = Object.keys(SEES) as Viewer[];

let t: TestApp;
const cookie = {} as Record<Viewer, string>;
const memberIds = {} as Record<Viewer, string>;
let authorId: string;
const tipIds = {} as Record<Level, string>;
const guideIds = {} as Record<Level, string>;
let suspendedTipId: string;

const titlesOf = (levels: Level[]) => levels.flatMap((l) => [`tip-${l}`, `guide-${l}`]).sort();
const titles = (items: { title: string }[]) => items.map((i) => i.title).sort();

async function get<T>(viewer: Viewer | { cookie: string }, url: string): Promise<T> {
  const res = await t.call('GET', url, { cookie: typeof viewer === 'string' ? cookie[viewer] : viewer.cookie });
  expect(res.statusCode, `${typeof viewer === 'string' ? viewer : 'member'} GET ${url}: ${res.body}`).toBe(200);
  return res.json<T>();
}

/** Every page of a list, two cards at a time, through its cursor. */
async function allPages(viewer: Viewer | { cookie: string }, url: string): Promise<{ title: string }[]> {
  const items: { title: string }[] = [];
  let cursor: string | null = null;
  do {
    const sep = url.includes('?') ? '&' : '?';
    const page: { items: { title: string }[]; nextCursor: string | null } = await get(
      viewer,
      `${url}${sep}limit=2${cursor ? `&cursor=${cursor}` : ''}`,
    );
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

beforeAll(async () => {
  t = await createTestApp();
  const members = {} as Record<Viewer | 'suspended', { id: string; cookie: string }>;
  for (const v of [...VIEWERS, 'suspended'] as const) {
    members[v] = await t.createMember(v === 'admin' ? 'admin' : 'user', `Member ${v}`);
    if (v !== 'suspended') {
      cookie[v] = members[v].cookie;
      memberIds[v] = members[v].id;
    }
  }
  authorId = members.owner.id;
  for (const level of LEVELS) {
    const visibility = level === 'hidden' ? 'public' : level;
    const common = { visibility, description: `a ${WORD} place` } as const;
    tipIds[level] = (await insertTip(t.db, authorId, { ...common, title: `tip-${level}`, country: COUNTRY[level] })).id;
    guideIds[level] = (await insertGuide(t.db, authorId, { ...common, title: `guide-${level}`, countries: [COUNTRY[level]] })).id;
  }
  await t.db.update(tips).set({ hiddenAt: new Date() }).where(eqId(tips, tipIds.hidden));
  await t.db.update(guides).set({ hiddenAt: new Date() }).where(eqId(guides, guideIds.hidden));
  suspendedTipId = (await insertTip(t.db, members.suspended.id, { title: 'tip-suspended', description: `a ${WORD} place` })).id;
  // Every item is liked, so the most liked list could hold each of them.
  await t.db.update(tips).set({ likesCount: 3 });
  await t.db.update(guides).set({ likesCount: 3 });
  await t.db.insert(connections).values([
    { requesterId: members.connection.id, addresseeId: authorId, status: 'accepted' },
    { requesterId: members.connection.id, addresseeId: members.suspended.id, status: 'accepted' },
  ]);
  await t.db.insert(blocks).values([
    { blockerId: authorId, blockedId: members.blocked.id },
    { blockerId: members.blocker.id, blockedId: authorId },
  ]);
  await t.db.insert(memberSuspensions).values({ userId: members.suspended.id });
  // Saved before the item was narrowed, the author blocked or suspended: Saved must drop them.
  for (const v of VIEWERS) {
    if (v === 'owner') continue;
    for (const level of LEVELS) {
      await insertSave(t.db, members[v].id, { tipId: tipIds[level] });
      await insertSave(t.db, members[v].id, { guideId: guideIds[level] });
    }
    await insertSave(t.db, members[v].id, { tipId: suspendedTipId });
  }
});

afterAll(() => t?.close());

const eqId = (table: typeof tips | typeof guides, id: string) => eq(table.id, id);

describe.each(VIEWERS)('as the %s', (viewer) => {
  const expected = titlesOf(SEES[viewer]);

  it('Explore lists, searches, counts and pages exactly what they may see', async () => {
    expect(titles(await allPages(viewer, '/api/explore'))).toEqual(expected);
    expect(titles(await allPages(viewer, `/api/explore?q=${WORD}`))).toEqual(expected);
    expect(titles(await allPages(viewer, '/api/explore?type=tips'))).toEqual(expected.filter((x) => x.startsWith('tip')));
    expect(await get(viewer, `/api/explore/counts?q=${WORD}`)).toEqual({
      tips: SEES[viewer].length,
      guides: SEES[viewer].length,
    });
  });

  it("Explore's countries and country filter follow the same rule", async () => {
    expect(await get(viewer, '/api/explore/countries')).toEqual(SEES[viewer].map((l) => COUNTRY[l]).sort());
    const iceland = await allPages(viewer, '/api/explore?country=Iceland');
    expect(titles(iceland)).toEqual(SEES[viewer].includes('connections') ? titlesOf(['connections']) : []);
  });

  it("the author's own list and counts", async () => {
    expect(titles(await allPages(viewer, `/api/users/${authorId}/content`))).toEqual(expected);
    const n = SEES[viewer].length;
    expect(await get(viewer, `/api/users/${authorId}/content/counts`)).toEqual({ tips: n, guides: n });
  });

  it("the author's profile counts the same items (blocked either way: no profile at all)", async () => {
    const res = await t.call('GET', `/api/profiles/${authorId}`, { cookie: cookie[viewer] });
    if (viewer === 'blocked' || viewer === 'blocker') return expect(res.statusCode).toBe(404);
    const n = SEES[viewer].length;
    expect(res.json<{ stats: { tipsCount: number; guidesCount: number } }>().stats).toMatchObject({
      tipsCount: n,
      guidesCount: n,
    });
  });

  it('Saved keeps only what they may still see', async () => {
    if (viewer === 'owner') return; // nobody saves their own
    const saved = await get<{ items: { item: { title: string } }[] }>(viewer, '/api/saved?limit=50');
    expect(titles(saved.items.map((s) => s.item))).toEqual(expected);
    expect(await get(viewer, '/api/saved/counts')).toEqual({ tips: SEES[viewer].length, guides: SEES[viewer].length });
  });

  it('the most liked holds public items only, of authors not hidden from them', async () => {
    const popular = await allPages(viewer, '/api/home/popular');
    expect(titles(popular)).toEqual(titlesOf(SEES[viewer].filter((l) => l === 'public')));
  });

  it('detail pages: 200 for what they may see, 404 for the rest (admins also open hidden ones)', async () => {
    for (const level of LEVELS) {
      const mayOpen = SEES[viewer].includes(level) || (viewer === 'admin' && level === 'hidden');
      const want = mayOpen ? 200 : 404;
      expect((await t.call('GET', `/api/tips/${tipIds[level]}`, { cookie: cookie[viewer] })).statusCode, `tip ${level}`).toBe(
        want,
      );
      expect(
        (await t.call('GET', `/api/guides/${guideIds[level]}`, { cookie: cookie[viewer] })).statusCode,
        `guide ${level}`,
      ).toBe(want);
    }
    expect((await t.call('GET', `/api/tips/${suspendedTipId}`, { cookie: cookie[viewer] })).statusCode).toBe(404);
  });

  it('a like or save of an item they cannot see is 404 and changes nothing', async () => {
    if (viewer === 'owner') return;
    for (const level of LEVELS.filter((l) => !SEES[viewer].includes(l))) {
      for (const [contentType, contentId] of [
        ['tip', tipIds[level]],
        ['guide', guideIds[level]],
      ] as const) {
        for (const route of ['/api/likes/toggle', '/api/saves/toggle']) {
          const res = await t.call('POST', route, { cookie: cookie[viewer], body: { contentType, contentId } });
          expect(res.statusCode, `${route} ${contentType} ${level}`).toBe(404);
        }
      }
    }
    const res = await t.call('POST', '/api/likes/toggle', {
      cookie: cookie[viewer],
      body: { contentType: 'tip', contentId: suspendedTipId },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('the home feed', () => {
  it("holds a connection's public and connections-only items, not a suspended connection's", async () => {
    expect(titles(await allPages('connection', '/api/home/feed'))).toEqual(titlesOf(['public', 'connections']));
  });

  it('is empty for members not connected to the author', async () => {
    for (const v of ['stranger', 'blocked', 'blocker', 'admin'] as const) {
      expect(titles(await allPages(v, '/api/home/feed')), v).toEqual([]);
    }
  });
});

describe('a like by a connection', () => {
  it('is taken on a connections-only item', async () => {
    const res = await t.call('POST', '/api/likes/toggle', {
      cookie: cookie.connection,
      body: { contentType: 'tip', contentId: tipIds.connections },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ liked: boolean }>().liked).toBe(true);
  });
});

describe.each(VIEWERS)("Explore's search plans (search-plan.ts) as the %s", (viewer) => {
  /** The titles of a search's first page when it takes `plan` for both tables. */
  async function searchTitles(plan: SearchPlan): Promise<string[]> {
    const window = searchWindowOf([WORD], 2, new Date(), new Date(Date.now() + 86_400_000));
    const filter = {
      scope: { kind: 'visible' as const, viewerId: memberIds[viewer] },
      search: `'${WORD}':*`,
      searchPlans: { tip: plan, guide: plan },
      searchWindows: plan === 'recent' ? { tip: window, guide: window } : undefined,
    };
    const keys = await executeRows<{ id: string }>(t.db, contentKeysQuery('all', filter, null, 20));
    const ids = keys.map((k) => k.id);
    const rows = [
      ...(await t.db.select({ title: tips.title }).from(tips).where(inArray(tips.id, ids))),
      ...(await t.db.select({ title: guides.title }).from(guides).where(inArray(guides.id, ids))),
    ];
    expect(rows).toHaveLength(ids.length);
    return titles(rows);
  }

  it.each(['walk', 'gather', 'recent'] as const)('%s finds exactly what they may see', async (plan) => {
    expect(await searchTitles(plan)).toEqual(titlesOf(SEES[viewer]));
  });
});

describe('a member with more connections than the connections branch probes one by one', () => {
  it('sees their connections-only items through the walk of the newest ones (ADR 082)', async () => {
    const popular = await t.createMember('user', 'Member popular');
    const extra = await t.db
      .insert(users)
      .values(Array.from({ length: PROBED_CONNECTIONS }, (_, i) => ({ name: `Extra ${i}`, email: `extra${i}@lists.test` })))
      .returning({ id: users.id });
    await t.db
      .insert(connections)
      .values([
        { requesterId: popular.id, addresseeId: authorId, status: 'accepted' },
        ...extra.map((e) => ({ requesterId: e.id, addresseeId: popular.id, status: 'accepted' as const })),
      ]);
    // An extra connection's own connections-only tip, and one of theirs the moderator hid.
    await insertTip(t.db, extra[0]!.id, { title: 'tip-extra-connections', visibility: 'connections' });
    const hidden = await insertTip(t.db, extra[1]!.id, { title: 'tip-extra-hidden', visibility: 'connections' });
    await t.db.update(tips).set({ hiddenAt: new Date() }).where(eqId(tips, hidden.id));
    // A public guide of an extra connection, and one by a connection the member then blocked.
    await insertGuide(t.db, extra[2]!.id, { title: 'guide-extra-public' });
    await insertTip(t.db, extra[3]!.id, { title: 'tip-extra-blocked' });
    await t.db.insert(blocks).values({ blockerId: popular.id, blockedId: extra[3]!.id });
    const expected = [...titlesOf(['public', 'connections']), 'tip-extra-connections', 'guide-extra-public'].sort();
    expect(titles(await allPages(popular, '/api/explore'))).toEqual(expected);
    expect(titles(await allPages(popular, '/api/explore?type=tips&country=Iceland'))).toEqual(['tip-connections']);
    // The home feed walks too (home.repository.ts): the connections' items, two to a page.
    expect(titles(await allPages(popular, '/api/home/feed'))).toEqual(expected);
  });
});
