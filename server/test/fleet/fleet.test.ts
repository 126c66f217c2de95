/**
 * Issue 37, ADR 117: a fleet of real processes. HAProxy (deploy/haproxy.cfg.template) in front of
 * two Waymark server processes on one PostgreSQL database, one Redis and one S3-compatible bucket
 * (s3rver). All traffic goes through the proxy over HTTP unless a check needs one instance. One
 * run per `npm test`, only with TEST_DATABASE_URL (and Debian's haproxy, which scripts/test.ts
 * installs).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '@db/client';
import { createDatabase, databaseUrl, dropDatabase } from '@db/pg-admin';
import { executeRows } from '@db/rows';
import { type SseStream, openSse } from '@server-test/sse-test-client';
import { multipart, pngImage } from '@server-test/test-uploads';
import { type ServerProcess, freePort, startServerProcess } from '../../../scripts/server-process';
import { likeCounterDrift, mapCellDrift } from '../fuzz/db-invariants';
import { type TestRedis, redisAnswers, startTestRedis } from '../redis-server';
import { type TestS3, startTestS3 } from '../s3-server';
import { HAPROXY, type Haproxy, call, requestsServed, sessionCookieOf, startHaproxy } from './fleet-harness';

const adminUrl = process.env.TEST_DATABASE_URL ?? '';
const sharedRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const missing = [!adminUrl && 'TEST_DATABASE_URL', !existsSync(HAPROXY) && HAPROXY].filter(Boolean).join(' and ');

const ADMIN = { email: 'admin@fleet.test', password: 'admin-password-1' };
const PASSWORD = 'member-password-1';
const METRICS_TOKEN = randomBytes(16).toString('hex');
const ACCOUNT_LIMIT = 5;
const DRAIN_MS = 3_000;

interface Member {
  id: string;
  email: string;
  cookie: string;
}

describe.skipIf(missing !== '')(`a fleet behind HAProxy${missing ? ` (skipped: needs ${missing})` : ''}`, () => {
  const name = `waymark_fleet_${process.pid}_${randomBytes(4).toString('hex')}`;
  const prefix = `fleet-${randomBytes(4).toString('hex')}:`;
  let tmp = '';
  const started: ServerProcess[] = [];
  const streams: SseStream[] = [];
  const servers: { a?: ServerProcess; b?: ServerProcess } = {};
  const ports = { a: 0, b: 0 };
  let dbUrl = '';
  let s3: TestS3 | undefined;
  let proxy: Haproxy | undefined;
  let database: DatabaseHandle | undefined;
  let redisUrl = sharedRedisUrl;
  let ownRedis: TestRedis | undefined;
  let adminCookie = '';
  let png: Buffer;

  const base = () => proxy!.base;

  async function startInstance(which: 'a' | 'b'): Promise<ServerProcess> {
    const port = ports[which];
    const server = await startServerProcess({
      port,
      healthTimeoutMs: 90_000,
      outputLimit: 20_000,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(tmp, `data-${which}`),
        DATABASE_URL: dbUrl,
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: prefix,
        ...s3!.env,
        TRUST_PROXY: 'true',
        SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
        METRICS_TOKEN,
        PUBLIC_URL: base(),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_SIGN_IN_UNKNOWN_DEVICE: String(ACCOUNT_LIMIT),
        RATE_LIMIT_SIGN_IN: '1000',
        RATE_LIMIT_SIGN_UP: '1000',
        RATE_LIMIT_UPLOADS: '1000',
      },
    });
    started.push(server);
    servers[which] = server;
    return server;
  }

  /** Until HAProxy's `ready` backend has exactly these servers up. */
  async function waitForReady(up: ('a' | 'b')[]) {
    const deadline = Date.now() + 15_000;
    let seen: Record<string, string> = {};
    while (Date.now() < deadline) {
      seen = await proxy!.states('ready');
      if (
        Object.keys(seen)
          .filter((s) => seen[s] === 'UP')
          .join() === up.join()
      )
        return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`HAProxy's ready backend: ${JSON.stringify(seen)}, expected ${up.join()} up`);
  }

  async function signUp(fullName: string): Promise<Member> {
    const email = `${fullName.toLowerCase().replace(/\W+/g, '.')}-${randomBytes(3).toString('hex')}@example.com`;
    const res = await call(base(), 'POST', '/api/auth/sign-up', { body: { fullName, email, password: PASSWORD } });
    if (res.status !== 201) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
    const { id } = (await res.json()) as { id: string };
    const cookie = sessionCookieOf(res);
    // The admin lets the new account in, as the admin pages do.
    const role = await call(base(), 'PATCH', `/api/admin/users/${id}/role`, { cookie: adminCookie, body: { role: 'user' } });
    if (role.status !== 200) throw new Error(`role: ${role.status} ${await role.text()}`);
    return { id, email, cookie };
  }

  async function uploadPhotos(at: string, member: Member, count: number): Promise<Response> {
    const { body, headers } = multipart(
      Array.from({ length: count }, () => ({ data: png, filename: 'p.png', contentType: 'image/png' })),
    );
    return call(at, 'POST', '/api/uploads/tip-photos', { cookie: member.cookie, raw: body, headers });
  }

  async function createTip(at: string, member: Member, title: string, photoUrls: string[]): Promise<Response> {
    return call(at, 'POST', '/api/tips', {
      cookie: member.cookie,
      body: { title, country: 'France', city: 'Lyon', description: 'Go hungry.', photoUrls },
    });
  }

  async function tipWithPhotos(at: string, member: Member, title: string): Promise<{ id: string; photoUrls: string[] }> {
    const up = await uploadPhotos(at, member, 2);
    if (up.status !== 201) throw new Error(`upload: ${up.status} ${await up.text()}`);
    const { urls } = (await up.json()) as { urls: string[] };
    const tip = await createTip(at, member, title, urls);
    if (tip.status !== 201) throw new Error(`tip: ${tip.status} ${await tip.text()}`);
    return { id: ((await tip.json()) as { id: string }).id, photoUrls: urls };
  }

  /** Reads a stream until it fails: the error's message. */
  async function endOf(stream: SseStream): Promise<string> {
    for (;;) {
      try {
        await stream.next(5_000);
      } catch (error) {
        return (error as Error).message;
      }
    }
  }

  const like = (at: string, member: Member, tipId: string) =>
    call(at, 'POST', '/api/likes/toggle', { cookie: member.cookie, body: { contentType: 'tip', contentId: tipId } });

  const rows = <T>(query: SQL) => executeRows<T>(database!.db, query);

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'waymark-fleet-'));
    // The machine's Redis, under a prefix of this run's; a redis-server of the test's own when
    // none answers there (and TEST_REDIS_URL does not name one).
    if (!(await redisAnswers(sharedRedisUrl))) {
      if (process.env.TEST_REDIS_URL) throw new Error(`no Redis answers at TEST_REDIS_URL ${sharedRedisUrl}`);
      ownRedis = await startTestRedis();
      redisUrl = ownRedis.url;
    }
    png = await pngImage(48, 32);
    s3 = await startTestS3(`fleet-${randomBytes(3).toString('hex')}`);
    await createDatabase(adminUrl, name);
    dbUrl = databaseUrl(adminUrl, name);
    database = await openDatabase({ kind: 'postgres', url: dbUrl, poolSize: 2 });
    [ports.a, ports.b] = [await freePort(), await freePort()];
    proxy = await startHaproxy({
      port: await freePort(),
      statsPort: await freePort(),
      servers: { a: ports.a, b: ports.b },
      configFile: path.join(tmp, 'haproxy.cfg'),
    });
    // Both at once: the start-up lock makes them take turns migrating.
    await Promise.all([startInstance('a'), startInstance('b')]);
    await waitForReady(['a', 'b']);
    const res = await call(base(), 'POST', '/api/auth/sign-in', { body: ADMIN });
    if (res.status !== 200) throw new Error(`admin sign-in: ${res.status} ${await res.text()}`);
    adminCookie = sessionCookieOf(res);
  }, 150_000);

  afterAll(async () => {
    await Promise.allSettled(streams.map((s) => s.close()));
    await proxy?.stop().catch(() => undefined);
    await Promise.allSettled(started.map((server) => server.stop(5_000)));
    await database?.close().catch(() => undefined);
    if (dbUrl) await dropDatabase(adminUrl, name).catch(() => undefined);
    await s3?.close().catch(() => undefined);
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    redis.on('error', () => undefined);
    try {
      await redis.connect();
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    } catch {
      // Keys expire by themselves.
    } finally {
      redis.disconnect();
    }
    await ownRedis?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }, 60_000);

  it('serves members through the proxy from both instances: sign-up, photos, tips, likes, connections', async () => {
    const postsBefore = await Promise.all(
      [servers.a!, servers.b!].map((s) => requestsServed(s.base, METRICS_TOKEN, { method: 'POST' })),
    );
    const [ana, ben, cleo] = [await signUp('Ana Fleet'), await signUp('Ben Fleet'), await signUp('Cleo Fleet')];
    const tips = [await tipWithPhotos(base(), ana, 'Night market'), await tipWithPhotos(base(), ben, 'River walk')];
    // Every photo is in the bucket whichever instance took it.
    const keys = await s3!.keys();
    for (const url of tips.flatMap((t) => t.photoUrls)) expect(keys).toContain(url.replace('/api/media/', ''));
    // And each instance serves every photo.
    for (const server of [servers.a!, servers.b!]) {
      const photo = await call(server.base, 'GET', tips[0]!.photoUrls[0]!, { cookie: cleo.cookie });
      expect(photo.status).toBe(200);
    }

    for (const member of [ben, cleo]) expect((await like(base(), member, tips[0]!.id)).status).toBe(200);
    const [tip] = await rows<{ likes_count: number }>(sql`select likes_count from tips where id = ${tips[0]!.id}`);
    expect(tip?.likes_count).toBe(2);

    const request = await call(base(), 'POST', '/api/connections', { cookie: ana.cookie, body: { addresseeId: cleo.id } });
    expect(request.status).toBe(201);
    const { id: connectionId } = (await request.json()) as { id: string };
    expect((await call(base(), 'POST', `/api/connections/${connectionId}/accept`, { cookie: cleo.cookie })).status).toBe(200);
    const mine = await call(base(), 'GET', '/api/connections', { cookie: ana.cookie });
    expect(mine.status).toBe(200);
    expect(JSON.stringify(await mine.json())).toContain(cleo.id);

    // Round robin: both instances answered some of those writes.
    const postsAfter = await Promise.all(
      [servers.a!, servers.b!].map((s) => requestsServed(s.base, METRICS_TOKEN, { method: 'POST' })),
    );
    expect(postsAfter[0]! - postsBefore[0]!).toBeGreaterThan(0);
    expect(postsAfter[1]! - postsBefore[1]!).toBeGreaterThan(0);
  });

  it('delivers on instance A a live notification caused through instance B', async () => {
    const [owner, fan] = [await signUp('Olivia Owner'), await signUp('Fiona Fan')];
    const stream = await openSse(`${servers.a!.base}/api/events`, { cookie: owner.cookie });
    streams.push(stream);
    expect(stream.status).toBe(200);
    expect((await stream.next(10_000)).event).toBe('ready');
    const tip = await tipWithPhotos(servers.b!.base, owner, 'Old town');
    expect((await like(servers.b!.base, fan, tip.id)).status).toBe(200);
    expect((await stream.next(10_000)).event).toBe('notifications');
  });

  it("counts one account's sign-in guesses on both instances against one limit", async () => {
    const target = await signUp('Guessed Gail');
    const signIns = (s: ServerProcess) => requestsServed(s.base, METRICS_TOKEN, { method: 'POST', route: '/api/auth/sign-in' });
    const before = await Promise.all([signIns(servers.a!), signIns(servers.b!)]);
    const codes: number[] = [];
    for (let i = 0; i < ACCOUNT_LIMIT + 3; i += 1) {
      // Each guess from another address (X-Forwarded-For, TRUST_PROXY): only the account limit applies.
      const res = await call(base(), 'POST', '/api/auth/sign-in', {
        body: { email: target.email, password: 'not-the-password-1' },
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      codes.push(res.status);
    }
    expect(codes).toEqual([...Array<number>(ACCOUNT_LIMIT).fill(401), ...Array<number>(3).fill(429)]);
    const after = await Promise.all([signIns(servers.a!), signIns(servers.b!)]);
    // The guesses were spread over both instances.
    expect(after[0] - before[0]).toBeGreaterThan(0);
    expect(after[1] - before[1]).toBeGreaterThan(0);
    // The right password is refused too while the budget is spent.
    const owner = await call(base(), 'POST', '/api/auth/sign-in', {
      body: { email: target.email, password: PASSWORD },
      headers: { 'x-forwarded-for': '198.51.100.99' },
    });
    expect(owner.status).toBe(429);
  });

  it('loses no acknowledged write when an instance is killed mid-traffic, and recovers', async () => {
    const workers = [await signUp('Kai Kill'), await signUp('Lia Kill'), await signUp('Max Kill')];
    const watched = await signUp('Wes Watch');
    const watchedTip = await tipWithPhotos(base(), watched, 'Watched tip');
    // A live stream on the instance about to die.
    const doomed = await openSse(`${servers.b!.base}/api/events`, { cookie: watched.cookie });
    streams.push(doomed);
    expect((await doomed.next(10_000)).event).toBe('ready');

    const createdTips: { id: string; photoUrls: string[] }[] = [];
    const acknowledgedLikes: { userId: string; tipId: string }[] = [];
    const statuses: number[] = [];
    let stop = false;
    const work = async (member: Member, index: number) => {
      const liked = new Set<string>();
      for (let round = 0; !stop; round += 1) {
        try {
          const up = await uploadPhotos(base(), member, 1);
          statuses.push(up.status);
          if (up.status === 201) {
            const { urls } = (await up.json()) as { urls: string[] };
            const tip = await createTip(base(), member, `Kill ${index}-${round}`, urls);
            statuses.push(tip.status);
            if (tip.status === 201) createdTips.push({ id: ((await tip.json()) as { id: string }).id, photoUrls: urls });
          }
          const other = [watchedTip, ...createdTips].find((t) => !liked.has(t.id) && !t.photoUrls[0]?.includes(member.id));
          if (other) {
            liked.add(other.id);
            const res = await like(base(), member, other.id);
            statuses.push(res.status);
            if (res.status === 200 && ((await res.json()) as { liked: boolean }).liked)
              acknowledgedLikes.push({ userId: member.id, tipId: other.id });
          }
        } catch {
          // A connection cut by the kill: not acknowledged, nothing to check.
          statuses.push(0);
        }
      }
    };
    const traffic = Promise.all(workers.map(work));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const acknowledgedBeforeKill = createdTips.length;
    servers.b!.child.kill('SIGKILL');
    expect((await servers.b!.exited).signal).toBe('SIGKILL');
    // Notifications of the likes may come first; then the stream ends.
    expect(await endOf(doomed)).toBe('stream ended');
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const restarting = startInstance('b');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    stop = true;
    await traffic;
    await restarting;
    await waitForReady(['a', 'b']);

    expect(acknowledgedBeforeKill).toBeGreaterThan(0);
    // Only the requests the kill cut short failed: 502 from HAProxy, or the connection closed.
    expect(statuses.filter((status) => ![200, 201, 502, 0].includes(status))).toEqual([]);
    // Writes went on through the proxy while B was down.
    expect(createdTips.length).toBeGreaterThan(acknowledgedBeforeKill);

    // Every acknowledged write is in the database, as acknowledged.
    const stored = await rows<{ id: string; photo_urls: string[] }>(sql`select id, photo_urls from tips`);
    const byId = new Map(stored.map((t) => [t.id, t.photo_urls]));
    for (const tip of createdTips) expect(byId.get(tip.id), tip.id).toEqual(tip.photoUrls);
    const likes = await rows<{ user_id: string; tip_id: string }>(sql`select user_id, tip_id from likes`);
    const likeKeys = new Set(likes.map((l) => `${l.user_id}/${l.tip_id}`));
    for (const l of acknowledgedLikes) expect(likeKeys.has(`${l.userId}/${l.tipId}`), JSON.stringify(l)).toBe(true);

    // No tip, guide or profile names a photo the bucket lacks.
    const referenced = await rows<{ url: string }>(sql`
      select unnest(photo_urls) as url from tips
      union select unnest(photo_urls) from guides
      union select profile_picture_url from profiles where profile_picture_url is not null`);
    const keys = new Set(await s3!.keys());
    const missingPhotos = referenced.map((r) => r.url).filter((url) => !keys.has(url.replace('/api/media/', '')));
    expect(missingPhotos).toEqual([]);

    // Counters equal their recounts.
    expect(await likeCounterDrift({ database: database! })).toEqual([]);
    expect(await mapCellDrift({ database: database! })).toEqual([]);

    // The watched member's live stream reconnects (through the proxy) and gets new events.
    const again = await openSse(`${base()}/api/events`, { cookie: watched.cookie });
    streams.push(again);
    expect(again.status).toBe(200);
    expect((await again.next(10_000)).event).toBe('ready');
    const fresh = await tipWithPhotos(base(), watched, 'After the crash');
    expect((await like(base(), workers[0]!, fresh.id)).status).toBe(200);
    let event = await again.next(10_000);
    // Missed notifications may come first; a new one follows.
    while (event.event !== 'notifications') event = await again.next(10_000);
    expect(event.event).toBe('notifications');
  });

  it('drains an instance on SIGTERM: /api/ready turns 503 before it stops, traffic keeps succeeding', async () => {
    const member = await signUp('Dana Drain');
    const b = servers.b!;
    const failures: string[] = [];
    let ok = 0;
    let stop = false;
    const traffic = (async () => {
      for (let round = 0; !stop; round += 1) {
        try {
          const res =
            round % 2 === 0
              ? await createTip(base(), member, `Drain ${round}`, [])
              : await call(base(), 'GET', '/api/connections', { cookie: member.cookie });
          if (res.status >= 200 && res.status < 300) ok += 1;
          else failures.push(`${res.status} ${await res.text()}`);
        } catch (error) {
          failures.push(String(error));
        }
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 500));

    b.child.kill('SIGTERM');
    const readiness: number[] = [];
    let exitedAt = 0;
    void b.exited.then(() => (exitedAt = Date.now()));
    let notReadyAt = 0;
    while (!exitedAt) {
      try {
        const status = (await fetch(`${b.base}/api/ready`)).status;
        readiness.push(status);
        if (status === 503 && !notReadyAt) notReadyAt = Date.now();
      } catch {
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const exit = await b.exited;
    await new Promise((resolve) => setTimeout(resolve, 500));
    stop = true;
    await traffic;

    expect(exit.code).toBe(0);
    expect(readiness).toContain(503);
    expect(notReadyAt).toBeGreaterThan(0);
    expect(failures).toEqual([]);
    expect(ok).toBeGreaterThan(5);
    expect(Object.values(await proxy!.states('ready'))).toContain('DOWN');
  });
});
