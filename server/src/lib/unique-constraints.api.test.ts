/**
 * Issue 19 item 1, ADR 026: any unique-constraint violation anywhere answers 409 with a clear
 * message, never 500. Every unique index of the migrated database is placed in
 * unique-constraints.ts, and real violations of them go through the one error handler.
 */
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@db/rows';
import { ADMIN_TEXTS } from '@common/schemas/admin';
import { TEXTS } from '@common/texts';
import { USERNAME_TEXTS } from '@common/username';
import { connections, invitationRequests, likes, profiles, savedItems, tipTypes, users } from '@db/schema';
import { insertTip } from '@server-test/content-fixtures';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { errorHandlerPlugin } from '../plugins/error-handler';
import { INTERNAL_UNIQUE_CONSTRAINTS, UNIQUE_CONSTRAINT_MESSAGES } from './unique-constraints';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

it('names every unique index of the database (primary keys aside): a new one must be placed', async () => {
  const result = await t.db.execute(sql`
    select c.relname as name from pg_index i
    join pg_class c on c.oid = i.indexrelid
    join pg_namespace n on n.oid = c.relnamespace
    where i.indisunique and not i.indisprimary and n.nspname = 'public'
    order by 1`);
  const names = rowsOf<{ name: string }>(result).map((r) => r.name);
  expect(names.length).toBeGreaterThan(10);
  const placed = new Set([...Object.keys(UNIQUE_CONSTRAINT_MESSAGES), ...INTERNAL_UNIQUE_CONSTRAINTS]);
  expect(names.filter((n) => !placed.has(n))).toEqual([]);
  expect([...placed].filter((n) => !names.includes(n))).toEqual([]);
});

describe('the error handler answers 409 for a real violation of each kind', () => {
  /** An app with only the error handler and a route that runs `write` twice. */
  async function twice(write: () => Promise<unknown>) {
    const app = Fastify({ logger: false });
    await app.register(errorHandlerPlugin);
    app.post('/twice', async () => {
      await write();
      await write();
      return { ok: true };
    });
    const res = await app.inject({ method: 'POST', url: '/twice' });
    await app.close();
    return res;
  }

  it.each([
    [
      'a tip type name in another case',
      { message: ADMIN_TEXTS.tipTypeExists, code: 'tip_type_exists', field: 'name' },
      () => {
        let n = 0;
        const name = `Type ${Date.now()}`;
        return () => t.db.insert(tipTypes).values({ name: (n += 1) === 1 ? name : name.toUpperCase() });
      },
    ],
    [
      'an e-mail in another case',
      { message: TEXTS.emailInUse, code: 'email_taken', field: 'email' },
      () => {
        let n = 0;
        const email = `dup.${Date.now()}@example.com`;
        return () => t.db.insert(users).values({ name: 'Dup', email: (n += 1) === 1 ? email : email.toUpperCase() });
      },
    ],
    [
      'an invitation request e-mail',
      { message: TEXTS.invitationDuplicate, code: 'invitation_duplicate', field: 'email' },
      () => {
        const email = `inv.${Date.now()}@example.com`;
        return () => t.db.insert(invitationRequests).values({ fullName: 'X', email, country: 'Peru' });
      },
    ],
  ])('%s', async (_label, named, makeWrite) => {
    const res = await twice(makeWrite());
    expect(res.statusCode).toBe(409);
    // The code and field say what is taken, so the client marks the field (ADR 121).
    expect(res.json()).toEqual({ statusCode: 409, error: 'Conflict', ...named });
  });

  it('a username, a like, a save and a connection pair taken twice', async () => {
    const a = await t.createMember('user');
    const b = await t.createMember('user');
    const tip = await insertTip(t.db, b.id, {});
    const cases: [() => Promise<unknown>, string][] = [
      [
        () =>
          t.db
            .update(profiles)
            .set({ username: `Same-${a.id.slice(0, 8)}` })
            .where(sql`${profiles.userId} in (${a.id}, ${b.id})`),
        USERNAME_TEXTS.taken,
      ],
      [() => t.db.insert(likes).values({ userId: a.id, tipId: tip.id }), TEXTS.alreadyLiked],
      [() => t.db.insert(savedItems).values({ userId: a.id, tipId: tip.id }), TEXTS.alreadySaved],
    ];
    let flip = false;
    cases.push([
      // The same pair the other way round.
      () => {
        flip = !flip;
        return t.db
          .insert(connections)
          .values(flip ? { requesterId: a.id, addresseeId: b.id } : { requesterId: b.id, addresseeId: a.id });
      },
      TEXTS.connectionExists,
    ]);
    for (const [write, message] of cases) {
      const res = await twice(write);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(message);
      expect(res.json().code).toBe(message === USERNAME_TEXTS.taken ? 'username_taken' : 'conflict');
    }
  });
});
