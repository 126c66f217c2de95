/**
 * Rows for issue 25's lists (the admin's Reports tab, audit log and Outbox jobs, a member's
 * Blocked members), at volumes a two-year-old community of this size would have piled up: the
 * benchmarks of those lists (bench/api/scenarios.ts) page through them. Each kind is written
 * once: a table already holding the bench's rows is left as it is, so a second run adds nothing.
 *
 * Member 1 (the benchmarks' member) takes no part: its 20 blocks (safety.ts) stay what the
 * Explore figures of docs/performance.md were measured with. The Blocked members scenario signs
 * in as heavyBlocker() instead.
 */
import type { DatabaseHandle } from '@db/client';
import { BENCH_ADMIN } from './target';
import { benchEmail } from './members';
import { bulk, rowsOf } from './bulk';
import { lit } from './sql-literals';
import type { DataSizeName } from './sizes';

export interface SafetyListSizes {
  /** Reports of tips, guides and members; `openShare` of them still open (the Reports tab). */
  reports: number;
  openShare: number;
  auditEntries: number;
  /** E-mail jobs, nearly all finished; none due, so the bench server's runner sends nothing. */
  jobs: number;
  /** Blocks between members other than member 1, and how many of them are the heavy blocker's. */
  blocks: number;
  heavyBlockerBlocks: number;
  /** Decisions that closed reports (the Handled view, issue 36): about one per closed thing. */
  decisions: number;
}

export const SAFETY_LIST_SIZES: Record<DataSizeName, SafetyListSizes> = {
  full: {
    reports: 30_000,
    openShare: 0.1,
    auditEntries: 50_000,
    jobs: 5_000,
    blocks: 20_000,
    heavyBlockerBlocks: 500,
    decisions: 20_000,
  },
  small: {
    reports: 1_500,
    openShare: 0.1,
    auditEntries: 2_500,
    jobs: 500,
    blocks: 400,
    heavyBlockerBlocks: 100,
    decisions: 1_000,
  },
};

/** The member whose Blocked members list the benchmark pages through: one from the middle of the list. */
export const heavyBlocker = (memberCount: number) => Math.floor(memberCount / 2);

const BENCH_MEMBERS = `SELECT row_number() OVER (ORDER BY id) AS n, id FROM users
  WHERE email LIKE 'member%@bench.waymark.test' AND email <> ${lit(benchEmail(1))}`;
const ADMIN = `(SELECT id FROM users WHERE email = ${lit(BENCH_ADMIN.email)})`;

async function isEmpty(handle: DatabaseHandle, query: string): Promise<boolean> {
  return (await rowsOf(handle, `${query} LIMIT 1`)).length === 0;
}

/**
 * Reported things: public tips (80 %), public guides and members, shuffled; the squared random
 * pick makes a few of them reported again and again. Closed reports spread over two years, the
 * open ones over the last 60 days. A repeat open report of one thing by one member is dropped
 * (the partial unique indexes), as the app counts it once.
 */
async function insertReports(handle: DatabaseHandle, s: SafetyListSizes): Promise<void> {
  const open = Math.round(s.reports * s.openShare);
  await bulk(
    handle,
    `CREATE TEMP TABLE bench_reporters ON COMMIT DROP AS ${BENCH_MEMBERS}`,
    `CREATE TEMP TABLE bench_reported ON COMMIT DROP AS
       SELECT row_number() OVER (ORDER BY hashtext(id::text)) AS n, * FROM (
         (SELECT id, 'tip' AS kind, user_id AS owner FROM tips WHERE visibility = 'public' ORDER BY hashtext(id::text) LIMIT ${Math.ceil(s.reports * 0.08)})
         UNION ALL (SELECT id, 'guide', user_id FROM guides WHERE visibility = 'public' ORDER BY hashtext(id::text) LIMIT ${Math.ceil(s.reports * 0.01)})
         UNION ALL (SELECT id, 'member', id FROM (${BENCH_MEMBERS}) m ORDER BY hashtext(id::text) LIMIT ${Math.ceil(s.reports * 0.01)})
       ) t`,
    `INSERT INTO reports (reporter_id, tip_id, guide_id, member_id, reason, details, outcome, resolved_by, resolved_at, created_at)
     SELECT r.id, CASE WHEN t.kind = 'tip' THEN t.id END, CASE WHEN t.kind = 'guide' THEN t.id END,
            CASE WHEN t.kind = 'member' THEN t.id END,
            (ARRAY['spam', 'spam', 'harassment', 'unsafe', 'wrong_information', 'other'])[1 + p.g % 6]::report_reason,
            CASE WHEN p.g % 6 = 5 THEN 'Looks like an advertisement for a tour company' END,
            CASE WHEN p.is_open THEN NULL WHEN t.kind = 'member' THEN (ARRAY['dismissed', 'suspended'])[1 + p.g % 2]
                 ELSE (ARRAY['dismissed', 'dismissed', 'hidden'])[1 + p.g % 3] END,
            CASE WHEN p.is_open THEN NULL ELSE ${ADMIN} END,
            CASE WHEN p.is_open THEN NULL ELSE p.at + interval '2 days' END,
            p.at
     FROM (SELECT g, g <= ${open} AS is_open,
                  1 + floor(random() * (SELECT count(*) FROM bench_reporters))::int AS reporter_n,
                  1 + floor(power(random(), 2) * (SELECT count(*) FROM bench_reported))::int AS target_n,
                  CASE WHEN g <= ${open} THEN now() - random() * interval '60 days'
                       ELSE now() - interval '62 days' - random() * interval '670 days' END AS at
           FROM generate_series(1, ${s.reports}) g) p
     JOIN bench_reporters r ON r.n = p.reporter_n
     JOIN bench_reported t ON t.n = p.target_n
     WHERE r.id <> t.owner
     ON CONFLICT DO NOTHING`,
  );
}

