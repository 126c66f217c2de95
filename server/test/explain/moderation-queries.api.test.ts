/**
 * Issue 25: the Reports tab and the audit log page by index, however many closed reports and log
 * entries pile up. EXPLAINed on PostgreSQL with enable_seqscan off: a Seq Scan on reports or
 * audit_log means no index can serve the query.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '@db/rows';
import { auditLog, reports } from '@db/schema';
import { listAudit } from '@server/modules/audit/audit.repository';
import { listOpenCases } from '@server/modules/moderation/moderation.repository';
import { insertTip } from '../content-fixtures';
import { type TestApp, createTestApp } from '../test-app';

describe.skipIf(process.env.WAYMARK_TEST_DB !== 'postgres')('moderation queries on PostgreSQL', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const author = await t.createMember('user', 'Author');
    const reporter = await t.createMember('user', 'Reporter');
    const tip = await insertTip(t.db, author.id);
    // 2,000 closed reports and 3 open ones; 2,000 log entries.
    await t.db.execute(sql`
      INSERT INTO ${reports} (reporter_id, tip_id, reason, outcome, resolved_at, created_at)
      SELECT ${reporter.id}::uuid, ${tip.id}::uuid, 'spam', 'dismissed', now(), now() - make_interval(secs => g)
      FROM generate_series(1, 2000) g`);
    await t.db.insert(reports).values({ reporterId: reporter.id, tipId: tip.id, reason: 'spam' });
    await t.db.insert(reports).values({ reporterId: author.id, memberId: reporter.id, reason: 'harassment' });
    await t.db.execute(sql`
      INSERT INTO ${auditLog} (action, target_type, created_at)
      SELECT 'role.change', 'member', now() - make_interval(secs => g) FROM generate_series(1, 2000) g`);
    await t.db.execute(sql`ANALYZE reports`);
    await t.db.execute(sql`ANALYZE audit_log`);
  });
  afterAll(() => t?.close());

  async function plan(query: { getSQL(): ReturnType<typeof sql> }): Promise<string> {
    return t.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const rows = await executeRows<{ 'QUERY PLAN': string }>(tx, sql`EXPLAIN ${query.getSQL()}`);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }

  it('the open cases walk the partial index of open reports, first page and after a cursor', async () => {
    for (const cursor of [null, { createdAt: '2099-01-01 00:00:00+00', id: '00000000-0000-4000-8000-000000000000' }]) {
      const text = await plan(listOpenCases(t.db, cursor, 20));
      expect(text).not.toMatch(/Seq Scan on reports/);
      expect(text).toMatch(/reports_open_created_idx/);
    }
  });

  it('the audit log pages newest first by its (created_at, id) index', async () => {
    for (const cursor of [null, { createdAt: '2099-01-01 00:00:00+00', id: 1_000_000 }]) {
      const text = await plan(listAudit(t.db, cursor, 30));
      expect(text).not.toMatch(/Seq Scan on audit_log/);
      expect(text).toMatch(/audit_log_created_idx/);
    }
  });
});
