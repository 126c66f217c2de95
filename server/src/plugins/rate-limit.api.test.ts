/**
 * The rate limits with their production numbers (at least as strict as Mastodon's, issue 6):
 * each is driven until the 429, and the refused call must have written nothing.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEXTS } from '@common/texts';
import { isVariantName } from '@common/media-url';
import { invitationRequests, users } from '@db/schema';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { loadConfig } from '../config/env';
import { multipart, pngImage } from '@server-test/test-uploads';

const DEFAULTS = loadConfig({}).rateLimits;
const tooMany = { statusCode: 429, error: 'Too Many Requests', message: TEXTS.tooManyRequests, code: 'rate_limited' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: DEFAULTS });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

let seq = 0;
const unique = (label: string) => `${label}-${(seq += 1)}-${Date.now()}@example.com`;

/** A POST as the web client sends it, from the client address `ip`. */
function postFrom(ip: string, url: string, payload: object | Buffer, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, remoteAddress: ip, headers: { 'x-waymark-csrf': '1', ...headers }, payload });
}

it('uses at least Mastodon-strict numbers by default', () => {
  expect(DEFAULTS).toEqual({
    signIn: 25,
    signInUnknownDevice: 10,
    signUp: 5,
    invitationRequest: 5,
    uploads: 30,
    sharedLinks: 600,
    passwordReset: 10,
    passwordResetAccount: 3,
    twoFactor: 10,
    dataExports: 3,
  });
});

describe('sign-in: 25 per 5 minutes', () => {
  it('per IP, even with the right password, and again after the window', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const member = await t.createMember('user');
    const ip = '203.0.113.20';
    for (let i = 0; i < 25; i += 1) {
      const res = await postFrom(ip, '/api/auth/sign-in', { email: unique('nobody'), password: 'wrong-guess' });
      expect(res.statusCode).toBe(401);
    }
    const refused = await postFrom(ip, '/api/auth/sign-in', { email: member.email, password: member.password });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(tooMany);
    expect(refused.cookies.filter((c) => c.value)).toHaveLength(0);
    // X-Forwarded-For is not believed (TRUST_PROXY off), so it can't get round the limit.
    const spoofed = await postFrom(
      ip,
      '/api/auth/sign-in',
      { email: member.email, password: member.password },
      { 'x-forwarded-for': '198.51.100.9' },
    );
    expect(spoofed.statusCode).toBe(429);
    expect(
      (await postFrom('203.0.113.21', '/api/auth/sign-in', { email: member.email, password: member.password })).statusCode,
    ).toBe(200);
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1_000);
    expect((await postFrom(ip, '/api/auth/sign-in', { email: member.email, password: member.password })).statusCode).toBe(200);
  });

  // Browsers without the account's known-device cookie share one stricter budget (ADR 107); the
  // owner's known browsers keep theirs (password-limits.api.test.ts).
  it('per account for unknown browsers, from any number of IPs, whatever the e-mail case', async () => {
    const member = await t.createMember('user');
    for (let i = 0; i < DEFAULTS.signInUnknownDevice; i += 1) {
      const email = i % 2 === 0 ? member.email : member.email.toUpperCase();
      const res = await postFrom(`198.51.100.${i + 1}`, '/api/auth/sign-in', { email, password: 'wrong-guess' });
      expect(res.statusCode).toBe(401);
    }
    const refused = await postFrom('198.51.100.200', '/api/auth/sign-in', { email: member.email, password: member.password });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(tooMany);
    const other = await t.createMember('user');
    expect(
      (await postFrom('198.51.100.200', '/api/auth/sign-in', { email: other.email, password: other.password })).statusCode,
    ).toBe(200);
  });
});

describe('sign-ups and invitation requests: 5 per 30 minutes and IP', () => {
  it('refuses the sixth sign-up and creates no account', async () => {
    const ip = '203.0.113.30';
    for (let i = 0; i < 5; i += 1) {
      const res = await postFrom(ip, '/api/auth/sign-up', {
        fullName: 'Rate Limited',
        email: unique('signup'),
        password: 'secret-pass',
      });
      expect(res.statusCode).toBe(201);
    }
    const email = unique('signup');
    const refused = await postFrom(ip, '/api/auth/sign-up', { fullName: 'Rate Limited', email, password: 'secret-pass' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(tooMany);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('refuses the sixth invitation request and stores nothing, until 30 minutes have passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const ip = '203.0.113.40';
    const request = () => ({
      fullName: 'Jo Wanderer',
      email: unique('invite'),
      country: 'Portugal',
      howDidYouKnow: 'friend_family',
      aboutYourself: 'I travel slowly through small towns and love sharing where to eat.',
    });
    for (let i = 0; i < 5; i += 1) expect((await postFrom(ip, '/api/invitations', request())).statusCode).toBe(201);
    const body = request();
    const refused = await postFrom(ip, '/api/invitations', body);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(tooMany);
    const stored = () =>
      t.db
        .select()
        .from(invitationRequests)
        .where(sql`lower(${invitationRequests.email}) = ${body.email}`);
    expect(await stored()).toHaveLength(0);
    vi.setSystemTime(Date.now() + 29 * 60_000);
    expect((await postFrom(ip, '/api/invitations', body)).statusCode).toBe(429);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    expect((await postFrom(ip, '/api/invitations', body)).statusCode).toBe(201);
    expect(await stored()).toHaveLength(1);
  });
});

describe('photo uploads: 30 files per 30 minutes and member', () => {
  it('counts files across the upload routes; the refused upload stores nothing', async () => {
    const member = await t.createMember('user');
    const png = await pngImage();
    const files = (n: number) => Array.from({ length: n }, () => ({ data: png, filename: 'a.png', contentType: 'image/png' }));
    const send = (url: string, n: number, field?: string) => {
      const { body, headers } = multipart(files(n).map((f) => ({ ...f, field })));
      return t.call('POST', url, { cookie: member.cookie, body, headers });
    };
    for (let i = 0; i < 5; i += 1) expect((await send('/api/uploads/tip-photos', 5)).statusCode).toBe(201);
    expect((await send('/api/uploads/guide-photos', 4)).statusCode).toBe(201);
    expect((await send('/api/profiles/me/avatar', 1, 'avatar')).statusCode).toBe(200);
    const storedFiles = () =>
      ['tip-photos', 'guide-photos']
        .map((bucket) => path.join(t.config.dataDir, 'uploads', bucket, member.id))
        // Photos only: each has its smaller copies beside it.
        .reduce((n, dir) => n + readdirSync(dir).filter((f) => !isVariantName(f)).length, 0);
    expect(storedFiles()).toBe(29);

    for (const [url, field] of [
      ['/api/uploads/tip-photos'],
      ['/api/uploads/guide-photos'],
      ['/api/profiles/me/avatar', 'avatar'],
    ] as const) {
      const refused = await send(url, 1, field);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(tooMany);
    }
    expect(storedFiles()).toBe(29);

    const other = await t.createMember('user');
    const { body, headers } = multipart(files(1));
    expect((await t.call('POST', '/api/uploads/tip-photos', { cookie: other.cookie, body, headers })).statusCode).toBe(201);
  });
});
