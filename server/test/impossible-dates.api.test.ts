/**
 * Issue 36 item 22: every date a client sends is refused as a 400 with a clear message when it
 * is no day of the calendar (2026-02-30 used to be stored as 2026-03-02). The class: each body
 * field and query parameter that carries a date, and each page cursor that carries a timestamp.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_TEXTS } from '@common/schemas/calendar-date';
import { EXPORT_TEXTS } from '@common/schemas/guide-export';
import { type TestApp, createTestApp } from './test-app';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

const IMPOSSIBLE_DAYS = ['2026-02-30', '2025-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-32', '2026-06-00'];
const cursorOf = (text: string) => Buffer.from(text).toString('base64url');
const ID = '00000000-0000-4000-8000-000000000000';

describe('impossible calendar dates are a 400, never stored or a 500', () => {
  let t: TestApp;
  let alice: Member;
  let adminCookie: string;
  let guideId: string;
  let tipId: string;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.createMember('user', 'Alice Dates');
    adminCookie = await t.signInAdmin();
    const tip = await t.call('POST', '/api/tips', {
      cookie: alice.cookie,
      body: { title: 'Old tram', country: 'Portugal', city: 'Lisbon', description: 'Ride it early.' },
    });
    tipId = tip.json<{ id: string }>().id;
    const guide = await t.call('POST', '/api/guides', {
      cookie: alice.cookie,
      body: { title: 'Lisbon days', countries: ['Portugal'], daysCount: 2 },
    });
    guideId = guide.json<{ id: string }>().id;
  });
  afterAll(() => t.close());

  function expect400(res: { statusCode: number; json: <T>() => T }, message: string) {
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string; message: string }>()).toMatchObject({ error: 'Bad Request', message });
  }

  it.each(IMPOSSIBLE_DAYS)("a tip's experienceDate %s, on create and on edit", async (day) => {
    const body = { title: 'Dated', country: 'Portugal', city: 'Lisbon', description: 'x', experienceDate: day };
    const message = DATE_TEXTS.notADay;
    expect400(await t.call('POST', '/api/tips', { cookie: alice.cookie, body }), message);
    expect400(await t.call('PUT', `/api/tips/${tipId}`, { cookie: alice.cookie, body }), message);
  });

  it('a real leap day is kept as sent', async () => {
    const body = { title: 'Leap', country: 'Portugal', city: 'Lisbon', description: 'x', experienceDate: '2024-02-29' };
    const res = await t.call('POST', '/api/tips', { cookie: alice.cookie, body });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ experienceDate: string }>().experienceDate).toBe('2024-02-29');
  });

  it.each(IMPOSSIBLE_DAYS)("a share link's expiresOn %s", async (day) => {
    const res = await t.call('PUT', `/api/guides/${guideId}/share-link`, { cookie: alice.cookie, body: { expiresOn: day } });
    expect400(res, DATE_TEXTS.notADay);
  });

  it.each(IMPOSSIBLE_DAYS)("a calendar export's start %s", async (day) => {
    const res = await t.call('GET', `/api/guides/${guideId}/calendar.ics?start=${day}`, { cookie: alice.cookie });
    expect400(res, EXPORT_TEXTS.badStart);
  });

  it.each(IMPOSSIBLE_DAYS)("a suspension's until %sT10:00:00Z", async (day) => {
    const res = await t.call('POST', '/api/admin/moderation', {
      cookie: adminCookie,
      body: { action: 'suspend', target: 'member', targetId: alice.id, until: `${day}T10:00:00Z`, reason: 'spam' },
    });
    expect(res.statusCode).toBe(400);
  });

  // Page cursors are the server's own text, but a client can forge one: PostgreSQL would refuse
  // an impossible timestamp with an error (a 500), JavaScript would roll it over.
  const forged = ['2026-02-30 10:00:00.5+00', '2026-01-01 24:00:00+00', '2026-01-01 10:60:00+00'];
  const keysetLists = [
    '/api/explore?cursor=',
    '/api/home/feed?cursor=',
    '/api/notifications?cursor=',
    '/api/auth/sessions?cursor=',
    '/api/admin/users?cursor=',
  ];
  it.each(forged)('a keyset page cursor holding %s', async (stamp) => {
    for (const list of keysetLists) {
      const cookie = list.startsWith('/api/admin') ? adminCookie : alice.cookie;
      const res = await t.call('GET', `${list}${cursorOf(`${stamp}|${ID}`)}`, { cookie });
      expect(res.statusCode, list).toBe(400);
    }
    const audit = await t.call('GET', `/api/admin/audit-log?cursor=${cursorOf(`${stamp}|12`)}`, { cookie: adminCookie });
    expect(audit.statusCode).toBe(400);
    const popular = await t.call('GET', `/api/home/popular?cursor=${cursorOf(`3|${stamp}|${ID}|2026-01-01T00:00:00Z`)}`, {
      cookie: alice.cookie,
    });
    expect(popular.statusCode).toBe(400);
  });
});
