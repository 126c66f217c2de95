import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '@db/client';
import { cookieValue } from './auth.service';
import { AUTH_CHANGES_CHANNEL, SESSION_CACHE_TTL_MS, createSessionCache } from './session-cache';
import type { Viewer } from './viewer';

const silentLog = { warn: () => undefined, info: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger;

/** A database whose only ability is LISTEN: the test plays the NOTIFYs and the lost connection. */
function fakeDatabase() {
  const channels: string[] = [];
  let notify: (payload: string) => void = () => undefined;
  let lose: () => void = () => undefined;
  const database = {
    listen: (channel: string, onPayload: (p: string) => void, onLost?: () => void) => {
      channels.push(channel);
      notify = onPayload;
      lose = () => onLost?.();
      return Promise.resolve(() => Promise.resolve());
    },
  } as unknown as DatabaseHandle;
  return { database, channels, notify: (p: string) => notify(p), lose: () => lose() };
}

const viewer = (userId: string, sessionId = `s-${userId}`): Viewer => ({
  userId,
  email: `${userId}@x.test`,
  role: 'user',
  sessionId,
});
const inAnHour = () => Date.now() + 60 * 60 * 1000;

async function startedCache() {
  const db = fakeDatabase();
  const cache = createSessionCache({ database: db.database, log: silentLog });
  await cache.start();
  return { cache, ...db };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('session cache', () => {
  it('listens on the auth channel and answers a stored cookie with its viewer', async () => {
    const { cache, channels } = await startedCache();
    expect(channels).toEqual([AUTH_CHANGES_CHANNEL]);
    cache.set('cookie-a', viewer('u1'), inAnHour(), cache.version());
    expect(cache.get('cookie-a')).toEqual(viewer('u1'));
    expect(cache.get('cookie-b')).toBeNull();
  });

  it('forgets every session of a user named by a NOTIFY, and only theirs', async () => {
    const { cache, notify } = await startedCache();
    cache.set('a1', viewer('u1', 's1'), inAnHour(), cache.version());
    cache.set('a2', viewer('u1', 's2'), inAnHour(), cache.version());
    cache.set('b1', viewer('u2'), inAnHour(), cache.version());
    notify('u1');
    expect(cache.get('a1')).toBeNull();
    expect(cache.get('a2')).toBeNull();
    expect(cache.get('b1')).toEqual(viewer('u2'));
  });

  it('does not store what a lookup read before a change it raced', async () => {
    const { cache, notify } = await startedCache();
    const version = cache.version();
    notify('u1'); // the role changed while the lookup was reading the old one
    cache.set('a1', viewer('u1'), inAnHour(), version);
    expect(cache.get('a1')).toBeNull();
  });

  it('never keeps an entry past its validity or the TTL', async () => {
    vi.useFakeTimers();
    const { cache } = await startedCache();
    cache.set('short', viewer('u1'), Date.now() + 1_000, cache.version());
    cache.set('long', viewer('u2'), Date.now() + 10 * SESSION_CACHE_TTL_MS, cache.version());
    cache.set('past', viewer('u3'), Date.now() - 1, cache.version());
    expect(cache.get('past')).toBeNull();
    vi.advanceTimersByTime(1_000);
    expect(cache.get('short')).toBeNull();
    expect(cache.get('long')).toEqual(viewer('u2'));
    vi.advanceTimersByTime(SESSION_CACHE_TTL_MS);
    expect(cache.get('long')).toBeNull();
    expect(cache.size()).toBe(0);
  });

  it('is bypassed and emptied while the LISTEN connection is lost', async () => {
    const { cache, lose } = await startedCache();
    cache.set('a1', viewer('u1'), inAnHour(), cache.version());
    lose();
    expect(cache.get('a1')).toBeNull();
    cache.set('a2', viewer('u2'), inAnHour(), cache.version());
    expect(cache.get('a2')).toBeNull();
    expect(cache.size()).toBe(0);
    await cache.stop();
  });

  it('caches nothing before start or after stop', async () => {
    const { database } = fakeDatabase();
    const cache = createSessionCache({ database, log: silentLog });
    cache.set('a1', viewer('u1'), inAnHour(), cache.version());
    expect(cache.get('a1')).toBeNull();
    await cache.start();
    cache.set('a1', viewer('u1'), inAnHour(), cache.version());
    expect(cache.get('a1')).toEqual(viewer('u1'));
    await cache.stop();
    expect(cache.get('a1')).toBeNull();
  });
});

describe('cookieValue', () => {
  it('reads one cookie from a Cookie header', () => {
    expect(cookieValue('a=1; waymark.session_token=tok.sig; b=2', 'waymark.session_token')).toBe('tok.sig');
    expect(cookieValue('a=1', 'waymark.session_token')).toBeUndefined();
    expect(cookieValue('xwaymark.session_token=1', 'waymark.session_token')).toBeUndefined();
  });

  it('refuses a cookie sent twice, so a planted value is never cached as the real one', () => {
    expect(cookieValue('waymark.session_token=planted; waymark.session_token=real', 'waymark.session_token')).toBeUndefined();
  });
});
