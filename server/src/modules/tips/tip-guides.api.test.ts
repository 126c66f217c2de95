/**
 * Issue 36 item 5: GET /api/tips/:id/guides names the guides that hold a tip, for its author
 * only; and what another reader gets for a tip hidden from them inside a public guide: a bare
 * placeholder with nothing of the tip and nothing that calls it private.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Guide } from '@common/schemas/guide';
import type { TipGuides } from '@common/schemas/tip-guides';
import type { Visibility } from '@common/schemas/visibility';
import { type TestApp, createTestApp } from '@server-test/test-app';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let author: Member;
let reader: Member;
let friend: Member;

beforeAll(async () => {
  t = await createTestApp();
  author = await t.createMember('user', 'Ana Author');
  reader = await t.createMember('user', 'Rui Reader');
  friend = await t.createMember('user', 'Filipa Friend');
  const asked = await t.call('POST', '/api/connections', { cookie: friend.cookie, body: { addresseeId: author.id } });
  await t.call('POST', `/api/connections/${asked.json<{ id: string }>().id}/accept`, { cookie: author.cookie });
});
afterAll(() => t?.close());

async function tip(owner: Member, visibility: Visibility, title: string) {
  const res = await t.call('POST', '/api/tips', {
    cookie: owner.cookie,
    body: { title, country: 'Portugal', city: 'Porto', description: `About ${title}`, visibility },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

async function guide(owner: Member, visibility: Visibility, title: string, tipId: string) {
  const res = await t.call('POST', '/api/guides', {
    cookie: owner.cookie,
    body: { title, countries: ['Portugal'], daysCount: 1, visibility, items: [{ dayNumber: 1, tipId }] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Guide>().id;
}

describe('GET /api/tips/:id/guides', () => {
  it('names every guide of the author that holds the tip, with its visibility, by title', async () => {
    const tipId = await tip(author, 'public', 'Ribeira tram stop');
    await guide(author, 'public', 'B: Porto in a weekend', tipId);
    await guide(author, 'connections', 'A: Douro with friends', tipId);
    await guide(author, 'private', 'C: My notes', tipId);
    const other = await tip(author, 'public', 'Elsewhere');
    await guide(author, 'public', 'D: Not this one', other);

    const res = await t.call('GET', `/api/tips/${tipId}/guides`, { cookie: author.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json<TipGuides>().guides.map((g) => [g.title, g.visibility])).toEqual([
      ['A: Douro with friends', 'connections'],
      ['B: Porto in a weekend', 'public'],
      ['C: My notes', 'private'],
    ]);
  });

  it('is empty for a tip in no guide', async () => {
    const tipId = await tip(author, 'connections', 'Lonely tip');
    const res = await t.call('GET', `/api/tips/${tipId}/guides`, { cookie: author.cookie });
    expect(res.json<TipGuides>()).toEqual({ guides: [] });
  });

  it('refuses everyone but the author: 401, 403 when they see the tip, 404 when they do not, 400, 404', async () => {
    const publicTip = await tip(author, 'public', 'Open tip');
    const friendsTip = await tip(author, 'connections', 'Friends tip');
    const privateTip = await tip(author, 'private', 'Secret tip');
    await guide(author, 'public', 'Secret guide title', privateTip);
    const get = (id: string, cookie?: string) => t.call('GET', `/api/tips/${id}/guides`, { cookie });

    expect((await get(publicTip)).statusCode).toBe(401);
    expect((await get(publicTip, reader.cookie)).statusCode).toBe(403);
    expect((await get(friendsTip, friend.cookie)).statusCode).toBe(403);
    expect((await get(friendsTip, reader.cookie)).statusCode).toBe(404);
    const hidden = await get(privateTip, reader.cookie);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('Secret guide title');
    expect((await get('not-a-uuid', author.cookie)).statusCode).toBe(400);
    expect((await get('00000000-0000-4000-8000-000000000000', author.cookie)).statusCode).toBe(404);
  });
});

describe('a connections-only tip in a public guide, read by a non-connection', () => {
  it('is a bare placeholder: nothing of the tip, nothing that says private', async () => {
    const tipId = await tip(author, 'connections', 'Zorvandel courtyard');
    const guideId = await guide(author, 'public', 'Porto for everyone', tipId);

    const seen = await t.call('GET', `/api/guides/${guideId}`, { cookie: reader.cookie });
    expect(seen.statusCode).toBe(200);
    const [item] = seen.json<Guide>().items;
    expect(item).toMatchObject({ tip: null, customTitle: null, customDescription: null, customPlaceName: null });
    expect(seen.body).not.toContain('Zorvandel');
    expect(seen.body).not.toContain(tipId);
    expect(JSON.stringify(item).toLowerCase()).not.toContain('private');

    // A connection of the author sees the tip itself.
    const friendView = await t.call('GET', `/api/guides/${guideId}`, { cookie: friend.cookie });
    expect(friendView.json<Guide>().items[0]?.tip?.title).toBe('Zorvandel courtyard');
  });
});
