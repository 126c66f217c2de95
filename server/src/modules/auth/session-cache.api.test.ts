/**
 * The session cache (ADR 016) against changes it did not make itself: another process
 * (played here by statements straight on the database) changes a role or ends a session, and
 * this process hears it through the migration 0008 triggers' NOTIFY. Changes made through this
 * process's own routes apply on the very next request: admin.api.test.ts and auth.api.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, userRoles, users } from '@db/schema';
import { eventually } from '@server-test/eventually';
import { type TestApp, createTestApp } from '@server-test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const tipTypes = (cookie: string) => t.call('GET', '/api/tip-types', { cookie });

/** Several requests, so the viewer is surely in the cache before the change. */
async function warm(cookie: string) {
  for (let i = 0; i < 3; i += 1) expect((await tipTypes(cookie)).statusCode).toBe(200);
}

describe('session cache, changes from another process', () => {
  it('a role changed in the database is applied once its NOTIFY arrives', async () => {
    const member = await t.createMember('user');
    await warm(member.cookie);
    await t.db.update(userRoles).set({ role: 'pending' }).where(eq(userRoles.userId, member.id));
    await eventually(async () => expect((await tipTypes(member.cookie)).statusCode).toBe(403));
    await t.db.update(userRoles).set({ role: 'user' }).where(eq(userRoles.userId, member.id));
    await eventually(async () => expect((await tipTypes(member.cookie)).statusCode).toBe(200));
  });

  it('a session deleted in the database stops working', async () => {
    const member = await t.createMember('user');
    await warm(member.cookie);
    await t.db.delete(sessions).where(eq(sessions.userId, member.id));
    await eventually(async () => expect((await tipTypes(member.cookie)).statusCode).toBe(401));
  });

  it('a user deleted in the database is signed out', async () => {
    const member = await t.createMember('user');
    await warm(member.cookie);
    await t.db.delete(users).where(eq(users.id, member.id));
    await eventually(async () => expect((await tipTypes(member.cookie)).statusCode).toBe(401));
  });

  it('another member’s change leaves a cached session alone', async () => {
    const [a, b] = [await t.createMember('user'), await t.createMember('user')];
    await warm(a.cookie);
    await t.db.update(userRoles).set({ role: 'pending' }).where(eq(userRoles.userId, b.id));
    await eventually(async () => expect((await tipTypes(b.cookie)).statusCode).toBe(403));
    expect((await tipTypes(a.cookie)).statusCode).toBe(200);
  });

  it('a session cookie sent twice is still checked by better-auth, never cached as either value', async () => {
    const member = await t.createMember('user');
    const name = member.cookie.slice(0, member.cookie.indexOf('='));
    const planted = `${name}=planted.value`;
    // Whichever value better-auth reads, the planted one alone must stay refused afterwards.
    await tipTypes(`${planted}; ${member.cookie}`);
    await tipTypes(`${member.cookie}; ${planted}`);
    expect((await tipTypes(planted)).statusCode).toBe(401);
    expect((await tipTypes(member.cookie)).statusCode).toBe(200);
  });
});
