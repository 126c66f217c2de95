/**
 * Issue 36 items 14 and 15, end to end in Chromium: the address being left is told of an e-mail
 * change with an undo link that works (ADR 108), and the owner's own browser signs in after a
 * stranger's 26 wrong tries (ADR 107). The lockout needs low limits: that part starts a server of
 * its own, as two-factor-admin.spec.ts does.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { EMAIL_UNDO_TEXTS } from '@common/schemas/auth';
import { TEXTS } from '@common/texts';
import { E2E_PORT } from '../../playwright.config';
import { CSRF, E2E_ADMIN, adminPage, createActiveMember, shootPhoneAndDesktop, signIn, uniquePerson } from './fixtures';
import { startSecondServer } from './second-server';

const SHOTS = '.tmp/screenshots';
type OutboxMessage = { to: string; subject: string; links: string[] };

async function undoLinkTo(admin: APIRequestContext, email: string, subject: string): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    const outbox = (await (await admin.get('/api/admin/outbox?limit=50')).json()) as { items: OutboxMessage[] };
    link = outbox.items
      .filter((m) => m.to === email && m.subject.includes(subject))
      .flatMap((m) => m.links)
      .find((l) => l.includes('/undo-email-change?'));
    expect(link).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return link!;
}

test('an e-mail change is told to the old address, and its undo link puts the account back', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = (await adminPage(browser)).request;
  const owner = await createActiveMember(browser, admin, 'Owner');
  const oldEmail = owner.person.email;

  // Someone else signed in with the password asks to move the account to their address.
  const attacker = await browser.newContext();
  const attackerPage = await attacker.newPage();
  await signIn(attackerPage, oldEmail, owner.password);
  await expect(attackerPage).toHaveURL(/\/dashboard$/);
  const theirs = uniquePerson('Thief').email;
  const asked = await attacker.request.post('/api/auth/email', {
    headers: CSRF,
    data: { email: theirs, currentPassword: owner.password },
  });
  expect(asked.status()).toBe(202);
  await undoLinkTo(admin, oldEmail, 'was asked for');

  // They confirm it: the old address is told again, with a fresh undo link.
  const outbox = (await (await admin.get('/api/admin/outbox?limit=50')).json()) as { items: OutboxMessage[] };
  const confirm = outbox.items.filter((m) => m.to === theirs).flatMap((m) => m.links)[0]!;
  const confirmed = await attacker.request.post('/api/auth/email/confirm', {
    headers: CSRF,
    data: { token: new URL(confirm).searchParams.get('token') },
  });
  expect(confirmed.status()).toBe(200);
  const undo = await undoLinkTo(admin, oldEmail, 'was changed');

  // The owner opens the link from the old mailbox and undoes it by keyboard.
  const mailbox = await (await browser.newContext()).newPage();
  await mailbox.goto(undo);
  await expect(mailbox.getByRole('heading', { name: 'Undo the email change' })).toBeVisible();
  await shootPhoneAndDesktop(mailbox, SHOTS, 'undo-email-change', { check: true });
  await mailbox.getByRole('button', { name: 'Undo the email change' }).focus();
  await mailbox.keyboard.press('Enter');
  const done = mailbox.getByRole('status');
  await expect(done).toContainText(EMAIL_UNDO_TEXTS.undone);
  await expect(done).toContainText(oldEmail);
  await shootPhoneAndDesktop(mailbox, SHOTS, 'undo-email-change-done', { check: true });

  // Every session ended (the attacker's too); the owner signs in with the old address again.
  expect((await attacker.request.get('/api/auth/me')).status()).toBe(401);
  expect((await owner.context.request.get('/api/auth/me')).status()).toBe(401);
  await signIn(owner.page, oldEmail, owner.password);
  await expect(owner.page).toHaveURL(/\/dashboard$/);

  // The link works once.
  const again = await (await browser.newContext()).newPage();
  await again.goto(undo);
  await again.getByRole('button', { name: 'Undo the email change' }).click();
  await expect(again.getByRole('alert')).toHaveText(EMAIL_UNDO_TEXTS.linkInvalid);
});

test.describe('with the real sign-in limits', () => {
  const PORT = E2E_PORT + 1100;
  const BASE = `http://localhost:${PORT}`;
  const DATA_DIR = `.tmp/e2e-data-lockout-${PORT}`;
  let server: Awaited<ReturnType<typeof startSecondServer>> | undefined;
  test.use({ baseURL: BASE });

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    // Every browser here is 127.0.0.1, so the per-IP limit (and with it the per-device one)
    // is lifted; the account's budget for unknown devices keeps its default, 10.
    server = await startSecondServer({ port: PORT, dataDir: DATA_DIR, env: { RATE_LIMIT_SIGN_IN: '1000' }, label: 'lockout' });
  });
  test.afterAll(() => server?.stop());

  test("26 wrong tries by a stranger: the owner's browser still signs in", async ({ browser }) => {
    test.setTimeout(180_000);
    // The owner (here the admin account, the one this server has) signed in on this browser before.
    const owners = await browser.newContext();
    const page = await owners.newPage();
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    expect((await owners.request.post('/api/auth/sign-out', { headers: CSRF })).status()).toBe(204);

    // A stranger's 26 wrong tries, from a browser of their own.
    const stranger = await browser.newContext();
    const statuses = [];
    for (let i = 0; i < 26; i += 1) {
      const res = await stranger.request.post('/api/auth/sign-in', {
        headers: CSRF,
        data: { email: E2E_ADMIN.email, password: `wrong-${i}` },
      });
      statuses.push(res.status());
    }
    expect(statuses.at(-1)).toBe(429);

    // A browser the account never signed in on is refused for now ...
    const elsewhere = await (await browser.newContext()).newPage();
    await signIn(elsewhere, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(elsewhere.getByText(TEXTS.tooManyRequests)).toBeVisible();
    await expect(elsewhere).toHaveURL(/\/$/);
    // ... the owner's own one is not.
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
