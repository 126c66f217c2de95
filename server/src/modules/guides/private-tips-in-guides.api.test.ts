/**
 * Issue 19 item 5: a private tip in its author's public guide is a placeholder for everyone else
 * (ADR 008), on every answer that can carry a guide's items or text, and nothing of it becomes
 * visible when it is deleted, whether it was private from the start or made private after it
 * went into the guide, and whether it goes alone or with its author's account (ADR 030).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Guide } from '@common/schemas/guide';
import type { Tip } from '@common/schemas/tip';
import { guideTips, guides } from '@db/schema';
import { type TestApp, createTestApp } from '@server-test/test-app';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let alice: Member;
let bob: Member;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.createMember('user', 'Alice Author');
  bob = await t.createMember('user', 'Bob Reader');
});
afterAll(() => t?.close());

/** A tip whose every text is a word found nowhere else, so any answer that shows it can be caught. */
async function secretTip(owner: Member, isPrivate: boolean) {
  seq += 1;
  const secrets = { title: `Qorvath cove ${seq}`, description: `Zimbrel ledge swim ${seq}`, placeName: `Vantrobe pier ${seq}` };
  const res = await t.call('POST', '/api/tips', {
    cookie: owner.cookie,
    body: { ...secrets, country: 'Greece', city: 'Naxos', isPrivate, tags: [`ploxtag${seq}`] },
  });
  if (res.statusCode !== 201) throw new Error(`tip failed: ${res.statusCode} ${res.body}`);
  const tip = res.json<Tip>();
  return { tip, secrets: [...Object.values(secrets), `ploxtag${seq}`] };
}

async function publicGuideWith(owner: Member, tipId: string, isPrivate = false): Promise<Guide> {
  const res = await t.call('POST', '/api/guides', {
    cookie: owner.cookie,
    body: {
      title: `Island days ${seq}`,
      countries: ['Greece'],
      daysCount: 2,
      isPrivate,
      items: [
        { dayNumber: 1, customTitle: 'Ferry from Piraeus' },
        { dayNumber: 1, tipId },
        { dayNumber: 2, customTitle: 'Back home' },
      ],
    },
  });
  if (res.statusCode !== 201) throw new Error(`guide failed: ${res.statusCode} ${res.body}`);
  return res.json<Guide>();
}

/** Every answer a member other than the author can get that shows guides, their items or search. */
async function whatOthersSee(viewer: Member, guideId: string, words: string[]): Promise<string> {
  const urls = [
    `/api/guides/${guideId}`,
    '/api/explore',
    '/api/explore?type=guides',
    '/api/explore/counts',
    '/api/explore/countries',
    `/api/users/${alice.id}/content`,
    `/api/users/${alice.id}/content?type=guides`,
    '/api/saved',
    ...words.flatMap((w) => [`/api/explore?q=${encodeURIComponent(w)}`, `/api/saved?q=${encodeURIComponent(w)}`]),
  ];
  const bodies = await Promise.all(urls.map((url) => t.call('GET', url, { cookie: viewer.cookie }).then((r) => r.body)));
  return bodies.join('\n');
}

const leaked = (text: string, secrets: string[]) => secrets.filter((s) => text.includes(s));
const storedItemTexts = async (guideId: string) =>
  JSON.stringify(await t.db.select().from(guideTips).where(eq(guideTips.guideId, guideId)));

