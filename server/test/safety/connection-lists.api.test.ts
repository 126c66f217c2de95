/**
 * Each member's list of connections (migration 0024, ADR 098), on both databases: whatever
 * happens to connection rows (a request, its acceptance, a rejection, a removal, a block, an
 * account deleted, a row changed or deleted in bulk), the lists hold exactly the accepted
 * connections, in the same transaction; a rolled-back change leaves them as they were. On
 * PostgreSQL, transactions that connect members in cycles all land: a pair's two lists are
 * locked in the order of their ids, and a transaction PostgreSQL still picks as a deadlock's
 * victim (its statements lock pairs in turn) runs again (db/client.ts).
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '@db/client';
import { executeRows } from '@db/rows';
import { connections, memberConnectionLists, users } from '@db/schema';
import { type TestApp, createTestApp } from '../test-app';
import { seededNumbers } from '../seeded-numbers';

let t: TestApp;
let ids: string[];

/** Members whose list differs from their accepted connections, with both sides. */
async function listsDiffering(db: Executor = t.db) {
  return executeRows<{ user_id: string }>(
    db,
    sql`WITH truth AS (
          SELECT requester_id AS member, addressee_id AS other FROM connections WHERE status = 'accepted'
          UNION ALL SELECT addressee_id, requester_id FROM connections WHERE status = 'accepted'),
        kept AS (SELECT user_id AS member, unnest(connection_ids) AS other FROM member_connection_lists)
        SELECT DISTINCT member AS user_id FROM ((TABLE truth EXCEPT ALL TABLE kept) UNION ALL (TABLE kept EXCEPT ALL TABLE truth)) AS differ`,
  );
}

const pair = (a: string, b: string) =>
  or(
    and(eq(connections.requesterId, a), eq(connections.addresseeId, b)),
    and(eq(connections.requesterId, b), eq(connections.addresseeId, a)),
  );

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db
    .insert(users)
    .values(Array.from({ length: 12 }, (_, i) => ({ name: `Member ${i}`, email: `member${i}@lists.test` })))
    .returning({ id: users.id });
  ids = rows.map((r) => r.id);
});

afterAll(() => t?.close());

