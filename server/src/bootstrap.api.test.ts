import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, appSettings, tipTypes, userRoles, users } from '@db/schema';
import { ADMIN, type TestApp, createTestApp } from '../test/test-app';
import { bootstrap, ensureFirstAdmin } from './bootstrap';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function count(table: typeof users | typeof tipTypes | typeof accounts | typeof appSettings) {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row?.n ?? 0;
}

async function adminCount() {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(userRoles)
    .where(eq(userRoles.role, 'admin'));
  return row?.n ?? 0;
}

describe('bootstrap', () => {
  it('is idempotent: no second admin, no duplicate tip types, the same session secret', async () => {
    const before = { users: await count(users), accounts: await count(accounts), tipTypes: await count(tipTypes) };
    expect(before.tipTypes).toBe(8);
    expect(await adminCount()).toBe(1);
    const [stored] = await t.db.select().from(appSettings).where(eq(appSettings.key, 'session_secret'));
    expect(stored?.value.length).toBeGreaterThanOrEqual(32);

    const first = await bootstrap(t.database, t.config);
    const second = await bootstrap(t.database, t.config);
    expect(first.sessionSecret).toBe(stored?.value);
    expect(second.sessionSecret).toBe(stored?.value);
    expect(first.generatedAdmin).toBeUndefined();
    expect(second.generatedAdmin).toBeUndefined();

    expect(await count(users)).toBe(before.users);
    expect(await count(accounts)).toBe(before.accounts);
    expect(await count(tipTypes)).toBe(8);
    expect(await count(appSettings)).toBe(1);
    expect(await adminCount()).toBe(1);
    // The admin's password is untouched.
    await expect(t.signInAdmin()).resolves.toMatch(/session_token=/);
  });

  it('keeps renamed tip types instead of re-adding the seeded ones', async () => {
    await t.db.update(tipTypes).set({ name: 'Lodging' }).where(eq(tipTypes.name, 'Hotel'));
    await bootstrap(t.database, t.config);
    const names = (await t.db.select({ name: tipTypes.name }).from(tipTypes)).map((r) => r.name);
    expect(names).toHaveLength(8);
    expect(names).toContain('Lodging');
    expect(names).not.toContain('Hotel');
  });

  it('uses SESSION_SECRET when it is configured, leaving the stored one alone', async () => {
    const [stored] = await t.db.select().from(appSettings).where(eq(appSettings.key, 'session_secret'));
    const configured = 'c'.repeat(40);
    const result = await bootstrap(t.database, { ...t.config, sessionSecret: configured });
    expect(result.sessionSecret).toBe(configured);
    const [after] = await t.db.select().from(appSettings).where(eq(appSettings.key, 'session_secret'));
    expect(after?.value).toBe(stored?.value);
  });
});

describe('ensureFirstAdmin', () => {
  it('does nothing on a database that has an admin, whatever e-mail is configured', async () => {
    const usersBefore = await count(users);
    const result = await ensureFirstAdmin(t.db, { adminEmail: 'second-admin@example.com', adminPassword: undefined });
    expect(result).toBeUndefined();
    expect(await count(users)).toBe(usersBefore);
    expect(await adminCount()).toBe(1);
    expect(await t.db.select().from(users).where(eq(users.email, 'second-admin@example.com'))).toHaveLength(0);
  });

  it('creates an admin with a generated password when none is left, who can then sign in', async () => {
    const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email));
    await t.db.update(userRoles).set({ role: 'user' }).where(eq(userRoles.userId, admin!.id));
    expect(await adminCount()).toBe(0);

    const result = await ensureFirstAdmin(t.db, { adminEmail: 'New.Admin@Example.com', adminPassword: undefined });
    expect(result?.email).toBe('new.admin@example.com');
    expect(result?.password.length).toBeGreaterThanOrEqual(12);
    expect(await adminCount()).toBe(1);

    const res = await t.call('POST', '/api/auth/sign-in', { body: { email: result!.email, password: result!.password } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'new.admin@example.com', role: 'admin', name: 'Administrator' });
  });
});
