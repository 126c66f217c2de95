import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_TEXTS, type Profile } from '@common/schemas/profile';
import { connections, profiles, users } from '@db/schema';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { parseMediaUrl } from '../media/media-storage';
import { multipart, pngImage } from '@server-test/test-uploads';
import { worldExploredPercent, worldExploredWholePercent } from './profiles.service';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

const validUpdate = (overrides: Record<string, unknown> = {}) => ({
  name: 'Alice Wanderer',
  username: 'alice.w',
  bio: 'Slow travel, fast trains.',
  country: 'Portugal',
  currency: 'EUR',
  ...overrides,
});

describe('profiles', () => {
  let t: TestApp;
  let alice: Member;
  let bob: Member;
  let carol: Member;
  let pending: Member;

  const fileOf = (url: string) => {
    const ref = parseMediaUrl(url);
    if (!ref) throw new Error(`not a media url: ${url}`);
    return path.join(t.config.dataDir, 'uploads', ref.bucket, ref.userId, ref.file);
  };
  async function createTip(member: Member, country: string, isPrivate = false) {
    const res = await t.call('POST', '/api/tips', {
      cookie: member.cookie,
      body: { title: `A tip in ${country}`, country, city: 'Somewhere', description: 'Worth it.', isPrivate },
    });
    if (res.statusCode !== 201) throw new Error(`tip failed: ${res.statusCode} ${res.body}`);
  }
  async function createGuide(member: Member, isPrivate: boolean) {
    const res = await t.call('POST', '/api/guides', {
      cookie: member.cookie,
      body: { title: 'Guide', location: 'Here', countries: ['Spain'], daysCount: 1, isPrivate },
    });
    if (res.statusCode !== 201) throw new Error(`guide failed: ${res.statusCode} ${res.body}`);
  }
  function uploadAvatar(member: Member, data: Buffer, filename = 'me.png', contentType = 'image/png', field = 'avatar') {
    const { body, headers } = multipart([{ data, filename, contentType, field }]);
    return t.call('POST', '/api/profiles/me/avatar', { cookie: member.cookie, body, headers });
  }

  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.createMember('user', 'Alice Author');
    bob = await t.createMember('user', 'Bob Browser');
    carol = await t.createMember('user', 'Carol Connected');
    pending = await t.createMember('pending', 'Pat Pending');
    // Alice: three public countries (Portugal twice), one private country, one public and one private guide.
    await createTip(alice, 'Spain');
    await createTip(alice, 'Portugal');
    await createTip(alice, 'Portugal');
    await createTip(alice, 'France');
    await createTip(alice, 'Japan', true);
    await createGuide(alice, false);
    await createGuide(alice, true);
    await t.db.insert(connections).values([
      { requesterId: alice.id, addresseeId: bob.id, status: 'accepted' },
      { requesterId: carol.id, addresseeId: alice.id, status: 'accepted' },
    ]);
    await t.db.insert(connections).values({ requesterId: pending.id, addresseeId: alice.id, status: 'pending' });
  });
  afterAll(() => t.close());

  it('computes the world explored figures (product.md, Profiles)', () => {
    expect(worldExploredPercent(3)).toBe(1.5);
    expect(worldExploredPercent(4)).toBe(2.1);
    expect(worldExploredPercent(0)).toBe(0);
    expect(worldExploredPercent(195)).toBe(100);
    expect(worldExploredWholePercent(3)).toBe(2);
    expect(worldExploredWholePercent(1)).toBe(1);
  });

  it('shows the own profile with e-mail, private content and one-decimal percentage', async () => {
    const res = await t.call('GET', `/api/profiles/${alice.id}`, { cookie: alice.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json<Profile>();
    expect(p).toMatchObject({
      userId: alice.id,
      name: 'Alice Author',
      email: alice.email,
      isOwn: true,
      countriesVisited: ['France', 'Japan', 'Portugal', 'Spain'],
      worldExploredPercent: 2,
      stats: { tipsCount: 5, guidesCount: 2, countriesVisitedCount: 4, connectionsCount: 2, worldExploredPercent: 2.1 },
    });
    expect(Number.isNaN(Date.parse(p.createdAt))).toBe(false);
  });

  it("does not count another member's private tips and guides, and hides the e-mail", async () => {
    const res = await t.call('GET', `/api/profiles/${alice.id}`, { cookie: bob.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Profile>()).toMatchObject({
      email: null,
      isOwn: false,
      countriesVisited: ['France', 'Portugal', 'Spain'],
      worldExploredPercent: 2,
      stats: { tipsCount: 4, guidesCount: 1, countriesVisitedCount: 3, connectionsCount: 2, worldExploredPercent: 1.5 },
    });
  });

  it('401 without a session, 403 for a pending account', async () => {
    expect((await t.call('GET', `/api/profiles/${alice.id}`)).statusCode).toBe(401);
    expect((await t.call('PATCH', '/api/profiles/me', { body: validUpdate() })).statusCode).toBe(401);
    expect((await t.call('GET', `/api/profiles/${alice.id}`, { cookie: pending.cookie })).statusCode).toBe(403);
    expect(
      (await t.call('PATCH', '/api/profiles/me', { cookie: pending.cookie, body: validUpdate({ username: 'pat' }) })).statusCode,
    ).toBe(403);
    expect((await uploadAvatar(pending, await pngImage())).statusCode).toBe(403);
  });

  it("404 for an unknown user, a malformed id and a pending member's profile", async () => {
    for (const id of [randomUUID(), 'not-a-uuid', pending.id]) {
      const res = await t.call('GET', `/api/profiles/${id}`, { cookie: bob.cookie });
      expect(res.statusCode, id).toBe(404);
    }
  });

  describe('GET /api/profiles/by-username/:username (ADR 046)', () => {
    const byUsername = (username: string, cookie?: string) =>
      t.call('GET', `/api/profiles/by-username/${encodeURIComponent(username)}`, cookie ? { cookie } : {});
    const usernameOf = async (member: Member) => {
      const [row] = await t.db.select({ username: profiles.username }).from(profiles).where(eq(profiles.userId, member.id));
      return row!.username!;
    };

    it("answers another member's profile as by id, in any case of the username", async () => {
      const username = await usernameOf(alice);
      const byId = (await t.call('GET', `/api/profiles/${alice.id}`, { cookie: bob.cookie })).json<Profile>();
      for (const asked of [username, username.toUpperCase()]) {
        const res = await byUsername(asked, bob.cookie);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json<Profile>()).toEqual(byId);
      }
      expect(byId).toMatchObject({ userId: alice.id, isOwn: false, email: null });
    });

    it('answers the own profile with its e-mail', async () => {
      const res = await byUsername(await usernameOf(alice), alice.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Profile>()).toMatchObject({ userId: alice.id, isOwn: true, email: alice.email });
    });

    it('401 without a session, 403 for a pending account', async () => {
      const username = await usernameOf(alice);
      expect((await byUsername(username)).statusCode).toBe(401);
      expect((await byUsername(username, pending.cookie)).statusCode).toBe(403);
    });

    it("404 for an unknown name, a name against the rules and a pending member's", async () => {
      const pendingName = await usernameOf(pending);
      for (const name of ['nobody-here', 'a@b.c', 'x', 'has space', 'é'.repeat(5), 'x'.repeat(31), pendingName]) {
        const res = await byUsername(name, bob.cookie);
        expect(res.statusCode, name).toBe(404);
        expect(res.json().message).toBe('Profile not found');
      }
    });
  });

  it('updates the own profile and returns it', async () => {
    const res = await t.call('PATCH', '/api/profiles/me', { cookie: alice.cookie, body: validUpdate({ bio: '  ' }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Profile>()).toMatchObject({
      name: 'Alice Wanderer',
      username: 'alice.w',
      bio: null,
      country: 'Portugal',
      currency: 'EUR',
      isOwn: true,
    });
    const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, alice.id));
    expect(row!.updatedAt.getTime()).toBeGreaterThan(row!.createdAt.getTime() - 1);
    const [user] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, alice.id));
    expect(user!.name).toBe('Alice Wanderer');
    const me = await t.call('GET', '/api/auth/me', { cookie: alice.cookie });
    expect(me.json()).toMatchObject({ name: 'Alice Wanderer', username: 'alice.w' });
    // Clearing country and currency is allowed.
    const cleared = await t.call('PATCH', '/api/profiles/me', {
      cookie: alice.cookie,
      body: validUpdate({ country: null, currency: undefined }),
    });
    expect(cleared.json<Profile>()).toMatchObject({ country: null, currency: null });
  });

  it.each([
    ['bad country', { country: 'Atlantis' }],
    ['bad currency', { currency: 'XYZ' }],
    ['empty name', { name: '   ' }],
    ['bad username', { username: 'has space' }],
    ['short username', { username: 'a' }],
  ])('400 for %s', async (_label, overrides) => {
    const res = await t.call('PATCH', '/api/profiles/me', {
      cookie: bob.cookie,
      body: validUpdate({ username: 'bob', ...overrides }),
    });
    expect(res.statusCode, res.body).toBe(400);
  });

  it('409 when the username is taken, whatever the case', async () => {
    const res = await t.call('PATCH', '/api/profiles/me', {
      cookie: bob.cookie,
      body: validUpdate({ username: 'ALICE.W', name: 'Bob' }),
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(PROFILE_TEXTS.usernameTaken);
    const [row] = await t.db.select({ name: profiles.name }).from(profiles).where(eq(profiles.userId, bob.id));
    expect(row!.name).toBe('Bob Browser');
    // Keeping one's own username (another case) is fine.
    const own = await t.call('PATCH', '/api/profiles/me', { cookie: alice.cookie, body: validUpdate({ username: 'Alice.W' }) });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('accepts a PNG avatar, re-encodes it within 512 px, serves it and removes the old file on the next upload', async () => {
    const first = await uploadAvatar(carol, await pngImage(1200, 800));
    expect(first.statusCode, first.body).toBe(200);
    const url1 = first.json<Profile>().profilePictureUrl!;
    expect(url1).toMatch(new RegExp(`^/api/media/avatars/${carol.id}/[\\w.-]+\\.webp$`));
    const served = await t.call('GET', url1, { cookie: bob.cookie });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(512);

    const second = await uploadAvatar(carol, await pngImage(40, 40));
    expect(second.statusCode, second.body).toBe(200);
    const url2 = second.json<Profile>().profilePictureUrl!;
    expect(url2).not.toBe(url1);
    expect(existsSync(fileOf(url1))).toBe(false);
    expect(existsSync(fileOf(url2))).toBe(true);
    expect((await t.call('GET', url1, { cookie: bob.cookie })).statusCode).toBe(404);
  });

  it('refuses a text file (415), a wrong field or two pictures (400), and keeps the picture', async () => {
    const before = (await t.call('GET', `/api/profiles/${carol.id}`, { cookie: carol.cookie })).json<Profile>().profilePictureUrl;
    const text = await uploadAvatar(carol, Buffer.from('hello, not an image'), 'me.png', 'image/png');
    expect(text.statusCode, text.body).toBe(415);
    const wrong = await uploadAvatar(carol, await pngImage(), 'me.png', 'image/png', 'photos');
    expect(wrong.statusCode).toBe(400);
    const png = await pngImage();
    const two = multipart([
      { data: png, field: 'avatar', contentType: 'image/png' },
      { data: png, field: 'avatar', contentType: 'image/png' },
    ]);
    const twoRes = await t.call('POST', '/api/profiles/me/avatar', { cookie: carol.cookie, ...two });
    expect(twoRes.statusCode).toBe(400);
    const notMultipart = await t.call('POST', '/api/profiles/me/avatar', { cookie: carol.cookie, body: { avatar: 'x' } });
    expect(notMultipart.statusCode).toBe(415);
    const after = (await t.call('GET', `/api/profiles/${carol.id}`, { cookie: carol.cookie })).json<Profile>().profilePictureUrl;
    expect(after).toBe(before);
  });

  it('413 for a picture over 16 MB', async () => {
    const big = Buffer.alloc(16 * 1024 * 1024 + 10, 1);
    const res = await uploadAvatar(bob, big);
    expect(res.statusCode).toBe(413);
  });
});