describe('member_connection_lists', () => {
  it('follows every kind of change to connection rows', async () => {
    const random = seededNumbers(11);
    const pick = () => ids[Math.floor(random() * ids.length)]!;
    for (let step = 0; step < 300; step++) {
      const [a, b] = [pick(), pick()];
      if (a === b) continue;
      const [row] = await t.db.select().from(connections).where(pair(a, b));
      const roll = random();
      if (!row) {
        await t.db.insert(connections).values({ requesterId: a, addresseeId: b, status: roll < 0.5 ? 'pending' : 'accepted' });
      } else if (roll < 0.35) {
        await t.db
          .update(connections)
          .set({ status: row.status === 'accepted' ? 'pending' : 'accepted' })
          .where(eq(connections.id, row.id));
      } else if (roll < 0.5) {
        // The other way round: the same pair, sides swapped.
        await t.db
          .update(connections)
          .set({ requesterId: row.addresseeId, addresseeId: row.requesterId })
          .where(eq(connections.id, row.id));
      } else if (roll < 0.6) {
        await t.db.update(connections).set({ updatedAt: new Date() }).where(eq(connections.id, row.id));
      } else {
        await t.db.delete(connections).where(eq(connections.id, row.id));
      }
      if (step % 25 === 0) expect(await listsDiffering(), `after step ${step}`).toEqual([]);
    }
    expect(await listsDiffering()).toEqual([]);
    const accepted = await t.db.$count(connections, eq(connections.status, 'accepted'));
    expect(accepted, 'the changes left accepted connections to compare').toBeGreaterThan(5);
  });

  it('follows changes to many rows in one statement, and undoes with a rollback', async () => {
    await t.db.update(connections).set({ status: 'accepted' }).where(eq(connections.status, 'pending'));
    expect(await listsDiffering()).toEqual([]);
    const before = await t.db.select().from(memberConnectionLists);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.delete(connections).where(inArray(connections.requesterId, ids.slice(0, 6)));
        expect(await listsDiffering(tx), 'inside the transaction').toEqual([]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await t.db.select().from(memberConnectionLists)).toEqual(before);
    await t.db.delete(connections).where(inArray(connections.requesterId, ids.slice(0, 6)));
    expect(await listsDiffering()).toEqual([]);
  });

  it('drops a deleted account from every list, and its own', async () => {
    const gone = ids[11]!;
    await t.db
      .insert(connections)
      .values(ids.slice(0, 3).map((id) => ({ requesterId: gone, addresseeId: id, status: 'accepted' as const })))
      .onConflictDoNothing();
    expect(await listsDiffering()).toEqual([]);
    await t.db.delete(users).where(eq(users.id, gone));
    ids = ids.slice(0, 11);
    const holding = await executeRows(
      t.db,
      sql`SELECT user_id FROM member_connection_lists WHERE ${gone}::uuid = ANY (connection_ids)`,
    );
    expect(holding).toEqual([]);
    expect(await t.db.$count(memberConnectionLists, eq(memberConnectionLists.userId, gone))).toBe(0);
    expect(await listsDiffering()).toEqual([]);
  });

  it('follows the routes: accept, remove, block', async () => {
    const [asker, answerer] = await Promise.all([t.createMember('user', 'Asker'), t.createMember('user', 'Answerer')]);
    const listOf = async (id: string) =>
      (await t.db.select().from(memberConnectionLists).where(eq(memberConnectionLists.userId, id)))[0]?.connectionIds ?? [];
    const connect = async () => {
      const ask = await t.call('POST', '/api/connections', { cookie: asker.cookie, body: { addresseeId: answerer.id } });
      expect(ask.statusCode, ask.body).toBe(201);
      const { id } = ask.json<{ id: string }>();
      expect(await listOf(asker.id), 'while pending').toEqual([]);
      const accept = await t.call('POST', `/api/connections/${id}/accept`, { cookie: answerer.cookie });
      expect(accept.statusCode, accept.body).toBe(200);
      expect(await listOf(asker.id)).toEqual([answerer.id]);
      expect(await listOf(answerer.id)).toEqual([asker.id]);
      return id;
    };
    const id = await connect();
    const remove = await t.call('POST', `/api/connections/${id}/remove`, { cookie: asker.cookie });
    expect(remove.statusCode, remove.body).toBe(204);
    expect([await listOf(asker.id), await listOf(answerer.id)], 'after remove').toEqual([[], []]);
    await connect();
    const block = await t.call('POST', '/api/blocks', { cookie: answerer.cookie, body: { memberId: asker.id } });
    expect(block.statusCode, block.body).toBeLessThan(300);
    expect([await listOf(asker.id), await listOf(answerer.id)], 'after block').toEqual([[], []]);
    expect(await listsDiffering()).toEqual([]);
  });
});

describe.skipIf(process.env.WAYMARK_TEST_DB !== 'postgres')('member_connection_lists under concurrent changes', () => {
  it('lands every change when transactions connect members in cycles (a deadlock victim runs again)', async () => {
    const members = await t.db
      .insert(users)
      .values(Array.from({ length: 9 }, (_, i) => ({ name: `Ring ${i}`, email: `ring${i}@lists.test` })))
      .returning({ id: users.id });
    const ring = members.map((m) => m.id);
    // Each transaction connects one member to the next; all start together, each waits a moment
    // between its statements, so their locks on the lists overlap.
    const connect = (i: number) =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_sleep(0.05)`);
        await tx
          .insert(connections)
          .values({ requesterId: ring[i]!, addresseeId: ring[(i + 1) % ring.length]!, status: 'accepted' });
        await tx.execute(sql`SELECT pg_sleep(0.05)`);
        await tx
          .insert(connections)
          .values({ requesterId: ring[(i + 3) % ring.length]!, addresseeId: ring[i]!, status: 'accepted' })
          .onConflictDoNothing();
      });
    const results = await Promise.allSettled(ring.map((_, i) => connect(i)));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(await listsDiffering()).toEqual([]);
    const lists = await t.db.select().from(memberConnectionLists).where(inArray(memberConnectionLists.userId, ring));
    expect(lists.every((l) => l.connectionIds.length === 4)).toBe(true);
  });
});
