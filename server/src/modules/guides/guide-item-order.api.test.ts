/**
 * Issue 36 item 7: an itinerary's order is what the member arranged. Items may carry their
 * position in their day; the guide stores and returns that order, and positions that do not
 * make 1..n in every day (a gap, a duplicate, some items only) are a 400 that changes nothing.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Guide } from '@common/schemas/guide';
import { guideTips } from '@db/schema';
import { insertTip } from '@server-test/content-fixtures';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { GUIDE_ERRORS } from './guides.service';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let author: Member;

beforeAll(async () => {
  t = await createTestApp();
  author = await t.createMember('user', 'Olga Order');
});
afterAll(async () => {
  await t.close();
});

const body = (items: unknown[], daysCount = 3) => ({
  title: 'Ordered days',
  location: 'Porto',
  countries: ['Portugal'],
  daysCount,
  items,
});

const shape = (g: Guide) => g.items.map((i) => [i.dayNumber, i.orderInDay, i.tip?.title ?? i.customTitle]);

async function storedRows(guideId: string) {
  const rows = await t.db
    .select()
    .from(guideTips)
    .where(eq(guideTips.guideId, guideId))
    .orderBy(asc(guideTips.dayNumber), asc(guideTips.orderInDay));
  return rows.map((r) => [r.dayNumber, r.orderInDay, r.customTitle ?? r.tipId]);
}

async function create(items: unknown[], daysCount = 3) {
  const res = await t.call('POST', '/api/guides', { cookie: author.cookie, body: body(items, daysCount) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Guide>();
}

describe('itinerary positions', () => {
  it('stores and returns the order the positions give, whatever the list order', async () => {
    const tip = await insertTip(t.db, author.id, { title: 'Livraria Lello' });
    const guide = await create([
      { dayNumber: 2, orderInDay: 2, customTitle: 'Dinner' },
      { dayNumber: 1, orderInDay: 2, tipId: tip.id },
      { dayNumber: 2, orderInDay: 1, customTitle: 'Port cellars' },
      { dayNumber: 1, orderInDay: 1, customTitle: 'Breakfast' },
    ]);
    const expected = [
      [1, 1, 'Breakfast'],
      [1, 2, 'Livraria Lello'],
      [2, 1, 'Port cellars'],
      [2, 2, 'Dinner'],
    ];
    expect(shape(guide)).toEqual(expected);
    const read = await t.call('GET', `/api/guides/${guide.id}`, { cookie: author.cookie });
    expect(shape(read.json<Guide>())).toEqual(expected);
    expect(await storedRows(guide.id)).toEqual([
      [1, 1, 'Breakfast'],
      [1, 2, tip.id],
      [2, 1, 'Port cellars'],
      [2, 2, 'Dinner'],
    ]);
  });

  it('keeps a reorder and a move to another day across an edit and a read', async () => {
    const guide = await create([
      { dayNumber: 1, orderInDay: 1, customTitle: 'A' },
      { dayNumber: 1, orderInDay: 2, customTitle: 'B' },
      { dayNumber: 1, orderInDay: 3, customTitle: 'C' },
      { dayNumber: 2, orderInDay: 1, customTitle: 'D' },
    ]);
    // C moves to the top of day 1; A moves to day 3; D stays.
    const res = await t.call('PUT', `/api/guides/${guide.id}`, {
      cookie: author.cookie,
      body: body([
        { dayNumber: 1, orderInDay: 2, customTitle: 'B' },
        { dayNumber: 3, orderInDay: 1, customTitle: 'A' },
        { dayNumber: 1, orderInDay: 1, customTitle: 'C' },
        { dayNumber: 2, orderInDay: 1, customTitle: 'D' },
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const read = await t.call('GET', `/api/guides/${guide.id}`, { cookie: author.cookie });
    expect(shape(read.json<Guide>())).toEqual([
      [1, 1, 'C'],
      [1, 2, 'B'],
      [2, 1, 'D'],
      [3, 1, 'A'],
    ]);
  });

  it('still numbers items without positions in list order', async () => {
    const guide = await create([
      { dayNumber: 2, customTitle: 'Second day' },
      { dayNumber: 1, customTitle: 'First' },
      { dayNumber: 1, customTitle: 'Then' },
    ]);
    expect(shape(guide)).toEqual([
      [1, 1, 'First'],
      [1, 2, 'Then'],
      [2, 1, 'Second day'],
    ]);
  });

  const at = (dayNumber: number, orderInDay: number | undefined, customTitle: string) => ({ dayNumber, orderInDay, customTitle });
  it.each([
    ['a gap', [at(1, 1, 'a'), at(1, 3, 'b')], GUIDE_ERRORS.positionsBroken(1, 2)],
    ['a duplicate', [at(1, 1, 'a'), at(2, 1, 'b'), at(2, 1, 'c')], GUIDE_ERRORS.positionsBroken(2, 2)],
    ['a day not starting at 1', [at(3, 2, 'a')], GUIDE_ERRORS.positionsBroken(3, 1)],
    ['positions on some items only', [at(1, 1, 'a'), at(1, undefined, 'b')], GUIDE_ERRORS.positionsPartial],
    ['a position on a day beyond the duration', [at(1, 1, 'a'), at(4, 1, 'b')], GUIDE_ERRORS.dayBeyond(4, 3)],
    ['position 0', [at(1, 0, 'a')], undefined],
    ['a fractional position', [at(1, 1.5, 'a')], undefined],
    ['a position as text', [{ dayNumber: 1, orderInDay: '1', customTitle: 'a' }], undefined],
  ])('refuses %s with 400 on create and on edit, changing nothing', async (_label, items, message) => {
    const before = await t.db.$count(guideTips);
    const created = await t.call('POST', '/api/guides', { cookie: author.cookie, body: body(items) });
    expect(created.statusCode, created.body).toBe(400);
    if (message) expect(created.json().message).toBe(message);
    expect(await t.db.$count(guideTips)).toBe(before);

    const guide = await create([at(1, 1, 'kept')]);
    const edited = await t.call('PUT', `/api/guides/${guide.id}`, { cookie: author.cookie, body: body(items) });
    expect(edited.statusCode, edited.body).toBe(400);
    if (message) expect(edited.json().message).toBe(message);
    expect(await storedRows(guide.id)).toEqual([[1, 1, 'kept']]);
  });

  it('still refuses the same tip twice in one day when positions are given', async () => {
    const tip = await insertTip(t.db, author.id);
    const res = await t.call('POST', '/api/guides', {
      cookie: author.cookie,
      body: body([
        { dayNumber: 1, orderInDay: 1, tipId: tip.id },
        { dayNumber: 1, orderInDay: 2, tipId: tip.id },
      ]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(GUIDE_ERRORS.tipTwiceInDay);
  });
});
