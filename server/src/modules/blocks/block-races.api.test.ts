/**
 * A block racing a connection request between the same two members (issue 36): whichever
 * commits first, no request is left that the blocker could accept. The pair is locked for
 * both (lockPair). A race needs PostgreSQL's pool; on PGlite the rounds run one at a time.
 */
import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connections } from '@db/schema';
import { type TestApp, createTestApp } from '@server-test/test-app';

const ROUNDS = 30;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('a block racing a connection request', () => {
  it('never leaves a request between the two, whichever lands first', async () => {
    const outcomes = new Map<string, number>();
    for (let round = 0; round < ROUNDS; round += 1) {
      const blocker = await t.createMember('user', `Racing Blocker ${round}`);
      const asker = await t.createMember('user', `Racing Asker ${round}`);
      const [asked, blocked] = await Promise.all([
        t.call('POST', '/api/connections', { cookie: asker.cookie, body: { addresseeId: blocker.id } }),
        t.call('POST', '/api/blocks', { cookie: blocker.cookie, body: { memberId: asker.id } }),
      ]);
      expect(blocked.statusCode).toBe(204);
      // The request either came first (201, then the block ended it) or found the block (404).
      expect([201, 404]).toContain(asked.statusCode);
      outcomes.set(String(asked.statusCode), (outcomes.get(String(asked.statusCode)) ?? 0) + 1);
      const left = await t.db
        .select({ id: connections.id })
        .from(connections)
        .where(
          or(
            and(eq(connections.requesterId, asker.id), eq(connections.addresseeId, blocker.id)),
            and(eq(connections.requesterId, blocker.id), eq(connections.addresseeId, asker.id)),
          ),
        );
      expect(left, `round ${round}: ${[...outcomes].join(', ')}`).toEqual([]);
      expect((await t.call('GET', '/api/connections', { cookie: blocker.cookie })).json()).toEqual({
        connected: [],
        received: [],
        sent: [],
      });
    }
  });
});
