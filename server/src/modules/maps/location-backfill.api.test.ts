import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tips } from '@db/schema';
import { executeRows } from '@db/rows';
import { insertTip } from '@server-test/content-fixtures';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { testCountryPoint, testGazetteer } from '@server-test/test-gazetteer';
import { backfillTipLocations, unlocatedCount } from './location-backfill';
import { createTipLocator } from './tip-locator';

describe('placing the tips written before tips had places', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('places every untried tip by link, city or country (ADR 101), in batches, and fills the map cells', async () => {
    const member = await t.createMember('user', 'Old Timer');
    // Rows as they were before migration 0016: no place, never tried.
    const rows = [
      await insertTip(t.db, member.id, { city: 'Lisbon' }),
      await insertTip(t.db, member.id, { city: 'Porto' }),
      await insertTip(t.db, member.id, { city: 'Atlantis' }),
      await insertTip(t.db, member.id, { country: 'Japan', city: 'Kyoto', isPrivate: true }),
      await insertTip(t.db, member.id, { country: 'France', city: 'Paris' }),
    ];
    await t.db
      .update(tips)
      .set({ googleMapsUrl: 'https://www.google.com/maps/@48.8606,2.3376,17z' })
      .where(sql`${tips.id} = ${rows[4]?.id}`);
    expect(await unlocatedCount(t.db)).toBe(5);

    const locator = createTipLocator(testGazetteer);
    const placed = await backfillTipLocations({ db: t.db, locator, batchSize: 2 });
    expect(placed).toBe(5);
    expect(await unlocatedCount(t.db)).toBe(0);

    const stored = await executeRows<{ city: string; precision: string; latitude: number | null }>(
      t.db,
      sql`SELECT city, location_precision AS precision, latitude FROM tips ORDER BY city`,
    );
    expect(stored).toEqual([
      { city: 'Atlantis', precision: 'country', latitude: testCountryPoint('Portugal')?.latitude },
      { city: 'Kyoto', precision: 'city', latitude: 35.02107 },
      { city: 'Lisbon', precision: 'city', latitude: 38.71667 },
      { city: 'Paris', precision: 'exact', latitude: 48.8606 },
      { city: 'Porto', precision: 'city', latitude: 41.14961 },
    ]);
    // The update trigger counted the four public placed tips (the private one not).
    const [world] = await executeRows<{ n: number }>(
      t.db,
      sql`SELECT sum(tips_count)::int AS n FROM tip_map_cells WHERE level = 2`,
    );
    expect(world?.n).toBe(4);
    // A second walk finds nothing to do.
    expect(await backfillTipLocations({ db: t.db, locator })).toBe(0);
  });
});
