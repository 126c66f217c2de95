import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
