/**
 * Issue 24: a forgotten password (ADR 073) and the member's sessions (ADR 074), end to end in
 * Chromium: the mailed link, its single use, and an ended session's open page leaving at once.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { TEXTS } from '@common/texts';
import { axeViolations } from './axe';
import { CSRF, adminPage, createActiveMember, dismissToasts, expectToast, shootPhoneAndDesktop, signIn } from './fixtures';

const SHOTS = '.tmp/screenshots';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

type OutboxMessage = { to: string; subject: string; links: string[] };

async function mailsTo(admin: APIRequestContext, email: string): Promise<OutboxMessage[]> {
  const outbox = (await (await admin.get('/api/admin/outbox?limit=50')).json()) as { items: OutboxMessage[] };
  return outbox.items.filter((m) => m.to === email);
}

test('forgot password: the mailed link sets a new password once, ending every session', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = (await adminPage(browser)).request;
  const member = await createActiveMember(browser, admin, 'Forgetful');
  const email = member.person.email;
  // A device still signed in with the old password, its page open.
  await member.page.goto('/dashboard');
  await expect(member.page.getByRole('heading', { level: 1 })).toBeVisible();

  // 1. "Forgot password?" on the sign-in screen, by keyboard.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/');
  const forgot = visitor.getByRole('link', { name: 'Forgot password?' });
  await forgot.focus();
  await visitor.keyboard.press('Enter');
  await expect(visitor).toHaveURL(/\/forgot-password$/);
  await shootPhoneAndDesktop(visitor, SHOTS, 'forgot-password', { check: true });

  // 2. A malformed address is refused on the field; an unknown one gets the same answer as a real one.
  const field = visitor.getByLabel('Email');
  await field.fill('not-an-address');
  await visitor.getByRole('button', { name: 'Send reset link' }).click();
  await expect(visitor.locator('#email-error')).toHaveText('Please enter a valid email address');
  await field.fill(`nobody.${email}`);
  await visitor.getByRole('button', { name: 'Send reset link' }).click();
  await expect(visitor.getByRole('status').filter({ hasText: TEXTS.passwordResetRequested })).toBeVisible();
  await visitor.getByRole('button', { name: 'Ask again' }).click();
  await visitor.getByLabel('Email').fill(email);
  await visitor.getByRole('button', { name: 'Send reset link' }).click();
  await expect(visitor.getByRole('status').filter({ hasText: TEXTS.passwordResetRequested })).toBeVisible();
  await shootPhoneAndDesktop(visitor, SHOTS, 'forgot-password-sent', { check: true });

  // 3. The link arrives (the outbox stands in for the mailbox); nobody's mail for the unknown address.
  let link: string | undefined;
  await expect(async () => {
    link = (await mailsTo(admin, email)).flatMap((m) => m.links).find((l) => l.includes('/reset-password?'));
    expect(link).toBeDefined();
  }).toPass({ timeout: 10_000 });
  expect(await mailsTo(admin, `nobody.${email}`)).toEqual([]);

  // 4. Opening it asks for the new password (twice); a mismatch is refused on the field.
  await visitor.goto(link!);
  await expect(visitor.getByText(email)).toBeVisible();
  await shootPhoneAndDesktop(visitor, SHOTS, 'reset-password', { check: true });
  await visitor.getByLabel('New Password', { exact: true }).fill('my-new-pass-42');
  await visitor.getByLabel('Confirm New Password').fill('my-new-pass-43');
  await visitor.getByRole('button', { name: 'Set new password' }).click();
  await expect(visitor.locator('#confirm-new-password-error')).toHaveText(TEXTS.newPasswordsDoNotMatch);
  await visitor.getByLabel('Confirm New Password').fill('my-new-pass-42');
  await visitor.getByRole('button', { name: 'Set new password' }).click();

  // 5. Back on sign-in with a success message and the address filled in; not signed in.
  await expect(visitor).toHaveURL(/\/$/);
  await expect(visitor.getByRole('status').filter({ hasText: TEXTS.passwordResetDone })).toBeVisible();
  await expect(visitor.getByLabel('Email')).toHaveValue(email);
  await dismissToasts(visitor);
  await shootPhoneAndDesktop(visitor, SHOTS, 'reset-password-done', { check: true });

  // 6. The old session is gone: its API calls get 401 and its open page leaves for sign-in.
  expect((await member.context.request.get('/api/auth/me')).status()).toBe(401);
  await expect(member.page).toHaveURL(/\/\?next=/, { timeout: 5_000 });
  await expect(member.page.getByRole('status').filter({ hasText: TEXTS.sessionEnded })).toBeVisible();

  // 7. The old password no longer works; the new one does.
  const oldTry = await visitor.request.post('/api/auth/sign-in', { headers: CSRF, data: { email, password: member.password } });
  expect(oldTry.status()).toBe(401);
  await visitor.getByLabel('Password', { exact: true }).fill('my-new-pass-42');
  await visitor.getByRole('button', { name: 'Sign In' }).click();
  await expect(visitor).toHaveURL(/\/dashboard$/);
  expect((await mailsTo(admin, email)).some((m) => m.subject === 'Your Waymark password was changed')).toBe(true);

  // 8. The same link again: a clear message, and a way to ask again with the address filled in.
  await visitor.goto(link!);
  await visitor.getByLabel('New Password', { exact: true }).fill('another-pass-77');
  await visitor.getByLabel('Confirm New Password').fill('another-pass-77');
  await visitor.getByRole('button', { name: 'Set new password' }).click();
  await expect(visitor.getByRole('alert').filter({ hasText: TEXTS.passwordResetLinkInvalid })).toBeVisible();
  await dismissToasts(visitor);
  await shootPhoneAndDesktop(visitor, SHOTS, 'reset-password-used', { check: true });
  await visitor.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(visitor).toHaveURL(/\/forgot-password\?email=/);
  await expect(visitor.getByLabel('Email')).toHaveValue(email);

  // A tampered link says the same.
  const tampered = new URL(link!);
  tampered.searchParams.set('token', `${tampered.searchParams.get('token')}x`);
  await visitor.goto(tampered.toString());
  await visitor.getByLabel('New Password', { exact: true }).fill('another-pass-77');
  await visitor.getByLabel('Confirm New Password').fill('another-pass-77');
  await visitor.getByRole('button', { name: 'Set new password' }).click();
  await expect(visitor.getByRole('alert').filter({ hasText: TEXTS.passwordResetLinkInvalid })).toBeVisible();
});

test('sessions: the member signs out another device, whose open page leaves for sign-in at once', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = (await adminPage(browser)).request;
  const member = await createActiveMember(browser, admin, 'Traveler');

  // A phone, signed in, with a page open.
  const phoneContext = await browser.newContext({ userAgent: SAFARI_IPHONE });
  const phone = await phoneContext.newPage();
  await signIn(phone, member.person.email, member.password);
  await expect(phone).toHaveURL(/\/dashboard$/);
  await phone.goto('/explore');

  // The laptop's Security Settings list both, this device marked.
  const laptop = member.page;
  await laptop.goto('/profile');
  const card = laptop.locator('[data-slot="card"]').filter({ hasText: "Where you're signed in" });
  const rows = card.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
  const phoneRow = rows.filter({ hasText: 'Mobile Safari 17 on iOS 17.5' });
  await expect(phoneRow).toContainText('Last seen');
  await card.scrollIntoViewIfNeeded();
  const cardOnly = '[data-slot="card"]:has(ul[aria-label="Sessions"])';
  expect(await axeViolations(laptop, cardOnly)).toEqual([]);
  await laptop.emulateMedia({ colorScheme: 'dark' });
  expect(await axeViolations(laptop, cardOnly)).toEqual([]);
  await laptop.emulateMedia({ colorScheme: 'light' });
  await laptop.setViewportSize({ width: 360, height: 800 });
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: `${SHOTS}/sessions-card-360.png` });
  await laptop.setViewportSize({ width: 1280, height: 800 });
  await card.scrollIntoViewIfNeeded();
  await laptop.screenshot({ path: `${SHOTS}/sessions-card-desktop.png` });

  // By keyboard: "Sign out" on the phone's row asks first; Escape keeps it.
  const signOutPhone = phoneRow.getByRole('button', { name: /Sign out/ });
  await signOutPhone.focus();
  await laptop.keyboard.press('Enter');
  const dialog = laptop.getByRole('alertdialog');
  await expect(dialog).toContainText('Sign out this session?');
  await laptop.screenshot({ path: `${SHOTS}/sessions-confirm-desktop.png` });
  await laptop.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect((await phoneContext.request.get('/api/auth/me')).status()).toBe(200);
  await signOutPhone.focus();
  await laptop.keyboard.press('Enter');
  await laptop.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Sign out' })).toBeFocused();
  await laptop.keyboard.press('Enter');
  await expectToast(laptop, 'Signed out');

  // The phone's open page leaves for sign-in within a second or two, saying why; its API calls get 401.
  await expect(phone).toHaveURL(/\/\?next=%2Fexplore/, { timeout: 3_000 });
  await expect(phone.getByRole('status').filter({ hasText: TEXTS.sessionEnded })).toBeVisible();
  expect((await phoneContext.request.get('/api/auth/me')).status()).toBe(401);
  await phone.setViewportSize({ width: 360, height: 800 });
  await phone.screenshot({ path: `${SHOTS}/session-ended-sign-in-360.png` });
  await expect(rows).toHaveCount(1);
  expect((await laptop.request.get('/api/auth/me')).status()).toBe(200);

  // "Sign out everywhere else": the phone signs in again, and is signed out again with the rest.
  await signIn(phone, member.person.email, member.password);
  await expect(phone).toHaveURL(/\/dashboard$/);
  const thirdContext = await browser.newContext();
  expect(
    (
      await thirdContext.request.post('/api/auth/sign-in', {
        headers: CSRF,
        data: { email: member.person.email, password: member.password },
      })
    ).status(),
  ).toBe(200);
  await laptop.reload();
  await expect(rows).toHaveCount(3);
  await dismissToasts(laptop);
  await card.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await laptop.getByRole('alertdialog').getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expectToast(laptop, 'Signed out everywhere else');
  await expect(phone).toHaveURL(/\/\?next=/, { timeout: 3_000 });
  expect((await phoneContext.request.get('/api/auth/me')).status()).toBe(401);
  expect((await thirdContext.request.get('/api/auth/me')).status()).toBe(401);
  await expect(rows).toHaveCount(1);
  await expect(card.getByRole('button', { name: 'Sign out everywhere else' })).toHaveCount(0);

  // Another member's session id: 404, and that member stays signed in.
  const other = await createActiveMember(browser, admin, 'Bystander');
  const otherSessions = (await (await other.context.request.get('/api/auth/sessions')).json()) as { items: { id: string }[] };
  const refused = await laptop.request.delete(`/api/auth/sessions/${otherSessions.items[0]!.id}`, { headers: CSRF });
  expect(refused.status()).toBe(404);
  expect((await other.context.request.get('/api/auth/me')).status()).toBe(200);
});
