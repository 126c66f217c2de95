/**
 * Issue 19 (accounts): the profile form shows a username problem on the field, and an e-mail
 * change asks for the current password, then applies only when the mailed link is opened.
 */
import { type Page, expect, test } from '@playwright/test';
import { PROFILE_TEXTS } from '@common/schemas/profile';
import { TEXTS } from '@common/texts';
import { USERNAME_TEXTS } from '@common/username';
import { CSRF, E2E_ADMIN, createActiveMember, dismissToasts, expectToast } from './fixtures';

const SHOTS = '.tmp/screenshots';

async function openEditForm(page: Page) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByLabel('Username')).toBeVisible();
}

test('username problems show on the field; an e-mail change goes through the mailed link', async ({ browser }) => {
  test.setTimeout(180_000);
  const adminContext = await browser.newContext();
  const admin = adminContext.request;
  expect((await admin.post('/api/auth/sign-in', { headers: CSRF, data: E2E_ADMIN })).status()).toBe(200);
  const member = await createActiveMember(browser, admin, 'Handler');
  const other = await createActiveMember(browser, admin, 'Taken');
  const otherHandle = ((await (await other.context.request.get('/api/auth/me')).json()) as { username: string }).username;
  expect(otherHandle).not.toContain('@');
  const { page } = member;

  // 1. An e-mail address as username: refused on the field, by the shared rule.
  await openEditForm(page);
  const username = page.getByLabel('Username');
  await username.fill(member.person.email);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.locator('#profile-username-error')).toHaveText(USERNAME_TEXTS.noAt);
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await dismissToasts(page);

  // 2. Another member's handle in another case: the server's 409 lands on the field too.
  await username.fill(otherHandle.toUpperCase());
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.locator('#profile-username-error')).toHaveText(USERNAME_TEXTS.taken);
  await expectToast(page, USERNAME_TEXTS.taken);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.locator('#profile-username-error').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/username-error-360.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Cancel' }).first().click();

  // 3. A new address: the current password is asked for; a wrong one is refused on its field.
  const newEmail = `moved.${member.person.email}`;
  await openEditForm(page);
  await expect(page.getByLabel('Current Password')).toHaveCount(0);
  await page.getByLabel('Email Address').fill(newEmail);
  const password = page.getByLabel('Current Password');
  await expect(password).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.locator('#profile-current-password-error')).toHaveText(TEXTS.currentPasswordRequired);
  await dismissToasts(page);
  await password.fill('not-my-password');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.locator('#profile-current-password-error')).toHaveText(TEXTS.currentPasswordWrong);
  await page.screenshot({ path: `${SHOTS}/email-change-desktop.png` });
  await dismissToasts(page);
  await password.fill(member.password);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, TEXTS.emailChangeSent);
  await expectToast(page, PROFILE_TEXTS.updated);
  // Nothing changed yet.
  expect(((await (await member.context.request.get('/api/auth/me')).json()) as { email: string }).email).toBe(
    member.person.email,
  );

  // 4. The link mailed to the new address confirms it, with a click; a second use is refused.
  const outbox = (await (await admin.get('/api/admin/outbox?limit=50')).json()) as { items: { to: string; links: string[] }[] };
  const link = outbox.items.find((m) => m.to.includes(newEmail))?.links.find((l) => l.includes('/confirm-email?'));
  expect(link).toBeDefined();
  await page.goto(link!);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: `${SHOTS}/confirm-email-360.png` });
  await page.getByRole('button', { name: 'Confirm my new email address' }).click();
  await expect(page.getByRole('status')).toContainText(TEXTS.emailChanged);
  await expect(page.getByRole('status')).toContainText(newEmail);
  await page.screenshot({ path: `${SHOTS}/confirm-email-done-360.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('link', { name: 'Back to your profile' }).click();
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByLabel('Email Address')).toHaveValue(newEmail);

  await page.goto(link!);
  await page.getByRole('button', { name: 'Confirm my new email address' }).click();
  await expect(page.getByRole('alert')).toHaveText(TEXTS.emailChangeLinkInvalid);
  await page.screenshot({ path: `${SHOTS}/confirm-email-used-desktop.png` });

  // The new address signs in; the old one no longer does.
  const fresh = await browser.newContext();
  expect(
    (
      await fresh.request.post('/api/auth/sign-in', { headers: CSRF, data: { email: newEmail, password: member.password } })
    ).status(),
  ).toBe(200);
  expect(
    (
      await fresh.request.post('/api/auth/sign-in', {
        headers: CSRF,
        data: { email: member.person.email, password: member.password },
      })
    ).status(),
  ).toBe(401);
});
