/**
 * Issue 37, ADR 113: with REDIS_URL, two instances on one database count every rate limit in
 * Redis, so a guesser spreading guesses over both gets the budget of one: the account limits
 * checked in handlers and the per-IP limits of route settings alike. When Redis goes away, the
 * site stays up and each instance counts on its own (never unlimited); when it comes back, the
 * budget is shared again.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@common/texts';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { type TestRedis, startTestRedis } from '@server-test/redis-server';

const ACCOUNT_LIMIT = 3;
const RESET_LIMIT = 2;

let redis: TestRedis;
let a: TestApp;
let b: TestApp;
const prefix = `test-${randomBytes(4).toString('hex')}:`;

async function instancePair(redisUrl: string | undefined): Promise<[TestApp, TestApp]> {
  const options = {
    rateLimits: { signInUnknownDevice: ACCOUNT_LIMIT, passwordReset: RESET_LIMIT },
    env: redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix } : {},
  };
  const first = await createTestApp(options);
  const second = await createTestApp({ ...options, sharedDatabase: first.database });
  return [first, second];
}

let ipSeq = 0;
const newIp = () => `203.0.113.${(ipSeq += 1)}`;
const guess = (t: TestApp, email: string, ip = '198.51.100.7') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress: ip,
    headers: { 'x-waymark-csrf': '1' },
    payload: { email, password: 'not-the-password-1' },
  });
const resetRequest = (t: TestApp, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset/request',
    remoteAddress: ip,
    headers: { 'x-waymark-csrf': '1' },
    payload: { email: `someone-${randomBytes(3).toString('hex')}@example.com` },
  });

/** Guesses at one account's password, alternately on each instance; the status codes in order. */
async function guessesOnBoth(email: string, count: number): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < count; i += 1) codes.push((await guess(i % 2 === 0 ? a : b, email, newIp())).statusCode);
  return codes;
}

const exhausted = (count: number) => [
  ...Array<number>(ACCOUNT_LIMIT).fill(401),
  ...Array<number>(count - ACCOUNT_LIMIT).fill(429),
];

describe('rate limits shared through Redis', () => {
  beforeAll(async () => {
    redis = await startTestRedis();
    [a, b] = await instancePair(redis.url);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await redis?.stop();
  });

  it("counts an account's sign-ins on both instances against one budget", async () => {
    const member = await a.createMember('user', 'Guessed Gail');
    expect(await guessesOnBoth(member.email, ACCOUNT_LIMIT + 2)).toEqual(exhausted(ACCOUNT_LIMIT + 2));
    // The owner's right password is refused too while the budget is spent, on either instance.
    const owner = await b.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: newIp(),
      headers: { 'x-waymark-csrf': '1' },
      payload: { email: member.email, password: member.password },
    });
    expect(owner.statusCode).toBe(429);
  });

  it("counts a route's per-IP limit on both instances against one budget", async () => {
    const ip = newIp();
    expect((await resetRequest(a, ip)).statusCode).toBe(202);
    expect((await resetRequest(b, ip)).statusCode).toBe(202);
    const third = await resetRequest(a, ip);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ statusCode: 429, message: TEXTS.tooManyRequests });
    // Another address is not held back by it.
    expect((await resetRequest(b, newIp())).statusCode).toBe(202);
  });

  it('keeps its counters in Redis under the configured prefix, each with its window', async () => {
    const reader = new Redis(redis.url);
    try {
      const keys = await reader.keys('*');
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.every((key) => key.startsWith(`${prefix}limit:`))).toBe(true);
      for (const key of keys) expect(await reader.pttl(key)).toBeGreaterThan(0);
    } finally {
      reader.disconnect();
    }
  });

  it('stays up when Redis goes away, each instance counting on its own, and shares again when it is back', async () => {
    await redis.stop();
    const member = await a.createMember('user', 'Offline Otto');
    const started = performance.now();
    expect((await a.call('GET', '/api/health')).statusCode).toBe(200);
    // Never unlimited: each instance allows one budget of its own.
    const onA: number[] = [];
    for (let i = 0; i < ACCOUNT_LIMIT + 1; i += 1) onA.push((await guess(a, member.email, newIp())).statusCode);
    expect(onA).toEqual(exhausted(ACCOUNT_LIMIT + 1));
    expect((await guess(b, member.email, newIp())).statusCode).toBe(401);
    // No request waited for Redis.
    expect(performance.now() - started).toBeLessThan(5_000);

    await redis.start();
    const back = await a.createMember('user', 'Returning Rita');
    // ioredis reconnects by itself within a second.
    await expect.poll(() => [a.app.redis?.status, b.app.redis?.status], { timeout: 10_000 }).toEqual(['ready', 'ready']);
    expect(await guessesOnBoth(back.email, ACCOUNT_LIMIT + 1)).toEqual(exhausted(ACCOUNT_LIMIT + 1));
  });
});

describe('rate limits without Redis', () => {
  it('are counted by each instance on its own, as on one machine', async () => {
    [a, b] = await instancePair(undefined);
    try {
      const member = await a.createMember('user', 'Local Lou');
      // Alternating, each instance has seen only half the guesses.
      expect(await guessesOnBoth(member.email, ACCOUNT_LIMIT + 1)).toEqual(Array(ACCOUNT_LIMIT + 1).fill(401));
    } finally {
      await b.close();
      await a.close();
    }
  });

  it('start and count locally when REDIS_URL names a Redis that never answers', async () => {
    const started = performance.now();
    const [alone, other] = await instancePair('redis://127.0.0.1:1');
    try {
      expect(performance.now() - started).toBeLessThan(15_000);
      const member = await alone.createMember('user', 'Lonely Lee');
      const codes: number[] = [];
      for (let i = 0; i < ACCOUNT_LIMIT + 1; i += 1) codes.push((await guess(alone, member.email, newIp())).statusCode);
      expect(codes).toEqual(exhausted(ACCOUNT_LIMIT + 1));
    } finally {
      await other.close();
      await alone.close();
    }
  });
});
