/**
 * Issue 37, ADR 080 and 118: "Download my data" on two instances on one database. A ticket is
 * valid on any instance (HMAC under the shared session secret); with Redis it opens one download
 * across both, without Redis (or while it is away) one per instance, never an error. Export
 * slots are each instance's own: an export on one does not take a slot of the other, and each
 * refuses past its own capacity; a member's second export is refused wherever it is started
 * (PostgreSQL's advisory lock, read at the start).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_EXPORT_TEXTS, type DataExportStart } from '@common/schemas/data-export';
import type { Tip } from '@common/schemas/tip';
import { tips } from '@db/schema';
import { eventually } from '@server-test/eventually';
import { type TestRedis, startTestRedis } from '@server-test/redis-server';
import { type TestApp, type TestAppOptions, createTestApp } from '@server-test/test-app';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

const onPostgres = process.env.WAYMARK_TEST_DB === 'postgres';
const prefix = `test-${randomBytes(4).toString('hex')}:`;
/** More than any socket buffer holds, so an export whose reader pauses keeps running. */
const BIG_BYTES = 24 * 1024 * 1024;

async function instancePair(options: TestAppOptions): Promise<[TestApp, TestApp]> {
  const first = await createTestApp(options);
  const second = await createTestApp({ ...options, sharedDatabase: first.database });
  return [first, second];
}

async function closeAll(...apps: (TestApp | undefined)[]) {
  for (const t of apps.reverse()) await t?.close();
}

/** POST /api/account/export on `t`: the download URL. */
async function ticketOn(t: TestApp, member: Member): Promise<string> {
  const res = await t.call('POST', '/api/account/export', { cookie: member.cookie });
  expect(res.statusCode).toBe(201);
  return res.json<DataExportStart>().url;
}

/** GET of a download URL on `t`: its status, after the whole answer. */
async function openOn(t: TestApp, member: Member, url: string): Promise<number> {
  return (await t.call('GET', url, { cookie: member.cookie })).statusCode;
}

describe('export tickets on two instances with Redis', () => {
  let redis: TestRedis;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    redis = await startTestRedis();
    [a, b] = await instancePair({ env: { REDIS_URL: redis.url, REDIS_KEY_PREFIX: prefix } });
  }, 60_000);
  afterAll(async () => {
    await closeAll(a, b);
    await redis?.stop();
  });

  it('a ticket issued by A opens the download on B, once: then neither instance opens it', async () => {
    const member = await a.createMember('user', 'Hopping Hana');
    const url = await ticketOn(a, member);
    expect(await openOn(b, member, url)).toBe(200);
    expect(await openOn(a, member, url)).toBe(404);
    expect(await openOn(b, member, url)).toBe(404);
  });

  it('and the reverse: a ticket opened on A is refused on B', async () => {
    const member = await b.createMember('user', 'Back Bo');
    const url = await ticketOn(b, member);
    expect(await openOn(a, member, url)).toBe(200);
    const again = await b.call('GET', url, { cookie: member.cookie });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: DATA_EXPORT_TEXTS.ticketGone });
  });

  it('records a used ticket in Redis under the prefix, until the ticket would have expired', async () => {
    const reader = new Redis(redis.url);
    try {
      const keys = await reader.keys(`${prefix}export-ticket:*`);
      expect(keys).toHaveLength(2);
      for (const key of keys) expect(await reader.pttl(key)).toBeGreaterThan(0);
      for (const key of keys) expect(await reader.pttl(key)).toBeLessThanOrEqual(60_000);
    } finally {
      reader.disconnect();
    }
  });

  it('Redis stopped mid-way: tickets still open, each instance refuses its own second use, no 5xx', async () => {
    await redis.stop();
    const member = await a.createMember('user', 'Outage Ola');
    const started = performance.now();
    const onA = await ticketOn(a, member);
    const onB = await ticketOn(b, member);
    expect(await openOn(b, member, onA)).toBe(200);
    expect(await openOn(b, member, onA)).toBe(404);
    expect(await openOn(a, member, onB)).toBe(200);
    expect(await openOn(a, member, onB)).toBe(404);
    // No request waited for Redis.
    expect(performance.now() - started).toBeLessThan(5_000);

    await redis.start();
    await expect.poll(() => [a.app.redis?.status, b.app.redis?.status], { timeout: 10_000 }).toEqual(['ready', 'ready']);
    const url = await ticketOn(a, member);
    expect(await openOn(a, member, url)).toBe(200);
    expect(await openOn(b, member, url)).toBe(404);
  }, 30_000);
});

