/**
 * Migration 0013 (ADR 026): handles that break the username rules, e-mail addresses above all,
 * are rewritten from the member's name, unique whatever the case. The migration's rewrite block
 * is run again here on rows written the old way (it only touches handles that break the rules).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { UsernameSchema, usernameFromName } from '@common/username';
import { type TestApp, createTestApp } from './test-app';
import { profiles, users } from '@db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function rewriteBlock(): string {
  const file = readFileSync(
    path.join(import.meta.dirname, '..', '..', 'db', 'migrations', '0013_accounts_hardening.sql'),
    'utf8',
  );
  const block = file.split('--> statement-breakpoint').find((s) => s.includes('DO $$'));
  if (!block) throw new Error('no rewrite block in migration 0013');
  return block;
}

it('rewrites e-mail-shaped and rule-breaking handles from the name, keeps good ones, never collides', async () => {
  const stamp = Date.now().toString(36);
  const cases = [
    { name: 'Ada Lovelace', username: `ada.${stamp}@example.com` },
    { name: 'Ada Lovelace', username: `ADA2.${stamp}@example.com` },
    { name: 'Zoë de la Cruz', username: `zoe.${stamp}@example.com` },
    { name: '李雷', username: `li.${stamp}@example.com` },
    { name: 'Plus Sign', username: `plus+${stamp}` },
    { name: 'Keeps Hers', username: `Keeper_${stamp}` },
  ];
  const ids: string[] = [];
  for (const c of cases) {
    const [user] = await t.db
      .insert(users)
      .values({ name: c.name, email: `${c.username.replace(/[@+]/g, '.')}.x@example.com` })
      .returning({ id: users.id });
    await t.db.insert(profiles).values({ userId: user!.id, name: c.name, username: c.username });
    ids.push(user!.id);
  }
  // A handle one rewrite would take is already someone's, in another case.
  const [holder] = await t.db
    .insert(users)
    .values({ name: 'Holder', email: `holder.${stamp}@example.com` })
    .returning({ id: users.id });
  await t.db.insert(profiles).values({ userId: holder!.id, name: 'Holder', username: 'Ada-Lovelace' });

  await t.db.execute(sql.raw(rewriteBlock()));

  const rows = await t.db
    .select({ userId: profiles.userId, username: profiles.username })
    .from(profiles)
    .where(inArray(profiles.userId, ids));
  const handleOf = (i: number) => rows.find((r) => r.userId === ids[i])?.username;
  expect([handleOf(0), handleOf(1)].sort()).toEqual(['ada-lovelace-2', 'ada-lovelace-3']);
  expect(handleOf(2)).toBe(usernameFromName('Zoë de la Cruz'));
  expect(handleOf(3)?.startsWith('traveler')).toBe(true);
  expect(handleOf(4)).toBe('plus-sign');
  expect(handleOf(5)).toBe(`Keeper_${stamp}`);
  const [holderRow] = await t.db.select().from(profiles).where(eq(profiles.userId, holder!.id));
  expect(holderRow?.username).toBe('Ada-Lovelace');
  // Nothing left that breaks the rules, anywhere.
  const all = await t.db.select({ username: profiles.username }).from(profiles);
  expect(all.filter((r) => !r.username || !UsernameSchema.safeParse(r.username).success)).toEqual([]);
});