describe('a private tip in a public guide', () => {
  it('is a placeholder for others on every answer, and the author sees it', async () => {
    const { tip, secrets } = await secretTip(alice, true);
    const guide = await publicGuideWith(alice, tip.id);
    expect(
      (await t.call('POST', '/api/saves/toggle', { cookie: bob.cookie, body: { contentType: 'guide', contentId: guide.id } }))
        .statusCode,
    ).toBe(200);

    const seen = await t.call('GET', `/api/guides/${guide.id}`, { cookie: bob.cookie });
    expect(
      seen.json<Guide>().items.map((i) => [i.dayNumber, i.tip, i.customTitle, i.customDescription, i.customPlaceName]),
    ).toEqual([
      [1, null, 'Ferry from Piraeus', null, null],
      [1, null, null, null, null],
      [2, null, 'Back home', null, null],
    ]);
    expect(leaked(await whatOthersSee(bob, guide.id, secrets), secrets)).toEqual([]);
    const own = (await t.call('GET', `/api/guides/${guide.id}`, { cookie: alice.cookie })).json<Guide>();
    expect(own.items[1]?.tip?.title).toBe(secrets[0]);
  });

  it('leaves nothing of itself visible when it is deleted: its items go with it', async () => {
    const { tip, secrets } = await secretTip(alice, true);
    const guide = await publicGuideWith(alice, tip.id);
    expect((await t.call('DELETE', `/api/tips/${tip.id}`, { cookie: alice.cookie })).statusCode).toBe(204);

    expect(leaked(await whatOthersSee(bob, guide.id, secrets), secrets)).toEqual([]);
    expect(
      leaked(JSON.stringify((await t.call('GET', `/api/guides/${guide.id}`, { cookie: alice.cookie })).json()), secrets),
    ).toEqual([]);
    expect(leaked(await storedItemTexts(guide.id), secrets)).toEqual([]);
    const items = (await t.call('GET', `/api/guides/${guide.id}`, { cookie: bob.cookie })).json<Guide>().items;
    expect(items.map((i) => i.customTitle)).toEqual(['Ferry from Piraeus', 'Back home']);
  });

  it('made private after it went into the guide: hidden at once, and nothing shows after deletion', async () => {
    const { tip, secrets } = await secretTip(alice, false);
    const guide = await publicGuideWith(alice, tip.id);
    const before = (await t.call('GET', `/api/guides/${guide.id}`, { cookie: bob.cookie })).json<Guide>();
    expect(before.items[1]?.tip?.title).toBe(secrets[0]);

    const fields = {
      title: tip.title,
      country: tip.country,
      city: tip.city,
      placeName: tip.placeName,
      description: tip.description,
      tags: tip.tags,
    };
    const madePrivate = await t.call('PUT', `/api/tips/${tip.id}`, {
      cookie: alice.cookie,
      body: { ...fields, isPrivate: true },
    });
    expect(madePrivate.statusCode).toBe(200);
    expect(leaked(await whatOthersSee(bob, guide.id, secrets), secrets)).toEqual([]);

    expect((await t.call('DELETE', `/api/tips/${tip.id}`, { cookie: alice.cookie })).statusCode).toBe(204);
    expect(leaked(await whatOthersSee(bob, guide.id, secrets), secrets)).toEqual([]);
    expect(leaked(await storedItemTexts(guide.id), secrets)).toEqual([]);
  });

  it('in a private guide made public after the deletion: nothing of it either', async () => {
    const { tip, secrets } = await secretTip(alice, true);
    const guide = await publicGuideWith(alice, tip.id, true);
    expect((await t.call('DELETE', `/api/tips/${tip.id}`, { cookie: alice.cookie })).statusCode).toBe(204);
    await t.db.update(guides).set({ visibility: 'public' }).where(eq(guides.id, guide.id));
    expect(leaked(await whatOthersSee(bob, guide.id, secrets), secrets)).toEqual([]);
  });

  it("deleted with its author's account, it leaves nothing in another member's guide", async () => {
    const author = await t.createMember('user', 'Carl Closing');
    const { tip, secrets } = await secretTip(author, true);
    // Guides link their author's own tips only; a row written directly stands for any other way in.
    const [other] = await t.db
      .insert(guides)
      .values({ userId: bob.id, title: 'Bob abroad', countries: ['Greece'] })
      .returning({ id: guides.id });
    if (!other) throw new Error('guide not written');
    await t.db.insert(guideTips).values({ guideId: other.id, tipId: tip.id, dayNumber: 1, orderInDay: 1 });
    expect((await t.call('DELETE', '/api/account', { cookie: author.cookie })).statusCode).toBe(204);
    expect(leaked(await storedItemTexts(other.id), secrets)).toEqual([]);
    expect(leaked((await t.call('GET', `/api/guides/${other.id}`, { cookie: bob.cookie })).body, secrets)).toEqual([]);
  });

  it('a public tip still becomes a custom item when deleted (ADR 006)', async () => {
    const { tip, secrets } = await secretTip(alice, false);
    const guide = await publicGuideWith(alice, tip.id);
    expect((await t.call('DELETE', `/api/tips/${tip.id}`, { cookie: alice.cookie })).statusCode).toBe(204);
    const items = (await t.call('GET', `/api/guides/${guide.id}`, { cookie: bob.cookie })).json<Guide>().items;
    expect(items[1]).toMatchObject({
      tip: null,
      customTitle: secrets[0],
      customDescription: secrets[1],
      customPlaceName: secrets[2],
    });
  });
});
