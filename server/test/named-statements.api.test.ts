/**
 * Issue 7: on PostgreSQL a repeated parameterised statement is prepared once per connection
 * (db/named-statements.ts), so its plan can be reused; one planned per call (a search without
 * ANALYZE's figures) is not.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@db/client';
import { plannedPerCall } from '@db/named-statements';
import { executeRows } from '@db/rows';
import { tips, users } from '@db/schema';
import { type TestApp, createTestApp } from './test-app';

describe.skipIf(process.env.WAYMARK_TEST_DB !== 'postgres')('named statements on PostgreSQL', () => {
  let t: TestApp;
  let database: DatabaseHandle;
  beforeAll(async () => {
    t = await createTestApp();
    database = t.database;
  });
  afterAll(() => t?.close());

  /** The statements prepared on the connection this runs on (sequential calls reuse one). */
  async function prepared(): Promise<string[]> {
    const rows = await executeRows<{ statement: string }>(database.db, sql`SELECT statement FROM pg_prepared_statements`);
    return rows.map((r) => r.statement);
  }

  it('prepares a parameterised statement once and reuses it', async () => {
    for (let i = 0; i < 3; i += 1)
      await database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, `x${i}@y.test`));
    const statements = (await prepared()).filter((s) => s.includes('from "users"'));
    expect(statements).toHaveLength(1);
    expect(statements[0]).toContain('"email" = $1');
  });

  it('leaves a statement planned per call unprepared, even when drizzle prepared it under a name', async () => {
    const search = plannedPerCall(sql`${tips.searchVector} @@ ${"'lisbon':*"}::tsquery`);
    await database.db.select({ id: tips.id }).from(tips).where(search);
    await database.db.select({ id: tips.id }).from(tips).where(search).prepare('planned_per_call_test').execute();
    expect((await prepared()).filter((s) => s.includes('@@'))).toEqual([]);
  });

  it("prepares explore's page query (db/prepared.ts) and its country filter, but not a search without ANALYZE's figures", async () => {
    const { cookie } = await t.createMember('user');
    // The country first: Explore's first call starts reading the kept keys (ADR 097), and a page
    // then may come from them (a statement of its own) instead of the computed one.
    for (const url of ['/api/explore?limit=12&country=Portugal', '/api/explore?limit=12', '/api/explore?limit=12&q=lisbon']) {
      expect((await t.call('GET', url, { cookie })).statusCode).toBe(200);
    }
    const statements = await prepared();
    const pages = statements.filter((s) => s.includes(') AS page') || s.includes('WITH ORDINALITY AS page'));
    expect(pages).toHaveLength(2);
    expect(pages.filter((s) => s.includes('"guide_countries"."country" ='))).toHaveLength(1);
    expect(statements.join('\n')).not.toContain('@@');
  });
});
