/**
 * Issue 19 item 4, ADR 029: one rule for every path that removes or demotes an admin, so Waymark
 * always keeps one. The races run truly concurrent on PostgreSQL (api:postgres); PGlite has one
 * connection and runs them one after the other, where the rule must hold all the same.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXTS } from '@common/schemas/admin';
import { userRoles, users } from '@db/schema';
import { ADMIN, type TestApp, createTestApp } from '@server-test/test-app';

let t: TestApp;
let adminId: string;
beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email));
  adminId = row!.id;
});
afterAll(async () => {
  await t.close();
});

const admins = async () =>
  (await t.db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'admin'))).map((r) => r.userId);
const lastAdmin = { statusCode: 409, error: 'Conflict', message: ADMIN_TEXTS.lastAdmin, code: 'conflict' };

/** Exactly two admins, X and Y (the bootstrap admin demoted by X), fresh for each round. */
async function twoAdmins() {
  const x = await t.createMember('admin', 'Xena Admin');
  const y = await t.createMember('admin', 'Yuri Admin');
  for (const id of await admins()) {
    if (id !== x.id && id !== y.id) {
      expect(
        (await t.call('PATCH', `/api/admin/users/${id}/role`, { cookie: x.cookie, body: { role: 'user' } })).statusCode,
      ).toBe(200);
    }
  }
  expect((await admins()).sort()).toEqual([x.id, y.id].sort());
  return { x, y };
}

describe('the last admin', () => {
  it('cannot delete their own account through DELETE /api/account (409), nor demote themselves', async () => {
    const cookie = await t.signInAdmin();
    const res = await t.call('DELETE', '/api/account', { cookie });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(lastAdmin);
    for (const role of ['user', 'pending'] as const) {
      const demoted = await t.call('PATCH', `/api/admin/users/${adminId}/role`, { cookie, body: { role } });
      expect(demoted.json()).toEqual(lastAdmin);
    }
    expect(await admins()).toEqual([adminId]);
    // Still signed in and still an admin: nothing was ended.
    expect((await t.call('GET', '/api/admin/stats', { cookie })).statusCode).toBe(200);
  });

  it('with another admin, either may delete their own account; then the one left is the last', async () => {
    const { x, y } = await twoAdmins();
    expect((await t.call('DELETE', '/api/account', { cookie: x.cookie })).statusCode).toBe(204);
    expect(await admins()).toEqual([y.id]);
    expect((await t.call('DELETE', '/api/account', { cookie: y.cookie })).json()).toEqual(lastAdmin);
    // Restore the bootstrap admin for the next tests.
    expect(
      (await t.call('PATCH', `/api/admin/users/${adminId}/role`, { cookie: y.cookie, body: { role: 'admin' } })).statusCode,
    ).toBe(200);
  });
});

describe('two admins removing each other at the same moment: one always stays', () => {
  type Act = (a: { id: string; cookie: string }, b: { id: string; cookie: string }) => Promise<{ statusCode: number }>;
  const demoteOther: Act = (a, b) =>
    t.call('PATCH', `/api/admin/users/${b.id}/role`, { cookie: a.cookie, body: { role: 'user' } });
  const deleteOther: Act = (a, b) => t.call('DELETE', `/api/admin/users/${b.id}`, { cookie: a.cookie });
  const deleteSelf: Act = (a) => t.call('DELETE', '/api/account', { cookie: a.cookie });
  const demoteSelf: Act = (a) =>
    t.call('PATCH', `/api/admin/users/${a.id}/role`, { cookie: a.cookie, body: { role: 'pending' } });

  it.each([
    ['each demotes the other', demoteOther, demoteOther],
    ['each deletes the other', deleteOther, deleteOther],
    ['both delete their own accounts', deleteSelf, deleteSelf],
    ['both demote themselves', demoteSelf, demoteSelf],
    ['one deletes their account while the other demotes them', deleteSelf, demoteOther],
    ['one demotes themselves while the other deletes them', demoteSelf, deleteOther],
  ])('%s', async (_label, actX, actY) => {
    for (let round = 0; round < 3; round += 1) {
      const { x, y } = await twoAdmins();
      const results = await Promise.all([actX(x, y), actY(y, x)]);
      // At least one goes through. A refusal is the rule's 409 when both ran at once, or, when one
      // ran first, a caller no longer admin or no longer there (403/401) or a target gone (404).
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.some((s) => s < 300)).toBe(true);
      for (const s of statuses) expect([200, 204, 401, 403, 404, 409]).toContain(s);
      const left = await admins();
      expect(left).toHaveLength(1);
      // The survivor restores the bootstrap admin, so the next round starts from a known state.
      const survivor = left[0] === x.id ? x : y;
      expect(
        (await t.call('PATCH', `/api/admin/users/${adminId}/role`, { cookie: survivor.cookie, body: { role: 'admin' } }))
          .statusCode,
      ).toBe(200);
    }
  });
});
