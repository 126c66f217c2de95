/**
 * Two real server processes on one PostgreSQL database (docs/product.md#live-updates): an event caused through
 * process B reaches a stream open on process A, through LISTEN/NOTIFY. PostgreSQL only.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, databaseUrl, dropDatabase, withPgClient } from '@db/pg-admin';
import { type ServerProcess, freePort, startServerProcess } from '../../../../scripts/server-process';
import { type SseStream, openSse } from '@server-test/sse-test-client';

const onPostgres = process.env.WAYMARK_TEST_DB === 'postgres';
const ADMIN = { email: 'admin@waymark.test', password: 'admin-password-1' };

describe.skipIf(!onPostgres)('live events across two server processes', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `waymark_test_rt_${process.pid}_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'waymark-rt-'));
  const servers: ServerProcess[] = [];
  const streams: SseStream[] = [];
  let dbUrl = '';
  let baseA = '';
  let baseB = '';

  async function start(): Promise<string> {
    const port = await freePort();
    const server = await startServerProcess({
      port,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: dbUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
      },
    });
    servers.push(server);
    return server.base;
  }

  async function signUpMember(base: string, fullName: string) {
    const email = `${fullName.toLowerCase().replace(/\W+/g, '.')}-${Date.now()}@example.com`;
    const res = await fetch(`${base}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-waymark-csrf': '1' },
      body: JSON.stringify({ fullName, email, password: 'member-password-1' }),
    });
    if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
    const { id } = (await res.json()) as { id: string };
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => /session_token=./.test(c));
    if (!cookie) throw new Error('no session cookie');
    await withPgClient(dbUrl, (c) => c.query(`update user_roles set role = 'user' where user_id = $1`, [id]));
    return { id, cookie };
  }

  const post = (base: string, cookie: string, url: string, body: unknown) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-waymark-csrf': '1', cookie },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    await createDatabase(adminUrl, name);
    dbUrl = databaseUrl(adminUrl, name);
    // Both at once: the start-up lock makes them take turns migrating.
    [baseA, baseB] = await Promise.all([start(), start()]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(streams.map((s) => s.close()));
    await Promise.all(servers.map((server) => server.stop(5_000)));
    if (dbUrl) await dropDatabase(adminUrl, name);
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('delivers on process A the notification written through process B', async () => {
    const owner = await signUpMember(baseA, 'Olivia Owner');
    const fan = await signUpMember(baseB, 'Fiona Fan');

    const stream = await openSse(`${baseA}/api/events`, { cookie: owner.cookie });
    streams.push(stream);
    expect(stream.status).toBe(200);
    expect((await stream.next()).event).toBe('ready');

    const tip = await post(baseB, owner.cookie, '/api/tips', {
      title: 'Night market',
      country: 'France',
      city: 'Lyon',
      description: 'Go hungry.',
    });
    if (tip.status !== 201) throw new Error(`tip: ${tip.status} ${await tip.text()}`);
    const { id: tipId } = (await tip.json()) as { id: string };
    const like = await post(baseB, fan.cookie, '/api/likes/toggle', { contentType: 'tip', contentId: tipId });
    expect(like.status).toBe(200);

    const event = await stream.next(10_000);
    expect(event.event).toBe('notifications');
    expect(Number(event.id)).toBeGreaterThan(0);

    // And a system message written straight into the database reaches it too.
    await withPgClient(dbUrl, (c) => c.query(`insert into system_messages (title, content) values ('Hi', 'From elsewhere')`));
    expect((await stream.next(10_000)).event).toBe('system-messages');
  });

  it('ends on process A the stream of a session signed out through process B', async () => {
    const member = await signUpMember(baseA, 'Sid Signout');
    const stream = await openSse(`${baseA}/api/events`, { cookie: member.cookie });
    streams.push(stream);
    expect((await stream.next()).event).toBe('ready');
    const out = await post(baseB, member.cookie, '/api/auth/sign-out', {});
    expect(out.status).toBe(204);
    expect((await stream.next(10_000)).event).toBe('session-ended');
    await expect(stream.next(2_000)).rejects.toThrow('stream ended');
  });
});
