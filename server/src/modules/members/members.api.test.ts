/**
 * GET /api/members (issue 36, ADR 105): members found by a part of their name or handle; never a
 * member blocked either way, a pending or suspended account, nor by e-mail; keyset pages by name,
 * ties kept apart by id.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberResult } from '@common/schemas/member-search';
import { TEXTS } from '@common/texts';
import { blocks, memberSuspensions, profiles } from '@db/schema';
import { type TestApp, createTestApp } from '@server-test/test-app';

type Member = Awaited<ReturnType<TestApp['createMember']>>;
interface Page {
  items: MemberResult[];
  nextCursor: string | null;
}

let t: TestApp;
let me: Member;

beforeAll(async () => {
  t = await createTestApp();
  me = await t.createMember('user', 'Mia Searcher');
});
afterAll(() => t?.close());

async function search(q: string, limit = 20, cursor?: string): Promise<Page> {
  const params = new URLSearchParams({ q, limit: String(limit), ...(cursor ? { cursor } : {}) });
  const res = await t.call('GET', `/api/members?${params}`, { cookie: me.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
}

async function all(q: string, limit: number): Promise<MemberResult[]> {
  const found: MemberResult[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 50; i++) {
    const page = await search(q, limit, cursor);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    found.push(...page.items);
    if (!page.nextCursor) return found;
    cursor = page.nextCursor;
  }
  throw new Error('too many pages');
}

describe('finding members', () => {
  it('by a part of the name, any case, and links by id', async () => {
    const zora = await t.createMember('user', 'Zora Quillfeather');
    const page = await search('QUILLF');
    expect(page.items.map((m) => m.userId)).toEqual([zora.id]);
    expect(page.items[0]).toMatchObject({ name: 'Zora Quillfeather' });
  });

  it('by handle, with or without its @', async () => {
    const kit = await t.createMember('user', 'Kit Person');
    await t.db.update(profiles).set({ username: 'wanderkit-77' }).where(eq(profiles.userId, kit.id));
    expect((await search('wanderkit')).items.map((m) => m.userId)).toEqual([kit.id]);
    expect((await search('@wanderkit-77')).items.map((m) => m.userId)).toEqual([kit.id]);
  });

  it('never by e-mail, and never returns one', async () => {
    const hidden = await t.createMember('user', 'Plain Name');
    const local = hidden.email.split('@')[0]!;
    expect((await search(local)).items).toEqual([]);
    const res = await t.call('GET', '/api/members?q=plain', { cookie: me.cookie });
    expect(res.body).not.toContain('@example.com');
    expect(Object.keys(res.json<Page>().items[0]!).sort()).toEqual([
      'country',
      'name',
      'profilePictureUrl',
      'userId',
      'username',
    ]);
  });

  it('never a member blocked either way, a pending or a suspended account', async () => {
    const blockedByMe = await t.createMember('user', 'Hideme Blocked');
    const blocksMe = await t.createMember('user', 'Hideme Blocker');
    const pending = await t.createMember('pending', 'Hideme Pending');
    const suspended = await t.createMember('user', 'Hideme Suspended');
    const ended = await t.createMember('user', 'Hideme Ended');
    const visible = await t.createMember('user', 'Hideme Visible');
    await t.db.insert(blocks).values([
      { blockerId: me.id, blockedId: blockedByMe.id },
      { blockerId: blocksMe.id, blockedId: me.id },
    ]);
    await t.db
      .insert(memberSuspensions)
      .values([{ userId: suspended.id }, { userId: ended.id, until: new Date(Date.now() - 60_000) }]);
    const found = (await search('hideme')).items.map((m) => m.userId).sort();
    expect(found).toEqual([ended.id, visible.id].sort());
    expect(found).not.toContain(pending.id);
    // The blocked member does not find the blocker either.
    const res = await t.call('GET', '/api/members?q=mia%20searcher', { cookie: blockedByMe.cookie });
    expect(res.json<Page>().items).toEqual([]);
  });

  it('pages by name, ties by id, each member once (limit 1, 2, 20)', async () => {
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await t.createMember('user', i < 3 ? 'Twin Tiedname' : `Tiedname ${i}`));
    for (const limit of [1, 2, 20]) {
      const found = await all('tiedname', limit);
      expect(found.map((m) => m.userId).sort()).toEqual(made.map((m) => m.id).sort());
      const names = found.map((m) => (m.name ?? '').toLowerCase());
      expect(names).toEqual([...names].sort());
    }
  });

  it('takes % and _ literally', async () => {
    await t.createMember('user', 'Percent Person');
    expect((await search('%')).items).toEqual([]);
    expect((await search('_')).items).toEqual([]);
  });
});

describe('refusals', () => {
  it('is 401 anonymous and 403 pending', async () => {
    expect((await t.call('GET', '/api/members?q=a')).statusCode).toBe(401);
    const pending = await t.createMember('pending');
    const res = await t.call('GET', '/api/members?q=a', { cookie: pending.cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(TEXTS.accountPendingActivation);
  });

  it.each(['', 'q=', `q=${'a'.repeat(101)}`, 'q=a&limit=0', 'q=a&limit=51', 'q=a&cursor=nope', 'q=a&cursor=WyJ0IiwiYSIsIngiXQ'])(
    'GET /api/members?%s is a 400 with a message',
    async (query) => {
      const res = await t.call('GET', `/api/members?${query}`, { cookie: me.cookie });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    },
  );
});
