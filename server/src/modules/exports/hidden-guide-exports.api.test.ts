/**
 * A guide a moderator hid (issue 25, ADR 088): its map, calendar and route answer whoever its page
 * answers (content/readable's mayRead): the author and admins get them, everyone else a 404, as
 * for a private guide. An admin still gets 404 for a guide its author kept private. PGlite and
 * PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Guide } from '@common/schemas/guide';
import type { Tip } from '@common/schemas/tip';
import { type TestApp, createTestApp } from '@server-test/test-app';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let admin: string;
let author: Member;
let connection: Member;
let stranger: Member;
let pending: Member;
let hidden: Guide;
let privateGuide: Guide;

const call = (url: string, cookie?: string) => t.call('GET', url, { cookie });
/** The guide's page and the three things drawn from it. */
const urls = (id: string) => [
  `/api/guides/${id}`,
  `/api/guides/${id}/map`,
  `/api/guides/${id}/calendar.ics?start=2026-12-30`,
  `/api/guides/${id}/route.gpx`,
];
const statuses = async (id: string, cookie?: string) =>
  Promise.all(urls(id).map(async (u) => (await call(u, cookie)).statusCode));

async function createGuide(body: Record<string, unknown>) {
  const res = await t.call('POST', '/api/guides', {
    cookie: author.cookie,
    body: { title: 'Coast walk', location: 'Portugal', countries: ['Portugal'], daysCount: 1, ...body },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json<Guide>();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  author = await t.createMember('user', 'Ann Author');
  connection = await t.createMember('user', 'Cleo Connection');
  stranger = await t.createMember('user', 'Sam Stranger');
  pending = await t.createMember('pending');
  const request = await t.call('POST', '/api/connections', { cookie: author.cookie, body: { addresseeId: connection.id } });
  expect(request.statusCode).toBe(201);
  const accepted = await t.call('POST', `/api/connections/${request.json<{ id: string }>().id}/accept`, {
    cookie: connection.cookie,
  });
  expect(accepted.statusCode).toBe(200);
  const tipRes = await t.call('POST', '/api/tips', {
    cookie: author.cookie,
    body: {
      title: 'Castle view',
      description: 'Worth it.',
      country: 'Portugal',
      city: 'Lisbon',
      googleMapsUrl: 'https://www.google.com/maps/@38.7139,-9.1335,17z',
    },
  });
  expect(tipRes.statusCode).toBe(201);
  const tip = tipRes.json<Tip>();
  hidden = await createGuide({ title: 'Hidden coast walk', items: [{ dayNumber: 1, tipId: tip.id }] });
  privateGuide = await createGuide({ title: 'Kept to myself', isPrivate: true });
  const reported = await t.call('POST', '/api/reports', {
    cookie: stranger.cookie,
    body: { target: 'guide', targetId: hidden.id, reason: 'spam' },
  });
  expect(reported.statusCode).toBe(201);
  const hide = await t.call('POST', '/api/admin/moderation', {
    cookie: admin,
    body: { action: 'hide', target: 'guide', targetId: hidden.id, reason: 'spam' },
  });
  expect(hide.statusCode).toBe(200);
}, 60_000);
afterAll(() => t?.close());

describe("a hidden guide's map and exports (GET /map, /calendar.ics, /route.gpx)", () => {
  it('answer the author and admins as the page does', async () => {
    expect(await statuses(hidden.id, author.cookie)).toEqual([200, 200, 200, 200]);
    expect(await statuses(hidden.id, admin)).toEqual([200, 200, 200, 200]);
    const map = await call(`/api/guides/${hidden.id}/map`, admin);
    expect(map.json<{ days: { stops: { title: string }[] }[] }>().days[0]?.stops.map((s) => s.title)).toEqual(['Castle view']);
    const gpx = await call(`/api/guides/${hidden.id}/route.gpx`, admin);
    expect(gpx.body).toContain('Castle view');
    expect(gpx.headers['content-disposition']).toBe('attachment; filename="hidden-coast-walk.gpx"');
    const ics = await call(`/api/guides/${hidden.id}/calendar.ics?start=2026-12-30`, admin);
    expect(ics.body).toContain('SUMMARY:Day 1: Hidden coast walk');
  });

  it('are 404 to every other member, a connection of the author included', async () => {
    expect(await statuses(hidden.id, stranger.cookie)).toEqual([404, 404, 404, 404]);
    expect(await statuses(hidden.id, connection.cookie)).toEqual([404, 404, 404, 404]);
  });

  it('refuse visitors (401) and pending accounts (403)', async () => {
    expect(await statuses(hidden.id)).toEqual([401, 401, 401, 401]);
    expect(await statuses(hidden.id, pending.cookie)).toEqual([403, 403, 403, 403]);
  });

  it('stay 404 to an admin for a guide its author kept private, as the page does', async () => {
    expect(await statuses(privateGuide.id, admin)).toEqual([404, 404, 404, 404]);
    expect(await statuses(privateGuide.id, author.cookie)).toEqual([200, 200, 200, 200]);
  });
});
