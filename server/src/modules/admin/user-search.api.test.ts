/**
 * Issue 36, item 12: User Management finds members by a part of their name, username or e-mail
 * (any case; LIKE's own characters taken as they are), pages the matches by keyset, shows the
 * e-mail to admins only, and refuses everyone else.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser } from '@common/schemas/admin';
import { profiles } from '@db/schema';
import { type TestApp, createTestApp } from '@server-test/test-app';

describe('admin user search', () => {
  let t: TestApp;
  let admin: string;
  let member: Awaited<ReturnType<TestApp['createMember']>>;

  const search = async (q: string, extra = '') => {
    const res = await t.call('GET', `/api/admin/users?q=${encodeURIComponent(q)}${extra}`, { cookie: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: AdminUser[]; nextCursor: string | null }>();
  };
  const ids = async (q: string) => (await search(q)).items.map((u) => u.userId);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signInAdmin();
    member = await t.createMember('user', 'Zoë Quartermaine');
    await t.db.update(profiles).set({ username: 'wandering_owl' }).where(eq(profiles.userId, member.id));
    for (let i = 0; i < 5; i++) await t.createMember('user', `Paged Pelican ${i}`);
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds a member by a part of the name, the username or the e-mail, in any case', async () => {
    expect(await ids('quarter')).toEqual([member.id]);
    expect(await ids('QUARTERMAINE')).toEqual([member.id]);
    expect(await ids('ering_o')).toEqual([member.id]);
    const local = member.email.split('@')[0]!;
    expect(await ids(local.toUpperCase())).toEqual([member.id]);
    const [found] = (await search(member.email)).items;
    expect(found).toMatchObject({ userId: member.id, email: member.email, username: 'wandering_owl' });
    expect(await ids('nobody-is-called-this')).toEqual([]);
  });

  it("takes LIKE's own characters as they are", async () => {
    expect(await ids('%')).toEqual([]);
    // The username's _ matches itself only: "ering_o" above, but not "ering%o" nor "eringxo".
    expect(await ids('ering%o')).toEqual([]);
    expect(await ids('g_ow')).toEqual([member.id]);
    expect(await ids('gxow')).toEqual([]);
  });

  it('pages the matches by keyset, newest first, without repeats', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await search('pelican', `&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((u) => u.userId));
      expect(page.items.every((u) => u.name?.startsWith('Paged Pelican'))).toBe(true);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
  });

  it('refuses visitors (401), members (403) and a search over 100 characters (400)', async () => {
    expect((await t.call('GET', '/api/admin/users?q=quarter')).statusCode).toBe(401);
    const res = await t.call('GET', '/api/admin/users?q=quarter', { cookie: member.cookie });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain(member.email);
    const long = await t.call('GET', `/api/admin/users?q=${'x'.repeat(101)}`, { cookie: admin });
    expect(long.statusCode).toBe(400);
  });
});
