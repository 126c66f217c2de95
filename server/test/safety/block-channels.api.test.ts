/**
 * Every channel that names another member applies the block rule (issue 36, ADR 109), on both
 * databases: the lists and counts, the e-mail of a notice queued before the block, the daily
 * digest, "Download my data" and the live events. Each pair had a like, a connection request and
 * a report between them before one blocked the other; afterwards nothing the recipient gets
 * carries the other's id, username or name. The one exception is by design: the blocker's own
 * Blocked members list (and its copy in the export) names whom they blocked.
 */
import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataExportStart } from '@common/schemas/data-export';
import { events, notifications, profiles, sessions } from '@db/schema';
import { createRecordingMailer } from '@server-test/recording-mailer';
import { insertTip } from '../content-fixtures';
import { type TestApp, createTestApp } from '../test-app';
import { unzip } from '../unzip';

type Member = Awaited<ReturnType<TestApp['createMember']>>;
interface Pair {
  /** The member whose channels are read. */
  reader: Member;
  /** The member they must not see named. */
  other: Member;
  readerBlocked: boolean;
  marks: string[];
}

const DAY = 24 * 60 * 60_000;
const todayStart = () => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
};

const recorder = createRecordingMailer();
let t: TestApp;
let firstEvent = 0;
const pairs: Pair[] = [];

/** What names a member anywhere: their id, username and name. */
async function marksOf(member: Member): Promise<string[]> {
  const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, member.id));
  return [member.id, row?.username ?? '', row?.name ?? ''].filter((m) => m !== '');
}

/**
 * Before the block: the other likes the reader's tip (immediate e-mail chosen) and asks to
 * connect (daily digest, the default), and the reader reports them; those notices are dated
 * yesterday, when the reader was away. Then one of the two blocks the other.
 */
async function blockedPair(label: string, readerBlocks: boolean): Promise<Pair> {
  const reader = await t.createMember('user', `Reader ${label}`);
  const other = await t.createMember('user', `Quokka ${label} Hidden`);
  const put = await t.call('PUT', '/api/notifications/preferences', {
    cookie: reader.cookie,
    body: { preferences: [{ kind: 'likes', inApp: true, email: 'immediate' }] },
  });
  expect(put.statusCode).toBe(200);
  const tip = await insertTip(t.db, reader.id, { title: `Reader ${label} tip` });
  const like = await t.call('POST', '/api/likes/toggle', {
    cookie: other.cookie,
    body: { contentType: 'tip', contentId: tip.id },
  });
  expect(like.statusCode).toBe(200);
  expect((await t.call('POST', '/api/connections', { cookie: other.cookie, body: { addresseeId: reader.id } })).statusCode).toBe(
    201,
  );
  const report = await t.call('POST', '/api/reports', {
    cookie: reader.cookie,
    body: { target: 'member', targetId: other.id, reason: 'spam' },
  });
  expect(report.statusCode).toBe(201);
  // A notice without an actor, so the digest still has something to say.
  await t.db
    .insert(notifications)
    .values({ userId: reader.id, actorId: null, type: 'tip_saved', content: 'Someone saved your tip' });
  await t.db
    .update(notifications)
    .set({ createdAt: new Date(todayStart() - DAY / 2) })
    .where(eq(notifications.userId, reader.id));
  await t.db
    .update(sessions)
    .set({ lastSeenAt: new Date(todayStart() - 2 * DAY) })
    .where(eq(sessions.userId, reader.id));
  const [blocker, blocked] = readerBlocks ? [reader, other] : [other, reader];
  expect((await t.call('POST', '/api/blocks', { cookie: blocker.cookie, body: { memberId: blocked.id } })).statusCode).toBe(204);
  return { reader, other, readerBlocked: readerBlocks, marks: await marksOf(other) };
}

const named = (text: string, marks: string[]) => marks.filter((m) => text.includes(m));

beforeAll(async () => {
  // Digests of yesterday are due from midnight UTC on; a process plans a day once, so every
  // pair is made before the first pass.
  t = await createTestApp({ mailer: recorder.mailer, env: { DIGEST_HOUR_UTC: '0', JOBS_POLL_INTERVAL_MS: '600000' } });
  const [last] = await t.db.select({ id: events.id }).from(events).orderBy(desc(events.id)).limit(1);
  firstEvent = last?.id ?? 0;
  pairs.push(await blockedPair('Ablock', true), await blockedPair('Bblock', false));
  await t.app.jobRunner.runDue();
  await t.app.jobRunner.runDue();
});
afterAll(() => t?.close());

describe('a block on every channel that names a member', () => {
  it('lists and counts: nothing the reader reads names the other', async () => {
    for (const { reader, other, marks } of pairs) {
      const urls = [
        '/api/notifications?limit=50',
        '/api/notifications/counts',
        '/api/connections',
        '/api/connections/discover?limit=100',
        `/api/users/${reader.id}/connections`,
        `/api/profiles/${reader.id}`,
        '/api/home/feed?limit=50',
        '/api/explore?limit=50',
        '/api/saved',
      ];
      for (const url of urls) {
        const res = await t.call('GET', url, { cookie: reader.cookie });
        expect(res.statusCode, url).toBe(200);
        expect(named(res.body, marks), url).toEqual([]);
      }
      expect((await t.call('GET', `/api/profiles/${other.id}`, { cookie: reader.cookie })).statusCode).toBe(404);
    }
  });

  it('e-mails: neither the notice queued before the block nor the digest names the other', () => {
    for (const { reader, marks } of pairs) {
      const mails = recorder.sent.filter((m) => m.to === reader.email);
      // The digest still goes, with the save notice: only the other's notices are left out.
      const digest = mails.find((m) => m.subject.startsWith('Your Waymark digest'));
      expect(digest?.text).toContain('Someone saved your tip');
      for (const mail of mails) expect(named(`${mail.subject}\n${mail.text}\n${mail.html ?? ''}`, marks)).toEqual([]);
    }
  });

  it("Download my data: no file names the other, but the blocker's own Blocked members list", async () => {
    for (const { reader, marks, readerBlocked } of pairs) {
      const start = await t.call('POST', '/api/account/export', { cookie: reader.cookie });
      expect(start.statusCode, start.body).toBe(201);
      const zip = await t.call('GET', start.json<DataExportStart>().url, { cookie: reader.cookie });
      expect(zip.statusCode).toBe(200);
      const entries = await unzip(zip.rawPayload);
      expect(entries.map((e) => e.name)).toEqual(expect.arrayContaining(['notifications.jsonl', 'reports.jsonl']));
      for (const entry of entries) {
        const text = entry.data.toString('utf8');
        if (entry.name === 'blocks.jsonl' && readerBlocked) expect(text).toContain(marks[1]);
        else expect(named(text, marks), entry.name).toEqual([]);
      }
    }
  });

  it('live events: the blocked member is never told who blocked them, now or in the replay', async () => {
    for (const { reader, other, readerBlocked } of pairs) {
      const [blocker, blocked] = readerBlocked ? [reader, other] : [other, reader];
      const toBlocked = await t.db
        .select({ payload: events.payload })
        .from(events)
        .where(and(eq(events.userId, blocked.id), gt(events.id, firstEvent)));
      // They hear the pending request's row go (an id they had), so their screens refresh.
      expect(toBlocked.length).toBeGreaterThan(0);
      expect(JSON.stringify(toBlocked)).not.toContain(blocker.id);
    }
  });
});