/** The admin's actions over two years, as the services write them (audit.repository.ts). */
async function insertAudit(handle: DatabaseHandle, s: SafetyListSizes): Promise<void> {
  const actions = `(ARRAY['report.dismiss', 'report.dismiss', 'tip.hide', 'member.suspend', 'invitation.approve', 'invitation.approve',
    'invitation.reject', 'role.change', 'activation.resend', 'message.create'])`;
  const targets = `(ARRAY['tip', 'tip', 'tip', 'member', 'invitation', 'invitation', 'invitation', 'member', 'activation', 'system_message'])`;
  await bulk(
    handle,
    `INSERT INTO audit_log (actor_id, actor_email, action, target_type, target_id, before, after, created_at)
     SELECT ${ADMIN}, ${lit(BENCH_ADMIN.email)}, ${actions}[1 + g % 10], ${targets}[1 + g % 10], gen_random_uuid()::text,
            CASE WHEN g % 10 = 7 THEN '{"role":"user"}'::jsonb WHEN g % 10 = 2 THEN '{"hiddenAt":null}'::jsonb END,
            CASE WHEN g % 10 = 7 THEN '{"role":"admin"}'::jsonb WHEN g % 10 = 2 THEN jsonb_build_object('hiddenAt', now()) END,
            now() - interval '730 days' * (1 - g::float8 / ${s.auditEntries}) - random() * interval '1 hour'
     FROM generate_series(1, ${s.auditEntries}) g`,
  );
}

/**
 * Notification e-mails and daily digests: 97 % sent, 2 % failed after five attempts, the rest
 * waiting or retrying tomorrow (not yet due: the bench server's runner must find nothing to send).
 */
async function insertJobs(handle: DatabaseHandle, s: SafetyListSizes): Promise<void> {
  await bulk(
    handle,
    `INSERT INTO jobs (kind, key, payload, run_at, attempts, last_error, finished_as, finished_at, created_at)
     SELECT CASE WHEN g % 4 = 0 THEN 'daily-digest' ELSE 'notification-email' END, 'bench:' || g,
            jsonb_build_object('notificationId', gen_random_uuid()),
            CASE WHEN b = 99 THEN now() + interval '1 day' ELSE at END,
            CASE WHEN b IN (97, 98) THEN 5 WHEN is_retrying THEN 2 WHEN b = 99 THEN 0 ELSE 1 END,
            CASE WHEN b IN (97, 98) OR is_retrying THEN 'connect ECONNREFUSED 127.0.0.1:25' END,
            CASE WHEN b < 97 THEN 'done' WHEN b < 99 THEN 'failed' END,
            CASE WHEN b < 99 THEN at + interval '3 seconds' END,
            at
     FROM (SELECT g, g % 100 AS b, g % 200 = 199 AS is_retrying,
                  now() - interval '365 days' * (1 - g::float8 / ${s.jobs}) AS at
           FROM generate_series(1, ${s.jobs}) g) j
     ON CONFLICT DO NOTHING`,
  );
}

const connected = (a: string, b: string) =>
  `EXISTS (SELECT 1 FROM connections c WHERE (c.requester_id = ${a} AND c.addressee_id = ${b})
     OR (c.requester_id = ${b} AND c.addressee_id = ${a}))`;

/**
 * Blocks between random members (none between connected ones: a block ends the connection), and
 * the heavy blocker's, one a day over the last `heavyBlockerBlocks` days.
 */
