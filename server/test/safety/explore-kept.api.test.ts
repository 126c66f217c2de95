/**
 * Explore from a viewer's kept lists (ADR 097), on both databases: page after page, for each
 * tab, the kept path gives exactly what the statement that computes the lists gives, also when
 * the kept keys are cut short (a viewer whose connections share more than are kept) and where
 * pages cross the oldest kept key.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentTab } from '@common/schemas/content';
import { blocks, connections, guides, memberSuspensions, tips } from '@db/schema';
import { createContentService } from '../../src/modules/content/content.service';
import { createPublicKeys } from '../../src/modules/content/public-keys';
import { type ViewerSharesCache, createViewerShares } from '../../src/modules/content/viewer-shares';
import { type TestApp, createTestApp } from '../test-app';

let t: TestApp;
let viewerId: string;
/** The connections' shared tips and guides the viewer may see. */
const shared = { tips: 0, guides: 0 };

/** A cache that never holds: every page is computed by the statement. */
const neverKept: ViewerSharesCache = { current: () => null, forget: () => {}, settled: () => Promise.resolve(), size: () => 0 };

beforeAll(async () => {
  t = await createTestApp();
  const [viewer, friend, other, stranger, blocked, suspended] = await Promise.all(
    ['Vic', 'Fay', 'Oli', 'Sid', 'Bea', 'Sue'].map((name) => t.createMember('user', name)),
  );
  viewerId = viewer!.id;
  await t.db.insert(connections).values([
    { requesterId: viewer!.id, addresseeId: friend!.id, status: 'accepted' },
    { requesterId: other!.id, addresseeId: viewer!.id, status: 'accepted' },
    { requesterId: stranger!.id, addresseeId: viewer!.id, status: 'pending' },
  ]);
  await t.db.insert(blocks).values({ blockerId: blocked!.id, blockedId: viewer!.id });
  await t.db.insert(memberSuspensions).values({ userId: suspended!.id });
  // Interleaved in time: every author shares and publishes, one item a minute.
  const authors = [friend!, other!, stranger!, blocked!, suspended!, viewer!];
  const visibilities = ['public', 'connections', 'connections', 'private'] as const;
  const start = Date.parse('2026-01-01T00:00:00Z');
  let n = 0;
  for (let round = 0; round < 6; round++) {
    for (const author of authors) {
      for (const visibility of visibilities) {
        n += 1;
        const createdAt = new Date(start + n * 60_000 + (n % 7) * 123);
        const base = { userId: author.id, title: `Item ${n}`, visibility, createdAt };
        const countries = [['Portugal'], ['Spain', 'Portugal'], [], ['Spain']][n % 4]!;
        if (n % 3 === 0) await t.db.insert(guides).values({ ...base, countries });
        else
          await t.db
            .insert(tips)
            .values({ ...base, country: n % 2 ? 'Portugal' : 'Spain', city: 'Lisbon', description: 'Nice.' });
      }
    }
  }
  // The list ends with shared items only: a kept window cut short must not end it early.
  for (let i = 1; i <= 3; i++) {
    const base = {
      userId: friend!.id,
      title: `Early ${i}`,
      visibility: 'connections' as const,
      createdAt: new Date(start - i * 60_000),
    };
    await t.db.insert(guides).values(base);
    await t.db.insert(tips).values({ ...base, country: 'Portugal', city: 'Lisbon', description: 'Nice.' });
  }
  const sharedBy = (table: typeof tips | typeof guides) =>
    t.db.$count(
      table,
      and(inArray(table.userId, [friend!.id, other!.id]), eq(table.visibility, 'connections'), isNull(table.hiddenAt)),
    );
  shared.tips = await sharedBy(tips);
  shared.guides = await sharedBy(guides);
  // One hidden by a moderator.
  await t.db.insert(tips).values({
    userId: friend!.id,
    title: 'Hidden',
    visibility: 'connections',
    hiddenAt: new Date(),
    country: 'Portugal',
    city: 'Lisbon',
    description: 'Nice.',
  });
});
afterAll(() => t?.close());

async function allPages(service: ReturnType<typeof createContentService>, type: ContentTab, limit: number, country?: string) {
  const seen: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await service.explore(viewerId, { type, limit, cursor, ...(country ? { country } : {}) });
    seen.push(page.items.map((item) => item.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor && seen.length < 200);
  return seen;
}

describe('Explore from kept lists', () => {
  /** Kept keys per viewer list, and public keys per table: cut short here and there, or whole. */
  const keeps = () => [
    { keep: 2, publicKeep: 3 },
    { keep: 5, publicKeep: 40 },
    { keep: shared.tips - 1, publicKeep: 7 },
    { keep: shared.guides - 1, publicKeep: 1_000 },
    { keep: 100, publicKeep: 6_000 },
  ];
  it('holds more shared items than the cut windows keep', () => {
    expect(shared.tips).toBeGreaterThan(6);
    expect(shared.guides).toBeGreaterThan(6);
  });

  for (const k of [0, 1, 2, 3, 4]) {
    it(`gives the statement's pages, with each of the kept windows (${k + 1} of 5)`, async () => {
      const { keep, publicKeep } = keeps()[k]!;
      const shares = createViewerShares({ db: t.db, keep });
      const publics = createPublicKeys({ db: t.db, keep: publicKeep });
      const kept = createContentService({ db: t.db, shares, publics });
      // The kept lists are read in the background after a first page: wait for them.
      await kept.explore(viewerId, { type: 'all', limit: 1 });
      await Promise.all([shares.settled(), publics.settled()]);
      expect(shares.current(viewerId), 'the viewer keys are kept').not.toBeNull();
      expect(publics.current(), 'the public keys are kept').not.toBeNull();
      const computed = createContentService({ db: t.db, shares: neverKept });
      for (const country of [undefined, 'Spain', 'Peru']) {
        for (const type of ['all', 'tips', 'guides'] as const) {
          for (const limit of [2, 20]) {
            const expected = await allPages(computed, type, limit, country);
            if (country !== 'Peru') expect(expected.flat().length, 'the world is not empty').toBeGreaterThan(5);
            const label = `${country ?? 'anywhere'}, ${type}, ${limit} a page, ${keep} kept, ${publicKeep} public`;
            expect(await allPages(kept, type, limit, country), label).toEqual(expected);
          }
        }
      }
    });
  }
});