describe('export tickets on two instances without Redis', () => {
  it('each instance refuses its own second use; a ticket is valid on either', async () => {
    const [a, b] = await instancePair({});
    try {
      const member = await a.createMember('user', 'Local Lin');
      const url = await ticketOn(a, member);
      expect(await openOn(b, member, url)).toBe(200);
      expect(await openOn(b, member, url)).toBe(404);
      // What Redis is for: without it, the other instance has not seen the ticket used.
      expect(await openOn(a, member, url)).toBe(200);
      expect(await openOn(a, member, url)).toBe(404);
    } finally {
      await closeAll(a, b);
    }
  });
});

describe('export slots on two instances', () => {
  let a: TestApp;
  let b: TestApp;
  const bases = new Map<TestApp, string>();

  beforeAll(async () => {
    // One export at a time per instance, so "full" is one running download.
    [a, b] = await instancePair({ dataExportCapacity: 1 });
    for (const t of [a, b]) {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      bases.set(t, `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`);
    }
  }, 60_000);
  afterAll(() => closeAll(a, b));

  /** A member with a large photo on `t`'s disk, so an export of theirs there can be held open. */
  async function memberWithBigPhoto(t: TestApp, name: string): Promise<Member> {
    const member = await t.createMember('user', name);
    const dir = path.join(t.config.dataDir, 'uploads', 'tip-photos', member.id);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'big.webp'), randomBytes(BIG_BYTES));
    const res = await t.call('POST', '/api/tips', {
      cookie: member.cookie,
      body: { title: 'Big photo', description: 'Large.', country: 'Portugal', city: 'Porto' },
    });
    await t.db
      .update(tips)
      .set({ photoUrls: [`/api/media/tip-photos/${member.id}/big.webp`] })
      .where(eq(tips.id, res.json<Tip>().id));
    return member;
  }

  /** Starts `member`'s export on `t` over a socket and stops reading: it runs until `end()`. */
  async function holdExport(t: TestApp, member: Member): Promise<{ end(): void }> {
    const url = await ticketOn(t, member);
    return new Promise((resolve, reject) => {
      const request = http.get(`${bases.get(t)}${url}`, { headers: { cookie: member.cookie } }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`the held export answered ${res.statusCode}`));
        res.once('data', () => {
          res.pause();
          resolve({ end: () => request.destroy() });
        });
      });
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    });
  }

  it("an export running on A takes none of B's slots; A alone is full", async () => {
    const holder = await memberWithBigPhoto(a, 'Holding Hal');
    const held = await holdExport(a, holder);
    try {
      const other = await a.createMember('user', 'Other Oona');
      const onA = await a.call('GET', await ticketOn(a, other), { cookie: other.cookie });
      expect(onA.statusCode).toBe(429);
      expect(onA.json()).toMatchObject({ message: DATA_EXPORT_TEXTS.serverBusy });
      expect(await openOn(b, other, await ticketOn(b, other))).toBe(200);
    } finally {
      held.end();
    }
  }, 60_000);

  it("B's capacity refusal is its own: B full refuses (429) while A serves", async () => {
    const holder = await memberWithBigPhoto(b, 'Busy Bea');
    const held = await holdExport(b, holder);
    try {
      const other = await a.createMember('user', 'Patient Pia');
      const onB = await b.call('GET', await ticketOn(b, other), { cookie: other.cookie });
      expect(onB.statusCode).toBe(429);
      expect(onB.json()).toMatchObject({ message: DATA_EXPORT_TEXTS.serverBusy });
      // A's slot is free again once its held export above has ended.
      await eventually(async () => expect(await openOn(a, other, await ticketOn(a, other))).toBe(200), 10_000);
    } finally {
      held.end();
    }
    await eventually(async () => expect(await openOn(b, holder, await ticketOn(b, holder))).toBe(200), 10_000);
  }, 60_000);

  // PGlite is one process's database: two instances cannot share it outside a test, and it has
  // no snapshot lock to read.
  it.skipIf(!onPostgres)(
    "a member's export running on A: starting another on B is refused at the start (409)",
    async () => {
      const member = await memberWithBigPhoto(a, 'Twice Tove');
      const early = await ticketOn(b, member);
      const held = await holdExport(a, member);
      try {
        const again = await b.call('POST', '/api/account/export', { cookie: member.cookie });
        expect(again.statusCode).toBe(409);
        expect(again.json()).toMatchObject({ message: DATA_EXPORT_TEXTS.alreadyRunning });
        // A ticket taken before the export began is refused by the lock when it is opened.
        expect(await openOn(b, member, early)).toBe(409);
      } finally {
        held.end();
      }
      await eventually(async () => expect(await openOn(b, member, await ticketOn(b, member))).toBe(200), 10_000);
    },
    60_000,
  );
});
