/**
 * Issue 24, passkeys (ADR 077), in Chromium with its virtual authenticator (CDP WebAuthn: ctap2,
 * internal, resident keys, user verification): add a passkey from the profile, rename it, sign
 * out, sign in with it and no password, remove it, and then the same passkey is refused.
 */
import { type BrowserContext, type Page, expect, test } from '@playwright/test';
import { PASSKEY_TEXTS } from '@common/passkey-texts';
import { TEXTS } from '@common/texts';
import { axeViolations } from './axe';
import { adminPage, createActiveMember, dismissToasts, expectToast, shootPhoneAndDesktop } from './fixtures';

const SHOTS = '.tmp/screenshots';

async function addVirtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(page.getByRole('button', { name: 'Continue with a passkey' })).toBeVisible();
}

test('add, rename, sign in with a passkey and no password, remove it, then it is refused', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await adminPage(browser);
  const member = await createActiveMember(browser, admin.request, 'Keyholder');
  const { page, context } = member;
  const { cdp, authenticatorId } = await addVirtualAuthenticator(context, page);

  // 1. Security Settings: no passkeys yet; adding one asks for the password first (a wrong one is
  // refused on its field), then the device. The new passkey opens for naming at once.
  await page.goto('/profile');
  const card = page.locator('[data-slot="card"]').filter({ has: page.getByText('Passkeys', { exact: true }) });
  await expect(card.getByText('You have no passkeys yet.')).toBeVisible();
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  const password = card.getByLabel('Current Password');
  await password.fill('not-my-password');
  await card.getByRole('button', { name: 'Continue' }).click();
  await expect(card.locator('#passkey-current-password-error')).toHaveText(TEXTS.currentPasswordWrong);
  await expect(password).toBeFocused();
  await shootPhoneAndDesktop(page, SHOTS, 'passkeys-add-form');
  await page.setViewportSize({ width: 1280, height: 800 });
  await dismissToasts(page);
  await password.fill(member.password);
  await page.keyboard.press('Enter');
  await expectToast(page, PASSKEY_TEXTS.added);
  const name = card.getByLabel('Passkey name');
  await expect(name).toBeFocused();
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);

  // 2. Rename by keyboard: an empty name is refused on the field, then Enter saves.
  await name.fill('   ');
  await page.keyboard.press('Enter');
  await expect(card.locator('[id$="-error"]')).toHaveText(PASSKEY_TEXTS.nameRequired);
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await dismissToasts(page);
  await name.fill('Work laptop');
  await page.keyboard.press('Enter');
  await expectToast(page, PASSKEY_TEXTS.renamed);
  const list = card.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByText('Work laptop')).toBeVisible();
  await expect(list.getByText(/Never used/)).toBeVisible();
  // The rename button is reached and pressed by keyboard too; Escape closes the form.
  await list.getByRole('button', { name: 'Rename Work laptop' }).focus();
  await page.keyboard.press('Enter');
  await expect(card.getByLabel('Passkey name')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(card.getByLabel('Passkey name')).toHaveCount(0);
  await dismissToasts(page);
  expect(await axeViolations(page)).toEqual([]);
  await shootPhoneAndDesktop(page, SHOTS, 'passkeys-list');

  // 3. Signed out, the sign-in screen offers the passkey; it signs in with no e-mail or password.
  await signOut(page);
  expect(await axeViolations(page)).toEqual([]);
  await shootPhoneAndDesktop(page, SHOTS, 'passkey-sign-in');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Continue with a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const me = (await (await context.request.get('/api/auth/me')).json()) as { id: string };
  expect(me.id).toBe(member.userId);

  // 4. Its last use shows; removing it asks first.
  await page.goto('/profile');
  await expect(list.getByText(/Last used/)).toBeVisible();
  await list.getByRole('button', { name: 'Remove Work laptop' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Remove this passkey?');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expectToast(page, PASSKEY_TEXTS.removed);
  await expect(card.getByText('You have no passkeys yet.')).toBeVisible();

  // 5. The device still holds it, but Waymark no longer accepts it.
  await signOut(page);
  await page.getByRole('button', { name: 'Continue with a passkey' }).click();
  await expect(page.getByRole('status').filter({ hasText: PASSKEY_TEXTS.unknownPasskey })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect((await context.request.get('/api/auth/me')).status()).toBe(401);

  // 6. A prompt that ends without an answer (here: the user is not verified) is said calmly.
  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Continue with a passkey' }).click();
  await expect(page.getByRole('status').filter({ hasText: PASSKEY_TEXTS.cancelled })).toBeVisible();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await shootPhoneAndDesktop(page, SHOTS, 'passkey-sign-in-cancelled');
});

test('without WebAuthn the profile and the sign-in screen say so instead of a broken button', async ({ browser }) => {
  const admin = await adminPage(browser);
  const member = await createActiveMember(browser, admin.request, 'Nokey');
  const { page } = member;
  await page.addInitScript(() => {
    // As on an insecure origin or an old browser.
    Reflect.deleteProperty(window, 'PublicKeyCredential');
  });
  await page.goto('/profile');
  const card = page.locator('[data-slot="card"]').filter({ has: page.getByText('Passkeys', { exact: true }) });
  await expect(card.getByText(PASSKEY_TEXTS.unsupportedHere)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Add a passkey' })).toHaveCount(0);
  await signOut(page);
  await page.getByRole('button', { name: 'Continue with a passkey' }).click();
  await expect(page.getByRole('status').filter({ hasText: PASSKEY_TEXTS.unsupported })).toBeVisible();
});
