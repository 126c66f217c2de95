/**
 * GET /api/guides/:id/calendar.ics and /route.gpx (issue 23, ADR 066): read back with real
 * parsers (ical.js; xmllint against the GPX 1.1 schema; xmldom), on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Guide } from '@common/schemas/guide';
import { EXPORT_TEXTS } from '@common/schemas/guide-export';
import { GUIDE_TEXTS } from '@common/schemas/guide';
import type { Tip } from '@common/schemas/tip';
import { gpxSchemaErrors, parseCalendar, parseGpx } from '@server-test/exports/export-parsers';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { TEXTS } from '@common/texts';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let alice: Member;
let bob: Member;
let pending: Member;
let guide: Guide;
let privateGuide: Guide;
const tip: Record<string, Tip> = {};

const TRICKY = 'Tasca "O Zé" & <Fado>, Alfama; café ☕ 日本';

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
    body: { title: 'Lisbon, Porto; and more', location: 'Portugal', countries: ['Portugal'], daysCount: 3, ...body },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json<Guide>();
}
const get = (url: string, member?: Member) => t.call('GET', url, { cookie: member?.cookie });
const ics = (id: string, member: Member, start = '2026-12-30') => get(`/api/guides/${id}/calendar.ics?start=${start}`, member);
const gpx = (id: string, member: Member) => get(`/api/guides/${id}/route.gpx`, member);

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.createMember('user', 'Alice Author');
  bob = await t.createMember('user', 'Bob Browser');
  pending = await t.createMember('pending');
  tip.castle = await createTip({ title: 'Castle', googleMapsUrl: 'https://www.google.com/maps/@38.7139,-9.1335,17z' });
  tip.tricky = await createTip({ title: TRICKY, placeName: 'Rua, 12; 1º' });
  tip.secret = await createTip({ title: 'Qorvath secret bar', placeName: 'Zimbrel lane', isPrivate: true });
  guide = await createGuide({
    items: [
      { dayNumber: 1, tipId: tip.castle?.id },
      { dayNumber: 1, customTitle: 'Lunch by the river' },
      { dayNumber: 1, tipId: tip.tricky?.id },
      { dayNumber: 2, tipId: tip.secret?.id },
      { dayNumber: 2, customTitle: 'Train north', customPlaceName: 'Porto' },
    ],
  });
  privateGuide = await createGuide({ isPrivate: true, title: 'Hidden trip' });
});
afterAll(() => t.close());

describe('GET /api/guides/:id/calendar.ics', () => {
  it('is an attachment: one all-day event a day, items in order with places and maps links', async () => {
    const res = await ics(guide.id, bob);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="lisbon-porto-and-more.ics"');
    expect(res.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(res.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);

    const { name, events } = parseCalendar(res.body);
    expect(name).toBe('Lisbon, Porto; and more');
    expect(events.map((e) => [e.start, e.end, e.isAllDay, e.summary])).toEqual([
      ['2026-12-30', '2026-12-31', true, 'Day 1: Lisbon, Porto; and more'],
      ['2026-12-31', '2027-01-01', true, 'Day 2: Lisbon, Porto; and more'],
      ['2027-01-01', '2027-01-02', true, 'Day 3: Lisbon, Porto; and more'],
    ]);
    expect(res.body).toContain('DTSTART;VALUE=DATE:20261230');
    expect(events[0]?.location).toBe('Portugal');
    expect(events[0]?.url).toBe(`http://waymark.test/view-guide/${guide.id}`);
    // Commas, semicolons, quotes, markup and unicode come back as written; lines as lines.
    expect(events[0]?.description.split('\n')).toEqual([
      '1. Castle',
      '   Lisbon, Portugal',
      '   https://www.google.com/maps/@38.7139,-9.1335,17z',
      '2. Lunch by the river',
      `3. ${TRICKY}`,
      '   Rua, 12; 1º, Lisbon, Portugal',
      '   https://www.openstreetmap.org/?mlat=38.71667&mlon=-9.13333#map=12/38.71667/-9.13333',
      '',
      `Waymark: http://waymark.test/view-guide/${guide.id}`,
    ]);
    expect(events[2]?.description.split('\n')[0]).toBe(GUIDE_TEXTS.emptyDay);
  });

  it('keeps its UIDs from one export to the next, whatever the first day', async () => {
    const first = parseCalendar((await ics(guide.id, bob)).body).events.map((e) => e.uid);
    const again = parseCalendar((await ics(guide.id, alice, '2027-05-01')).body).events.map((e) => e.uid);
    expect(first).toEqual([1, 2, 3].map((day) => `guide-${guide.id}-day-${day}@waymark.test`));
    expect(again).toEqual(first);
  });

  it('spans a 30-day guide over month and leap-day boundaries', async () => {
    const long = await createGuide({ title: 'A month away', daysCount: 3 });
    const put = await t.call('PUT', `/api/guides/${long.id}`, {
      cookie: alice.cookie,
      body: { title: 'A month away', location: 'Portugal', countries: ['Portugal'], daysCount: 30, items: [] },
    });
    expect(put.statusCode).toBe(200);
    const { events } = parseCalendar((await ics(long.id, alice, '2028-02-15')).body);
    expect(events).toHaveLength(30);
    expect(events.map((e) => e.start)).toContain('2028-02-29');
    expect(events.at(-1)?.start).toBe('2028-03-15');
    expect(new Set(events.map((e) => e.uid)).size).toBe(30);
    expect(events.every((e) => e.description.startsWith(GUIDE_TEXTS.emptyDay))).toBe(true);
  });

  it('refuses a missing or wrong first day with a clear message (400)', async () => {
    const cases: [string, string][] = [
      ['', EXPORT_TEXTS.badStart],
      ['?start=', EXPORT_TEXTS.badStart],
      ['?start=tomorrow', EXPORT_TEXTS.badStart],
      ['?start=2026-02-30', EXPORT_TEXTS.badStart],
      ['?start=2026-1-5', EXPORT_TEXTS.badStart],
      ['?start=1850-01-01', EXPORT_TEXTS.startOutOfRange],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/guides/${guide.id}/calendar.ics${query}`, bob);
      expect([query, res.statusCode, res.json<{ message: string }>().message]).toEqual([query, 400, message]);
    }
  });

  it('refuses visitors (401) and pending accounts (403); a private or missing guide is 404', async () => {
    const url = (id: string) => `/api/guides/${id}/calendar.ics?start=2026-12-30`;
    expect((await get(url(guide.id))).statusCode).toBe(401);
    expect((await get(url(guide.id), pending)).statusCode).toBe(403);
    expect((await get(url(privateGuide.id), bob)).statusCode).toBe(404);
    expect((await get(url('00000000-0000-4000-8000-000000000000'), bob)).statusCode).toBe(404);
    expect((await get(url('not-a-uuid'), bob)).statusCode).toBe(400);
    expect((await get(url(privateGuide.id), alice)).statusCode).toBe(200);
  });
});

describe('GET /api/guides/:id/route.gpx', () => {
  it('is valid GPX 1.1: a waypoint per placed item, a route per day with places, in order', async () => {
    const res = await gpx(guide.id, bob);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gpx+xml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="lisbon-porto-and-more.gpx"');
    expect(await gpxSchemaErrors(res.body)).toEqual([]);

    const route = parseGpx(res.body);
    expect([route.version, route.namespace, route.name]).toEqual(['1.1', 'http://www.topografix.com/GPX/1/1', guide.title]);
    expect(route.children).toEqual(['metadata', 'wpt', 'wpt', 'wpt', 'rte', 'rte']);
    // The custom item without a place is no waypoint; the tricky title survives escaping.
    expect(route.waypoints.map((w) => [w.name, w.lat, w.lon])).toEqual([
      ['Castle', 38.7139, -9.1335],
      [TRICKY, 38.71667, -9.13333],
      ['Train north', 41.14961, -8.61099],
    ]);
    expect(route.waypoints[0]).toMatchObject({
      desc: 'Day 1, stop 1: Lisbon, Portugal',
      link: 'https://www.google.com/maps/@38.7139,-9.1335,17z',
      children: ['name', 'cmt', 'desc', 'link'],
    });
    expect(res.body).toContain('Tasca &quot;O Zé&quot; &amp; &lt;Fado&gt;, Alfama');
    expect(route.routes.map((r) => [r.number, r.name, r.points.map((p) => p.name)])).toEqual([
      [1, 'Day 1: Lisbon, Porto; and more', ['Castle', TRICKY]],
      [2, 'Day 2: Lisbon, Porto; and more', ['Train north']],
    ]);
  });

  it('is valid with no placed item at all', async () => {
    const empty = await createGuide({ title: 'Nowhere yet', items: [{ dayNumber: 1, customTitle: 'Think' }] });
    const res = await gpx(empty.id, alice);
    expect(await gpxSchemaErrors(res.body)).toEqual([]);
    expect(parseGpx(res.body).children).toEqual(['metadata']);
  });

  it('refuses visitors (401) and pending accounts (403); a private or missing guide is 404', async () => {
    expect((await get(`/api/guides/${guide.id}/route.gpx`)).statusCode).toBe(401);
    expect((await gpx(guide.id, pending)).statusCode).toBe(403);
    expect((await gpx(privateGuide.id, bob)).statusCode).toBe(404);
    expect((await gpx('00000000-0000-4000-8000-000000000000', bob)).statusCode).toBe(404);
    expect((await gpx('not-a-uuid', bob)).statusCode).toBe(400);
    expect((await gpx(privateGuide.id, alice)).statusCode).toBe(200);
  });
});

describe("another member's private tip", () => {
  it('is in neither export for others, and in both for its owner', async () => {
    const secrets = ['Qorvath', 'Zimbrel'];
    const forBob = [(await ics(guide.id, bob)).body, (await gpx(guide.id, bob)).body];
    for (const body of forBob) expect(secrets.filter((s) => body.includes(s))).toEqual([]);
    // Day 2 for Bob: the private tip leaves no gap, and no placeholder either (issue 36: none says private).
    const day2 = parseCalendar(forBob[0] ?? '').events[1]?.description ?? '';
    expect(day2.split('\n')[0]).toBe('1. Train north');
    expect(day2).not.toContain('Private tip');
    expect(day2).not.toContain(TEXTS.hiddenTipInGuide);

    const { events } = parseCalendar((await ics(guide.id, alice)).body);
    expect(events[1]?.description.split('\n').slice(0, 2)).toEqual([
      '1. Qorvath secret bar',
      '   Zimbrel lane, Lisbon, Portugal',
    ]);
    const own = parseGpx((await gpx(guide.id, alice)).body);
    expect(own.routes[1]?.points.map((p) => p.name)).toEqual(['Qorvath secret bar', 'Train north']);
  });
});
