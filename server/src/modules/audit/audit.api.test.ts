/** Issue 25, ADR 089: every admin action writes one audit entry; the log pages by keyset and only grows. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@common/schemas/moderation';
import { tipTypes } from '@db/schema';
import { type TestApp, createTestApp } from '@server-test/test-app';

const ABOUT = 'I travel slowly through mountain villages and write down every good bakery.';

describe('audit log', () => {
  let t: TestApp;
  let admin: string;

  const newest = async (): Promise<AuditEntry> =>
    (await t.call('GET', '/api/admin/audit-log?limit=1', { cookie: admin })).json<{ items: AuditEntry[] }>().items[0]!;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signInAdmin();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses visitors (401) and members (403)', async () => {
    expect((await t.call('GET', '/api/admin/audit-log')).statusCode).toBe(401);
    const m = await t.createMember('user');
    expect((await t.call('GET', '/api/admin/audit-log', { cookie: m.cookie })).statusCode).toBe(403);
  });

  it('records role changes and account deletions with before and after', async () => {
    const m = await t.createMember('user', 'Rolf Role');
    await t.call('PATCH', `/api/admin/users/${m.id}/role`, { cookie: admin, body: { role: 'admin' } });
    expect(await newest()).toMatchObject({
      action: 'role.change',
      actor: { email: 'admin@waymark.test' },
      targetType: 'member',
      targetId: m.id,
      before: { role: 'user' },
      after: { role: 'admin' },
    });
    await t.call('PATCH', `/api/admin/users/${m.id}/role`, { cookie: admin, body: { role: 'user' } });
    expect((await t.call('DELETE', `/api/admin/users/${m.id}`, { cookie: admin })).statusCode).toBe(204);
    expect(await newest()).toMatchObject({
      action: 'member.delete',
      targetId: m.id,
      before: { name: 'Rolf Role', role: 'user' },
    });
  });

  it('records invitation decisions and activations', async () => {
    const email = `audit.${Date.now()}@example.com`;
    await t.call('POST', '/api/invitations', {
      body: { fullName: 'Ivy Invitee', email, country: 'Peru', howDidYouKnow: 'friend_family', aboutYourself: ABOUT },
    });
    const list = await t.call('GET', '/api/admin/invitations?limit=100', { cookie: admin });
    const inv = list.json<{ items: { id: string; email: string }[] }>().items.find((i) => i.email === email)!;
    await t.call('POST', `/api/admin/invitations/${inv.id}/approve`, { cookie: admin });
    expect(await newest()).toMatchObject({ action: 'invitation.approve', targetId: inv.id, after: { status: 'approved' } });
    const activations = await t.call('GET', '/api/admin/pending-activations', { cookie: admin });
    const activation = activations.json<{ id: string; email: string }[]>().find((a) => a.email === email)!;
    await t.call('POST', `/api/admin/pending-activations/${activation.id}/resend`, { cookie: admin });
    expect(await newest()).toMatchObject({ action: 'activation.resend', targetId: activation.id });
    await t.call('DELETE', `/api/admin/pending-activations/${activation.id}`, { cookie: admin });
    expect(await newest()).toMatchObject({ action: 'activation.delete', before: { email } });
    await t.call('DELETE', `/api/admin/invitations/${inv.id}`, { cookie: admin });
    expect(await newest()).toMatchObject({ action: 'invitation.delete', before: { email, status: 'approved' } });
  });

  it('records system messages and tip types; a refused action writes nothing', async () => {
    const created = await t.call('POST', '/api/admin/system-messages', {
      cookie: admin,
      body: { title: 'Hello', content: 'World' },
    });
    const id = created.json<{ id: string }>().id;
    expect(await newest()).toMatchObject({ action: 'message.create', targetId: id, after: { title: 'Hello' } });
    await t.call('PATCH', `/api/admin/system-messages/${id}/active`, { cookie: admin, body: { isActive: false } });
    expect(await newest()).toMatchObject({ action: 'message.update', before: { isActive: true }, after: { isActive: false } });
    const type = await t.call('POST', '/api/admin/tip-types', { cookie: admin, body: { name: 'Audited type' } });
    expect(await newest()).toMatchObject({ action: 'tip_type.create', after: { name: 'Audited type' } });
    await t.call('PUT', `/api/admin/tip-types/${type.json<{ id: string }>().id}`, {
      cookie: admin,
      body: { name: 'Renamed type' },
    });
    expect(await newest()).toMatchObject({
      action: 'tip_type.rename',
      before: { name: 'Audited type' },
      after: { name: 'Renamed type' },
    });
    const [existing] = await t.db.select().from(tipTypes).limit(1);
    const top = await newest();
    const dup = await t.call('POST', '/api/admin/tip-types', { cookie: admin, body: { name: existing!.name } });
    expect(dup.statusCode).toBe(409);
    expect((await newest()).id).toBe(top.id);
  });

  it('pages newest first by keyset without repeats; a bad cursor is 400', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const q: string = cursor ? `&cursor=${cursor}` : '';
      const body = (await t.call('GET', `/api/admin/audit-log?limit=3${q}`, { cookie: admin })).json<{
        items: AuditEntry[];
        nextCursor: string | null;
      }>();
      seen.push(...body.items.map((e) => e.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen.length).toBeGreaterThan(5);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.map(Number)).toEqual([...seen.map(Number)].sort((a, b) => b - a));
    expect((await t.call('GET', '/api/admin/audit-log?cursor=abc', { cookie: admin })).statusCode).toBe(400);
  });

  it('is append-only: the database refuses UPDATE and DELETE', async () => {
    await expect(t.db.execute(sql`UPDATE audit_log SET action = 'x'`)).rejects.toThrow();
    await expect(t.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
  });
});
