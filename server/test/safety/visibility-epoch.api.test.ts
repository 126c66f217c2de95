/**
 * The visibility epoch (ADR 097, migration 0023), on both databases: each committed transaction
 * that changes who sees what counts once, whatever number of rows it changed; a rolled-back one
 * and changes that touch no one's view (a like's counter, a title) count nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks, connections, guides, memberSuspensions, tips, visibilityEpoch } from '@db/schema';
import { type TestApp, createTestApp } from '../test-app';

let t: TestApp;
let a: string;
let b: string;
let tipId: string;
let guideId: string;

beforeAll(async () => {
  t = await createTestApp();
  a = (await t.createMember('user', 'Ana')).id;
  b = (await t.createMember('user', 'Ben')).id;
  const [tip] = await t.db
    .insert(tips)
    .values({ userId: a, title: 'Spot', country: 'Portugal', city: 'Lisbon', description: 'Nice.' })
    .returning({ id: tips.id });
  const [guide] = await t.db.insert(guides).values({ userId: a, title: 'Days' }).returning({ id: guides.id });
  tipId = tip!.id;
  guideId = guide!.id;
});
afterAll(() => t?.close());

async function epoch(): Promise<number> {
  const [row] = await t.db.select({ changes: visibilityEpoch.changes }).from(visibilityEpoch);
  return Number(row!.changes);
}

/** How many the change counted. */
async function counted(change: () => Promise<unknown>): Promise<number> {
  const before = await epoch();
  await change();
  return (await epoch()) - before;
}

describe('the visibility epoch', () => {
  it("counts each change of content's visibility, moderation or place", async () => {
    const tip = eq(tips.id, tipId);
    expect(await counted(() => t.db.update(tips).set({ visibility: 'connections' }).where(tip))).toBe(1);
    expect(await counted(() => t.db.update(tips).set({ hiddenAt: new Date() }).where(tip))).toBe(1);
    expect(await counted(() => t.db.update(tips).set({ hiddenAt: null }).where(tip))).toBe(1);
    expect(
      await counted(() => t.db.update(tips).set({ latitude: 38.7, longitude: -9.1, locationPrecision: 'exact' }).where(tip)),
    ).toBe(1);
    expect(await counted(() => t.db.update(tips).set({ country: 'Spain' }).where(tip))).toBe(1);
    const guide = eq(guides.id, guideId);
    expect(await counted(() => t.db.update(guides).set({ visibility: 'private' }).where(guide))).toBe(1);
    expect(await counted(() => t.db.update(guides).set({ hiddenAt: new Date() }).where(guide))).toBe(1);
  });

  it('counts nothing for what no one sees differently, nor for a rolled-back change', async () => {
    expect(
      await counted(() =>
        t.db
          .update(tips)
          .set({ likesCount: sql`${tips.likesCount} + 1` })
          .where(eq(tips.id, tipId)),
      ),
    ).toBe(0);
    expect(await counted(() => t.db.update(tips).set({ title: 'Renamed' }).where(eq(tips.id, tipId)))).toBe(0);
    expect(await counted(() => t.db.update(guides).set({ title: 'Renamed' }).where(eq(guides.id, guideId)))).toBe(0);
    const rolledBack = counted(() =>
      t.db.transaction(async (tx) => {
        await tx.insert(blocks).values({ blockerId: a, blockedId: b });
        tx.rollback();
      }),
    );
    await expect(rolledBack).rejects.toThrow();
    expect(await counted(async () => {})).toBe(0);
  });

  it('counts blocks, connections and suspensions, once per transaction however many rows', async () => {
    expect(await counted(() => t.db.insert(blocks).values({ blockerId: a, blockedId: b }))).toBe(1);
    expect(await counted(() => t.db.delete(blocks).where(eq(blocks.blockerId, a)))).toBe(1);
    expect(await counted(() => t.db.insert(connections).values({ requesterId: a, addresseeId: b }))).toBe(1);
    expect(await counted(() => t.db.update(connections).set({ status: 'accepted' }).where(eq(connections.requesterId, a)))).toBe(
      1,
    );
    expect(await counted(() => t.db.delete(connections).where(eq(connections.requesterId, a)))).toBe(1);
    expect(await counted(() => t.db.insert(memberSuspensions).values({ userId: b }))).toBe(1);
    expect(
      await counted(() => t.db.update(memberSuspensions).set({ until: new Date() }).where(eq(memberSuspensions.userId, b))),
    ).toBe(1);
    expect(await counted(() => t.db.delete(memberSuspensions).where(eq(memberSuspensions.userId, b)))).toBe(1);
    const many = Array.from({ length: 5 }, (_, i) => ({
      userId: b,
      title: `Spot ${i}`,
      country: 'Portugal',
      city: 'Porto',
      description: 'Nice.',
    }));
    expect(
      await counted(() =>
        t.db.transaction(async (tx) => {
          await tx.insert(tips).values(many);
          await tx.insert(blocks).values({ blockerId: b, blockedId: a });
          await tx.update(tips).set({ visibility: 'private' }).where(eq(tips.userId, b));
        }),
      ),
    ).toBe(1);
  });
});