async function insertBlocks(handle: DatabaseHandle, s: SafetyListSizes, memberCount: number): Promise<void> {
  const heavy = `(SELECT id FROM users WHERE email = ${lit(benchEmail(heavyBlocker(memberCount)))})`;
  await bulk(
    handle,
    `CREATE TEMP TABLE bench_blockers ON COMMIT DROP AS ${BENCH_MEMBERS}`,
    `INSERT INTO blocks (blocker_id, blocked_id, created_at)
     SELECT ${heavy}, m.id, now() - (row_number() OVER (ORDER BY hashtext(m.id::text))) * interval '1 day'
     FROM bench_blockers m WHERE m.id <> ${heavy} AND NOT ${connected('m.id', heavy)}
     ORDER BY hashtext(m.id::text) LIMIT ${s.heavyBlockerBlocks}
     ON CONFLICT DO NOTHING`,
    `INSERT INTO blocks (blocker_id, blocked_id, created_at)
     SELECT a.id, b.id, p.at
     FROM (SELECT 1 + floor(power(random(), 2) * (SELECT count(*) FROM bench_blockers))::int AS a_n,
                  1 + floor(random() * (SELECT count(*) FROM bench_blockers))::int AS b_n,
                  now() - random() * interval '700 days' AS at
           FROM generate_series(1, ${s.blocks - s.heavyBlockerBlocks})) p
     JOIN bench_blockers a ON a.n = p.a_n JOIN bench_blockers b ON b.n = p.b_n
     WHERE a.id <> b.id AND NOT ${connected('a.id', 'b.id')}
     ON CONFLICT DO NOTHING`,
  );
}

/** The admin's decisions over two years, as moderation.service.ts writes them (ADR 106). */
async function insertDecisions(handle: DatabaseHandle, s: SafetyListSizes): Promise<void> {
  await bulk(
    handle,
    `INSERT INTO moderation_decisions (outcome, target_type, target_id, title, member_id, reason, note, moderator_id,
                                       report_count, report_reasons, created_at)
     SELECT (ARRAY['dismissed', 'dismissed', 'hidden', 'suspended', 'deleted'])[1 + g % 5],
            (ARRAY['tip', 'tip', 'tip', 'member', 'guide'])[1 + g % 5], gen_random_uuid(), 'Reported thing ' || g,
            m.id, (ARRAY['spam', 'harassment', 'unsafe', 'wrong_information', 'off_topic', 'other'])[1 + g % 6],
            CASE WHEN g % 6 = 5 THEN 'Advertising a tour company' END, ${ADMIN}, 1 + g % 3,
            ARRAY['spam']::text[], now() - interval '730 days' * (1 - g::float8 / ${s.decisions})
     FROM generate_series(1, ${s.decisions}) g
     JOIN (${BENCH_MEMBERS}) m ON m.n = 1 + g % 500`,
  );
}

export async function addSafetyListRows(handle: DatabaseHandle, size: DataSizeName, memberCount: number) {
  const s = SAFETY_LIST_SIZES[size];
  const heavy = benchEmail(heavyBlocker(memberCount));
  if (await isEmpty(handle, 'SELECT 1 FROM reports')) await insertReports(handle, s);
  if (await isEmpty(handle, `SELECT 1 FROM audit_log WHERE actor_email = ${lit(BENCH_ADMIN.email)}`))
    await insertAudit(handle, s);
  if (await isEmpty(handle, `SELECT 1 FROM jobs WHERE key LIKE 'bench:%'`)) await insertJobs(handle, s);
  const heavyBlocks = `SELECT 1 FROM blocks WHERE blocker_id = (SELECT id FROM users WHERE email = ${lit(heavy)})`;
  if (await isEmpty(handle, heavyBlocks)) await insertBlocks(handle, s, memberCount);
  if (await isEmpty(handle, 'SELECT 1 FROM moderation_decisions')) await insertDecisions(handle, s);
  await bulk(handle, 'ANALYZE reports', 'ANALYZE audit_log', 'ANALYZE jobs', 'ANALYZE blocks', 'ANALYZE moderation_decisions');
  const [counts] = await rowsOf<Record<string, string>>(
    handle,
    `SELECT (SELECT count(*) FROM reports) AS reports, (SELECT count(*) FROM reports WHERE resolved_at IS NULL) AS open_reports,
      (SELECT count(DISTINCT coalesce(tip_id, guide_id, member_id)) FROM reports WHERE resolved_at IS NULL) AS open_cases,
      (SELECT count(*) FROM audit_log) AS audit_entries, (SELECT count(*) FROM moderation_decisions) AS decisions, (SELECT count(*) FROM jobs) AS jobs,
      (SELECT count(*) FROM blocks) AS all_blocks, (${heavyBlocks.replace('SELECT 1', 'SELECT count(*)')}) AS heavy_blocker_blocks`,
  );
  return Object.fromEntries(Object.entries(counts ?? {}).map(([k, v]) => [k, Number(v)]));
}
