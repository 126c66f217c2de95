/**
 * The system-messages choice (ADR 090): in-app off hides the active messages from that member
 * only; e-mail "immediate" sends each new message once to those who chose it. Both databases.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '@db/schema';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { createRecordingMailer } from '@server-test/recording-mailer';

const recorder = createRecordingMailer();
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ mailer: recorder.mailer });
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

const choose = (cookie: string, inApp: boolean, email: string) =>
  t.call('PUT', '/api/notifications/preferences', { cookie, body: { preferences: [{ kind: 'system_messages', inApp, email }] } });
const announce = async (title: string) => {
  const res = await t.call('POST', '/api/admin/system-messages', {
    cookie: admin,
    body: { title, content: 'Maintenance tonight.' },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string }>().id;
};

describe('system messages and the choice', () => {
  it('in-app off hides the active messages from that member only', async () => {
    const quiet = await t.createMember();
    const reader = await t.createMember();
    await announce('Banner for all');
    expect((await choose(quiet.cookie, false, 'off')).statusCode).toBe(200);
    const hidden = await t.call('GET', '/api/system-messages/active', { cookie: quiet.cookie });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toEqual([]);
    const shown = await t.call('GET', '/api/system-messages/active', { cookie: reader.cookie });
    expect(shown.json<{ title: string }[]>().map((m) => m.title)).toContain('Banner for all');
  });

  it('e-mails a new message once to each member who chose it right away, and no one else', async () => {
    const eager = await t.createMember();
    const byDefault = await t.createMember();
    const pending = await t.createMember('pending');
    await choose(eager.cookie, true, 'immediate');
    const id = await announce('Road closures');
    for (let i = 0; i < 3; i += 1) await t.app.jobRunner.runDue();
    const mails = recorder.sent.filter((m) => m.text.startsWith('Road closures'));
    expect(mails.map((m) => m.to)).toEqual([eager.email]);
    expect(mails[0]!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mails[0]!.text).toContain('Maintenance tonight.');
    for (const m of [byDefault, pending]) expect(recorder.sent.some((s) => s.to === m.email)).toBe(false);
    const [fanOut] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `system:${id}`));
    expect(fanOut).toMatchObject({ kind: 'system-message-fanout', finishedAs: 'done' });
  });

  it('sends nothing for a message switched off before its e-mail went', async () => {
    const eager = await t.createMember();
    await choose(eager.cookie, true, 'immediate');
    const id = await announce('Withdrawn notice');
    // This pass claims the fan-out, which queues the e-mail jobs; they are claimed by the next pass.
    await t.app.jobRunner.runDue();
    const [queued] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `system-email:${id}:${eager.id}`));
    expect(queued).toMatchObject({ finishedAs: null, attempts: 0 });
    const off = await t.call('PATCH', `/api/admin/system-messages/${id}/active`, { cookie: admin, body: { isActive: false } });
    expect(off.statusCode).toBe(200);
    await t.app.jobRunner.runDue();
    const sentToEager = recorder.sent.filter((m) => m.to === eager.email && m.text.startsWith('Withdrawn notice'));
    expect(sentToEager.length).toBeLessThanOrEqual(1);
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `system-email:${id}:${eager.id}`));
    expect(job?.finishedAs === 'skipped' || sentToEager.length === 1).toBe(true);
  });
});
