/**
 * Two real server processes on one PostgreSQL database, each with its job runner, and a real SMTP
 * sink (issue 25, ADR 091): every member who was away yesterday gets exactly one digest, though
 * both processes plan and claim at the same time. PostgreSQL only.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, databaseUrl, dropDatabase, withPgClient } from '@db/pg-admin';
import { eventually } from '@server-test/eventually';
import { type SmtpSink, startSmtpSink } from '@server-test/smtp-sink';
import { type ServerProcess, startServer } from '@server-test/faults/server-process';

const onPostgres = process.env.WAYMARK_TEST_DB === 'postgres';
const MEMBERS = 4;

describe.skipIf(!onPostgres)('daily digests from two server processes', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `waymark_test_digest_${process.pid}_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'waymark-digest-'));
  const servers: ServerProcess[] = [];
  const members: { id: string; email: string }[] = [];
  let sink: SmtpSink;
  let dbUrl = '';

  async function start(): Promise<ServerProcess> {
    const server = await startServer({
      databaseUrl: dbUrl,
      dataDir,
      env: {
        SMTP_URL: sink.url,
        MAIL_FROM: 'Waymark <no-reply@waymark.test>',
        JOBS_POLL_INTERVAL_MS: '100',
        DIGEST_HOUR_UTC: '0',
      },
    });
    servers.push(server);
    return server;
  }

  async function signUp(base: string, i: number) {
    const email = `away-${i}-${Date.now()}@example.com`;
    const res = await fetch(`${base}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-waymark-csrf': '1' },
      body: JSON.stringify({ fullName: `Away Member ${i}`, email, password: 'member-password-1' }),
    });
    if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
    return { id: ((await res.json()) as { id: string }).id, email };
  }

  beforeAll(async () => {
    sink = await startSmtpSink();
    await createDatabase(adminUrl, name);
    dbUrl = databaseUrl(adminUrl, name);

    // A first process migrates and signs the members up; it stops before the day's digests are planned for them.
    const setup = await start();
    for (let i = 0; i < MEMBERS; i += 1) members.push(await signUp(setup.base, i));
    await setup.stop(5_000);
    servers.length = 0;
    await withPgClient(dbUrl, async (c) => {
      const ids = members.map((m) => m.id);
      await c.query(`update user_roles set role = 'user' where user_id = any($1)`, [ids]);
      await c.query(
        `update sessions set last_seen_at = date_trunc('day', now() at time zone 'utc') at time zone 'utc' - interval '2 days' where user_id = any($1)`,
        [ids],
      );
      await c.query(`delete from jobs`);
      for (const id of ids) {
        for (let n = 0; n < 3; n += 1) {
          await c.query(
            `insert into notifications (user_id, type, content, created_at)
             values ($1, 'like', $2, date_trunc('day', now() at time zone 'utc') at time zone 'utc' - interval '12 hours')`,
            [id, `Someone liked your tip ${n}`],
          );
        }
      }
    });
    // Both at once: they plan and claim the same day's digests at the same moment.
    await Promise.all([start(), start()]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop(5_000)));
    if (dbUrl) await dropDatabase(adminUrl, name);
    await sink?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('sends exactly one digest to each member, with the unsubscribe headers', async () => {
    await eventually(async () => {
      const { rows } = await withPgClient(dbUrl, (c) =>
        c.query<{ open: string }>(
          `select count(*) filter (where finished_at is null) as open, count(*) as all from jobs where kind = 'daily-digest'`,
        ),
      );
      expect(Number(rows[0]!.open)).toBe(0);
      expect(sink.received.length).toBeGreaterThanOrEqual(MEMBERS);
    }, 30_000);
    // A few more passes of both runners: nothing more arrives.
    await new Promise((r) => setTimeout(r, 1_000));
    for (const member of members) {
      const mails = sink.received.filter((m) => m.to.includes(member.email));
      expect(mails).toHaveLength(1);
      // The head with folded lines joined (RFC 5322).
      const head = mails[0]!.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
      expect(head).toMatch(/^Subject: Your Waymark digest for \d{4}-\d{2}-\d{2}/m);
      expect(head).toMatch(/^List-Unsubscribe: <http:\/\/127\.0\.0\.1:\d+\/api\/unsubscribe\?token=/m);
      expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    }
    expect(sink.received).toHaveLength(MEMBERS);
    const { rows } = await withPgClient(dbUrl, (c) =>
      c.query<{ finished_as: string; attempts: number }>(`select finished_as, attempts from jobs where kind = 'daily-digest'`),
    );
    expect(rows).toHaveLength(MEMBERS);
    expect(rows.every((r) => r.finished_as === 'done' && Number(r.attempts) === 1)).toBe(true);
  });
});
