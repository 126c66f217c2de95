/**
 * Issue 7: prepared selects map their rows with a function compiled for their columns
 * (db/row-mapper.ts) instead of drizzle's mapResultRow. The rows must be the very objects
 * drizzle gives, on both databases: nested objects, a left join's missing table as null, decoded
 * timestamps, numerics and arrays, sql columns with and without a decoder.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guides, profiles, tipTypes, tips } from '@db/schema';
import { withCompiledRowMapper } from '@db/row-mapper';
import { insertGuide, insertTip } from './content-fixtures';
import { type TestApp, createTestApp } from './test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const { id } = await t.createMember('user', 'Rita Rows');
  const [type] = await t.db.select({ id: tipTypes.id }).from(tipTypes).limit(1);
  const first = await insertTip(t.db, id, { title: 'Market', tags: ['food', 'early'], placeName: 'Ribeira' });
  await t.db.update(tips).set({ tipTypeId: type!.id, valueSpent: '12.50', rating: 4 }).where(eq(tips.id, first.id));
  await insertTip(t.db, id, { title: 'Viewpoint' });
  await insertGuide(t.db, id, { title: 'Lisbon in 3 days' });
});
afterAll(() => t?.close());

let statements = 0;
/** The same select prepared twice (a statement name is one text's): as drizzle maps it, and with the compiled mapping. */
function both<Q extends { execute: () => Promise<unknown> }>(build: (name: string) => Q) {
  const drizzles = build(`row_mapper_${++statements}`);
  const compiled = withCompiledRowMapper(build(`row_mapper_${++statements}`));
  expect((compiled as unknown as { customResultMapper?: unknown }).customResultMapper).toBeTypeOf('function');
  expect((drizzles as unknown as { customResultMapper?: unknown }).customResultMapper).toBeUndefined();
  return Promise.all([drizzles.execute(), compiled.execute()]);
}

describe('a prepared select with the compiled row mapping', () => {
  it('gives the rows of a select of whole tables', async () => {
    const [expected, rows] = await both((name) => t.db.select().from(tips).orderBy(tips.title).prepare(name));
    expect(rows).toEqual(expected);
    expect(rows).toHaveLength(2);
    expect((rows as { createdAt: unknown }[])[0]!.createdAt).toBeInstanceOf(Date);
  });

  it('nests objects, and gives a left-joined table that matched nothing as null', async () => {
    const [expected, rows] = await both((name) =>
      t.db
        .select({
          kind: sql<string>`'tip'`,
          id: tips.id,
          likes: sql<number>`${tips.likesCount} + 1`.mapWith(Number),
          upperTitle: sql<string>`upper(${tips.title})`.as('upper_title'),
          author: { name: profiles.name, picture: profiles.profilePictureUrl },
          tip: {
            title: tips.title,
            tags: tips.tags,
            spent: tips.valueSpent,
            placeName: tips.placeName,
            createdAt: tips.createdAt,
          },
          tipType: { name: tipTypes.name },
          guide: { id: guides.id, title: guides.title },
        })
        .from(tips)
        .leftJoin(tipTypes, eq(tipTypes.id, tips.tipTypeId))
        .leftJoin(guides, and(eq(guides.userId, tips.userId), sql`false`))
        .leftJoin(profiles, eq(profiles.userId, tips.userId))
        .orderBy(tips.title)
        .prepare(name),
    );
    expect(rows).toEqual(expected);
    const [market, viewpoint] = rows as Record<string, unknown>[];
    expect(market).toMatchObject({ kind: 'tip', likes: 1, upperTitle: 'MARKET', guide: null, author: { name: 'Rita Rows' } });
    expect(market!.tip).toMatchObject({ title: 'Market', tags: ['food', 'early'], spent: '12.50', placeName: 'Ribeira' });
    expect(market!.tipType).not.toBeNull();
    // No tip type: the whole object is null, as drizzle makes it.
    expect(viewpoint).toMatchObject({ tipType: null, guide: null });
  });

  it('keeps an object whose columns come from more than one table, as drizzle does', async () => {
    const [expected, rows] = await both((name) =>
      t.db
        .select({ mixed: { type: tipTypes.name, title: tips.title } })
        .from(tips)
        .leftJoin(tipTypes, eq(tipTypes.id, tips.tipTypeId))
        .orderBy(tips.title)
        .prepare(name),
    );
    expect(rows).toEqual(expected);
    expect((rows as { mixed: unknown }[])[1]!.mixed).toEqual({ type: null, title: 'Viewpoint' });
  });
});
