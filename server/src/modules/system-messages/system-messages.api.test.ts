import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISMISSED_MESSAGES_COOKIE, serializeDismissed } from '@common/dismissed-messages';
import type { SystemMessage } from '@common/schemas/system-message';
import { systemMessages } from '@db/schema';
import { type TestApp, createTestApp } from '@server-test/test-app';

describe('GET /api/system-messages/active', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists active messages newest first to members only', async () => {
    await t.db.insert(systemMessages).values([
      { title: 'Old', content: 'old news', createdAt: sql`now() - interval '2 days'` },
      { title: 'Hidden', content: 'inactive', isActive: false },
      { title: 'New', content: 'fresh news', createdAt: sql`now() - interval '1 hour'` },
    ]);
    const member = await t.createMember('user', 'Sam Member');
    const res = await t.call('GET', '/api/system-messages/active', { cookie: member.cookie });
    expect(res.statusCode).toBe(200);
    const messages = res.json<SystemMessage[]>();
    expect(messages.map((m) => m.title)).toEqual(['New', 'Old']);
    expect(messages[0]).toEqual({
      id: expect.any(String),
      title: 'New',
      content: 'fresh news',
      isActive: true,
      createdAt: expect.any(String),
    });

    expect((await t.call('GET', '/api/system-messages/active')).statusCode).toBe(401);
    const pending = await t.createMember('pending', 'Pat Pending');
    expect((await t.call('GET', '/api/system-messages/active', { cookie: pending.cookie })).statusCode).toBe(403);
  });

  it("leaves out what this member dismissed in this browser session, and nobody else's dismissals", async () => {
    const member = await t.createMember('user', 'Dana Dismisser');
    const other = await t.createMember('user', 'Otto Other');
    const listed = async (cookie: string) =>
      (await t.call('GET', '/api/system-messages/active', { cookie })).json<SystemMessage[]>().map((m) => m.title);
    const before = (await t.call('GET', '/api/system-messages/active', { cookie: member.cookie })).json<SystemMessage[]>();
    const dismissed = before.find((m) => m.title === 'New')!;
    const own = `${member.cookie}; ${DISMISSED_MESSAGES_COOKIE}=${serializeDismissed(member.id, [dismissed.id])}`;
    expect(await listed(own)).toEqual(['Old']);
    // The same browser, another member signed in: the first member's dismissal does not count.
    const borrowed = `${other.cookie}; ${DISMISSED_MESSAGES_COOKIE}=${serializeDismissed(member.id, [dismissed.id])}`;
    expect(await listed(borrowed)).toEqual(['New', 'Old']);
    // A damaged cookie is no dismissal, never an error.
    expect(await listed(`${member.cookie}; ${DISMISSED_MESSAGES_COOKIE}=%%%`)).toEqual(['New', 'Old']);
  });
});
