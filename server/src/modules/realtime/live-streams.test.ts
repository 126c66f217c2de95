import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { SESSION_ABSOLUTE_SECONDS } from '../auth/better-auth';
import { type EndReason, createLiveStreams } from './live-streams';
import type { SessionState } from './realtime.repository';

const log = { warn: () => undefined } as unknown as FastifyBaseLogger;
const DAY = 24 * 60 * 60 * 1000;

function setup(states: Map<string, SessionState[]>, limits = { perMember: 3, perSession: 2 }) {
  const streams = createLiveStreams({ findSessions: (userId) => Promise.resolve(states.get(userId) ?? []), log, limits });
  const ended: { id: string; reason: EndReason }[] = [];
  const add = (id: string, userId: string, sessionId: string, role: SessionState['role'] = 'user') =>
    streams.add({ userId, sessionId, role }, (reason) => ended.push({ id, reason }));
  return { streams, ended, add };
}

const valid = (sessionId: string, role: SessionState['role'] = 'user', expiresInMs = 7 * DAY): SessionState => ({
  sessionId,
  role,
  expiresAt: new Date(Date.now() + expiresInMs),
  createdAt: new Date(),
});

describe('live streams registry', () => {
  it('ends a stream when its session has expired by the time it is looked at', async () => {
    const states = new Map([['u1', [valid('s1', 'user', 150)]]]);
    const { streams, ended, add } = setup(states);
    add('a', 'u1', 's1');
    await streams.settled();
    expect(ended).toEqual([]);
    // The expiry timer looks again when the session's time is up (it was not slid meanwhile).
    await new Promise((r) => setTimeout(r, 400));
    await streams.settled();
    expect(ended).toEqual([{ id: 'a', reason: 'session-ended' }]);
    expect(streams.count()).toBe(0);
  });

  it('keeps a stream whose session was slid before the timer came', async () => {
    const states = new Map([['u1', [valid('s1', 'user', 150)]]]);
    const { streams, ended, add } = setup(states);
    add('a', 'u1', 's1');
    await streams.settled();
    states.set('u1', [valid('s1', 'user', 7 * DAY)]);
    await new Promise((r) => setTimeout(r, 400));
    await streams.settled();
    expect(ended).toEqual([]);
  });

  it('ends a stream past the 30-day limit even when the idle expiry is far', async () => {
    const old = { ...valid('s1'), createdAt: new Date(Date.now() - SESSION_ABSOLUTE_SECONDS * 1000 - 1) };
    const { streams, ended, add } = setup(new Map([['u1', [old]]]));
    add('a', 'u1', 's1');
    await streams.settled();
    expect(ended).toEqual([{ id: 'a', reason: 'session-ended' }]);
  });

  it('on a change, ends only the streams of gone sessions or changed roles', async () => {
    const states = new Map([
      ['u1', [valid('s1'), valid('s2')]],
      ['u2', [valid('s3')]],
    ]);
    const { streams, ended, add } = setup(states);
    add('a', 'u1', 's1');
    add('b', 'u1', 's2');
    add('c', 'u2', 's3');
    await streams.settled();
    states.set('u1', [valid('s2')]);
    await streams.onAuthChange('u1');
    expect(ended).toEqual([{ id: 'a', reason: 'session-ended' }]);
    states.set('u2', [valid('s3', 'pending')]);
    await streams.onAuthChange(null);
    expect(ended.map((e) => e.id)).toEqual(['a', 'c']);
    expect(streams.count()).toBe(1);
  });

  it('looks once more when a change arrives during a look (no change is lost)', async () => {
    let calls = 0;
    const states = new Map([['u1', [valid('s1')]]]);
    const streams = createLiveStreams({
      log,
      findSessions: async (userId) => {
        calls++;
        const answer = states.get(userId) ?? [];
        await new Promise((r) => setTimeout(r, 20));
        return answer;
      },
    });
    const ended: string[] = [];
    streams.add({ userId: 'u1', sessionId: 's1', role: 'user' }, () => ended.push('a'));
    // The look started by `add` read the old state; the sign-out lands while it runs.
    states.set('u1', []);
    void streams.onAuthChange('u1');
    void streams.onAuthChange('u1');
    await streams.settled();
    expect(ended).toEqual(['a']);
    expect(calls).toBe(2);
  });

  it("replaces a session's oldest stream and refuses a member's stream beyond the cap", async () => {
    const states = new Map([['u1', [valid('s1'), valid('s2'), valid('s3')]]]);
    const { streams, ended, add } = setup(states);
    add('a', 'u1', 's1');
    add('b', 'u1', 's1');
    expect(streams.hasRoom({ userId: 'u1', sessionId: 's1', role: 'user' })).toBe(true);
    add('c', 'u1', 's1');
    expect(ended).toEqual([{ id: 'a', reason: 'replaced' }]);
    add('d', 'u1', 's2');
    // 3 open (b, c, d): a new session is refused, the full session may still replace its oldest.
    expect(streams.hasRoom({ userId: 'u1', sessionId: 's3', role: 'user' })).toBe(false);
    expect(streams.hasRoom({ userId: 'u1', sessionId: 's1', role: 'user' })).toBe(true);
    expect(streams.hasRoom({ userId: 'u2', sessionId: 's9', role: 'user' })).toBe(true);
    expect(streams.count('u1', 's1')).toBe(2);
    await streams.settled();
  });
});
