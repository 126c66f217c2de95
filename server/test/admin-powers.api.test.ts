/**
 * Issue 36 item 20, ADR 076: with REQUIRE_ADMIN_2FA=true an admin without two-factor has no
 * admin power anywhere, not only under /api/admin. Every power an admin has outside /api/admin is
 * listed here and checked both ways; and the source asks whether someone is an admin in one
 * place only (app.hasAdminPowers), so a new power cannot skip the rule.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guides, tips } from '@db/schema';
import { eq } from 'drizzle-orm';
import { insertGuide, insertTip, writeUpload } from './content-fixtures';
import { type TestApp, createTestApp } from './test-app';
import { enableTwoFactor } from './two-factor';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

describe('admin powers outside /api/admin follow REQUIRE_ADMIN_2FA', () => {
  let t: TestApp;
  let admin: Member;
  let powers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ env: { REQUIRE_ADMIN_2FA: 'true' } });
    admin = await t.createMember('admin', 'Ada Admin');
    const author = await t.createMember('user', 'Aurora Author');
    const photo = writeUpload(t.config.dataDir, 'tip-photos', author.id);
    await insertTip(t.db, author.id, { visibility: 'private', photoUrls: [photo] });
    const hiddenTip = await insertTip(t.db, author.id, { visibility: 'public' });
    const hiddenGuide = await insertGuide(t.db, author.id, { visibility: 'public', daysCount: 1 });
    await t.db.update(tips).set({ hiddenAt: new Date() }).where(eq(tips.id, hiddenTip.id));
    await t.db.update(guides).set({ hiddenAt: new Date() }).where(eq(guides.id, hiddenGuide.id));
    powers = {
      "a private tip's photo": photo,
      'a moderator-hidden tip': `/api/tips/${hiddenTip.id}`,
      'a moderator-hidden guide': `/api/guides/${hiddenGuide.id}`,
      "a moderator-hidden guide's map": `/api/guides/${hiddenGuide.id}/map`,
      "a moderator-hidden guide's calendar": `/api/guides/${hiddenGuide.id}/calendar.ics?start=2026-12-30`,
      "a moderator-hidden guide's route": `/api/guides/${hiddenGuide.id}/route.gpx`,
    };
  });
  afterAll(() => t.close());

  const statuses = async (cookie: string) => {
    const out: Record<string, number> = {};
    for (const [name, url] of Object.entries(powers)) out[name] = (await t.call('GET', url, { cookie })).statusCode;
    return out;
  };

  it('an admin without two-factor gets what any member gets (404); with it, the power (200)', async () => {
    const without = await statuses(admin.cookie);
    expect(without).toEqual(Object.fromEntries(Object.keys(powers).map((name) => [name, 404])));
    await enableTwoFactor(t, admin);
    const withIt = await statuses(admin.cookie);
    expect(withIt).toEqual(Object.fromEntries(Object.keys(powers).map((name) => [name, 200])));
  });
});

/** Every .ts file under `dir`, tests aside. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Files that may compare a role with 'admin' themselves, and why. */
const ROLE_CHECKS_ALLOWED: Record<string, string> = {
  'plugins/access.ts': 'the capability itself (hasAdminPowers)',
  'modules/two-factor/two-factor.service.ts': 'the REQUIRE_ADMIN_2FA policy the capability applies',
  'modules/auth/auth.service.ts': "tells the client two-factor is required; a signup link's takeover keeps an admin an admin",
  'modules/account/last-admin.ts': 'counts admins (the last one stays)',
  'modules/profiles/profiles.service.ts': 'an active member (user or admin) has a profile page: no power',
};

it('no other source file decides on its own that someone is an admin', () => {
  const root = path.resolve(import.meta.dirname, '../src');
  const roleCheck = /role\s*[!=]==\s*'admin'|'admin'\s*[!=]==\s*\S*role/;
  const offenders = sources(root)
    .map((file) => path.relative(root, file))
    .filter((file) => !ROLE_CHECKS_ALLOWED[file] && roleCheck.test(readFileSync(path.join(root, file), 'utf8')));
  expect(offenders).toEqual([]);
});
