import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Guide } from '@common/schemas/guide';
import type { ShareLink, ShareLinkState, SharedGuide } from '@common/schemas/share-link';
import type { Tip } from '@common/schemas/tip';
import { guideShareLinks } from '@db/schema';
import { writeUpload } from '@server-test/content-fixtures';
import { type StandInClient, standInClient } from '@server-test/stand-in-client';
import { PUBLIC_URL, type TestApp, createTestApp } from '@server-test/test-app';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

describe('guide share links (ADR 068)', () => {
  let t: TestApp;
  let client: StandInClient;
  let alice: Member;
  let bob: Member;
  let pending: Member;
  let guide: Guide;
  let otherGuide: Guide;
  let privateGuide: Guide;
  const photo: Record<string, string> = {};
  const tip: Record<string, Tip> = {};

  const linkUrl = (id: string) => `/api/guides/${id}/share-link`;
  const tokenOf = (link: ShareLink) => link.url.split('/').pop() ?? '';
  const shared = (token: string, cookie?: string) => t.call('GET', `/api/shared/guides/${token}`, { cookie });
  const sharedPhoto = (token: string, mediaUrl: string) =>
    t.call('GET', mediaUrl.replace('/api/media/', `/api/shared/guides/${token}/photos/`));
  const createLink = async (id: string, body: object = {}) => {
    const res = await t.call('PUT', linkUrl(id), { cookie: alice.cookie, body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ShareLink>();
  };

  async function createTip(body: Record<string, unknown>) {
    const res = await t.call('POST', '/api/tips', {
      cookie: alice.cookie,
      body: { title: 'A tip', description: 'Worth it.', country: 'Portugal', city: 'Lisbon', ...body },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json<Tip>();
  }
  async function createGuide(body: Record<string, unknown>) {
    const res = await t.call('POST', '/api/guides', {
      cookie: alice.cookie,
      body: { title: 'Portugal in three days', countries: ['Portugal'], daysCount: 3, ...body },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json<Guide>();
  }

  beforeAll(async () => {
    client = standInClient();
    t = await createTestApp({ webRoot: client.root });
    alice = await t.createMember('user', 'Alice Author');
    bob = await t.createMember('user', 'Bob Browser');
    pending = await t.createMember('pending');
    const upload = (bucket: string) => writeUpload(t.config.dataDir, bucket, alice.id);
    photo.cover = upload('guide-photos');
    photo.publicTip = upload('tip-photos');
    photo.privateTip = upload('tip-photos');
    photo.otherGuide = upload('guide-photos');
    tip.castle = await createTip({ title: 'Castle at dawn', photoUrls: [photo.publicTip] });
    tip.secret = await createTip({ title: 'Secret bar', isPrivate: true, photoUrls: [photo.privateTip] });
    guide = await createGuide({
      description: 'Three days of trams & pastries.',
      photoUrls: [photo.cover],
      items: [
        { dayNumber: 1, tipId: tip.castle.id },
        { dayNumber: 1, customTitle: 'Lunch by the river' },
        { dayNumber: 2, tipId: tip.secret.id },
      ],
    });
    otherGuide = await createGuide({ title: 'Another guide', photoUrls: [photo.otherGuide] });
    privateGuide = await createGuide({ title: 'Private plans', isPrivate: true });
  });
  afterAll(async () => {
    await t.close();
    client.remove();
  });

  describe('the owner', () => {
    it('has no link by default, creates one, sees the same one again', async () => {
      const none = await t.call('GET', linkUrl(otherGuide.id), { cookie: alice.cookie });
      expect(none.statusCode).toBe(200);
      expect(none.json<ShareLinkState>()).toEqual({ link: null });
      const link = await createLink(otherGuide.id);
      expect(link.url).toMatch(new RegExp(`^${PUBLIC_URL}/shared/guides/[A-Za-z0-9_-]{43}$`));
      expect(link.expiresOn).toBeNull();
      const again = await t.call('GET', linkUrl(otherGuide.id), { cookie: alice.cookie });
      expect(again.json<ShareLinkState>().link?.url).toBe(link.url);
    });

    it('sets an expiry without changing the link; a past date or a non-date is a 400', async () => {
      const link = await createLink(otherGuide.id);
      const later = await createLink(otherGuide.id, { expiresOn: '2999-12-31' });
      expect(later).toMatchObject({ url: link.url, expiresOn: '2999-12-31' });
      for (const expiresOn of ['2020-01-01', 'tomorrow', 12]) {
        const res = await t.call('PUT', linkUrl(otherGuide.id), { cookie: alice.cookie, body: { expiresOn } });
        expect(res.statusCode, String(expiresOn)).toBe(400);
      }
    });

    it('revokes; a new link is a different one', async () => {
      const first = await createLink(guide.id);
      const revoked = await t.call('DELETE', linkUrl(guide.id), { cookie: alice.cookie });
      expect(revoked.statusCode).toBe(204);
      expect((await shared(tokenOf(first))).statusCode).toBe(404);
      const second = await createLink(guide.id);
      expect(second.url).not.toBe(first.url);
      expect((await shared(tokenOf(second))).statusCode).toBe(200);
    });
  });

  describe('refusals of the owner routes', () => {
    const methods = ['GET', 'PUT', 'DELETE'] as const;
    it.each(methods)('%s: 401 signed out, 403 pending, 403 another member of a public guide', async (method) => {
      const body = method === 'PUT' ? {} : undefined;
      expect((await t.call(method, linkUrl(guide.id), { body })).statusCode).toBe(401);
      expect((await t.call(method, linkUrl(guide.id), { cookie: pending.cookie, body })).statusCode).toBe(403);
      expect((await t.call(method, linkUrl(guide.id), { cookie: bob.cookie, body })).statusCode).toBe(403);
    });
    it.each(methods)('%s: 404 for another member of a private guide and for a missing guide; 400 a bad id', async (method) => {
      const body = method === 'PUT' ? {} : undefined;
      expect((await t.call(method, linkUrl(privateGuide.id), { cookie: bob.cookie, body })).statusCode).toBe(404);
      const missing = '00000000-0000-4000-8000-000000000000';
      expect((await t.call(method, linkUrl(missing), { cookie: alice.cookie, body })).statusCode).toBe(404);
      expect((await t.call(method, linkUrl('nope'), { cookie: alice.cookie, body })).statusCode).toBe(400);
    });
    it('leaves the link as it was after a refused change', async () => {
      const link = await createLink(otherGuide.id);
      await t.call('DELETE', linkUrl(otherGuide.id), { cookie: bob.cookie });
      expect((await shared(tokenOf(link))).statusCode).toBe(200);
    });
  });

  describe('a visitor with the link', () => {
    it('sees the public content only: no private tip, no e-mail, no ids of members or tips', async () => {
      const token = tokenOf(await createLink(guide.id));
      for (const cookie of [undefined, bob.cookie, pending.cookie]) {
        const res = await shared(token, cookie);
        expect(res.statusCode).toBe(200);
        const body = res.json<SharedGuide>();
        expect(body).toMatchObject({
          title: 'Portugal in three days',
          description: 'Three days of trams & pastries.',
          countries: ['Portugal'],
          daysCount: 3,
          authorName: 'Alice Author',
          photoUrls: [photo.cover?.replace('/api/media/', `/api/shared/guides/${token}/photos/`)],
        });
        expect(body.items.map((i) => i.tip?.title ?? i.customTitle)).toEqual(['Castle at dawn', 'Lunch by the river']);
        expect(res.body).not.toContain('Secret bar');
        expect(res.body).not.toContain(alice.email);
        expect(res.body).not.toContain(tip.castle?.id);
        expect(res.body).not.toContain('/api/media/');
        expect(res.headers['cache-control']).toBe('no-store');
      }
    });

    it("gets the guide's and its public tips' photos and their thumbnails, nothing else", async () => {
      const token = tokenOf(await createLink(guide.id));
      for (const url of [photo.cover, photo.publicTip, photo.cover?.replace(/\.webp$/, '.thumb.webp')]) {
        const res = await sharedPhoto(token, url ?? '');
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toBe('private, no-store');
      }
      // The private tip's photo, another guide's, a made-up file, an avatar path: all 404.
      for (const url of [photo.privateTip, photo.otherGuide, `/api/media/guide-photos/${alice.id}/nope.webp`]) {
        expect((await sharedPhoto(token, url ?? '')).statusCode, url).toBe(404);
      }
      expect((await sharedPhoto(token, `/api/media/avatars/${alice.id}/a.webp`)).statusCode).toBe(404);
      // The members' route is still members only.
      expect((await t.call('GET', photo.cover ?? '')).statusCode).toBe(401);
    });

    it('gets the same 404 for an unknown, altered, expired or revoked link; 400 for a malformed one', async () => {
      const token = tokenOf(await createLink(otherGuide.id));
      const altered = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
      const res = await shared(altered);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'This link no longer works' });
      expect((await shared('not-a-token')).statusCode).toBe(400);
      await t.db
        .update(guideShareLinks)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(guideShareLinks.guideId, otherGuide.id));
      expect((await shared(token)).statusCode).toBe(404);
      expect((await sharedPhoto(token, photo.otherGuide ?? '')).statusCode).toBe(404);
      // A later expiry brings the same link back.
      await createLink(otherGuide.id, { expiresOn: '2999-01-01' });
      expect((await shared(token)).statusCode).toBe(200);
    });

    it('loses the link while the guide is private, and for good when it is deleted', async () => {
      const target = await createGuide({ title: 'Soon private', photoUrls: [] });
      const token = tokenOf(await createLink(target.id));
      const edit = (isPrivate: boolean) =>
        t.call('PUT', `/api/guides/${target.id}`, {
          cookie: alice.cookie,
          body: { title: target.title, location: 'Lisbon', countries: ['Portugal'], daysCount: 3, isPrivate },
        });
      expect((await edit(true)).statusCode).toBe(200);
      expect((await shared(token)).statusCode).toBe(404);
      // The owner still sees the link of a private guide.
      expect((await t.call('GET', linkUrl(target.id), { cookie: alice.cookie })).json<ShareLinkState>().link).not.toBeNull();
      expect((await edit(false)).statusCode).toBe(200);
      expect((await shared(token)).statusCode).toBe(200);
      expect((await t.call('DELETE', `/api/guides/${target.id}`, { cookie: alice.cookie })).statusCode).toBe(204);
      expect((await shared(token)).statusCode).toBe(404);
      expect(await t.db.select().from(guideShareLinks).where(eq(guideShareLinks.guideId, target.id))).toEqual([]);
    });
  });

  describe('link previews (ADR 069)', () => {
    const page = (url: string) => t.app.inject({ method: 'GET', url });

    it("gives a working link's page the guide's Open Graph tags, its image by the link's photo route", async () => {
      const link = await createLink(guide.id);
      const res = await page(new URL(link.url).pathname);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const coverMid = `${PUBLIC_URL}${photo.cover?.replace('/api/media/', `/api/shared/guides/${tokenOf(link)}/photos/`).replace(/\.webp$/, '.mid.webp')}`;
      expect(res.body).toContain('<meta property="og:title" content="Portugal in three days" />');
      expect(res.body).toContain('<meta property="og:description" content="Three days of trams &amp; pastries." />');
      expect(res.body).toContain(`<meta property="og:url" content="${link.url}" />`);
      expect(res.body).toContain(`<meta property="og:image" content="${coverMid}" />`);
      expect(res.body).toContain('<meta name="twitter:card" content="summary_large_image" />');
      expect(res.body).toContain('<title>Portugal in three days · Waymark</title>');
      expect(res.body).not.toContain('Secret bar');
      expect((await t.call('GET', new URL(coverMid).pathname)).statusCode).toBe(200);
    });

    it('says nothing of the guide once the link is revoked', async () => {
      const link = await createLink(otherGuide.id);
      await t.call('DELETE', linkUrl(otherGuide.id), { cookie: alice.cookie });
      const res = await page(new URL(link.url).pathname);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<title>Waymark</title>');
      expect(res.body).not.toContain('Another guide');
      expect(res.body).not.toContain('og:description');
    });
  });
});
