import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { PROFILE_TEXTS } from '@common/schemas/profile';
import { TEXTS } from '@common/texts';
import {
  choose,
  createActiveMember as createMember,
  CSRF,
  dismissToasts,
  E2E_ADMIN,
  expectToast,
  MEMBER_PASSWORD,
  signIn,
  waitForHydration,
} from './fixtures';

test('a member edits the profile, uploads a picture, changes the password, visits another member and deletes the account', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const adminContext = await browser.newContext();
  const admin = adminContext.request;
  expect((await admin.post('/api/auth/sign-in', { headers: CSRF, data: E2E_ADMIN })).status()).toBe(200);

  const member = await createMember(browser, admin, 'Profiler');
  const other = await createMember(browser, admin, 'Friend');
  const { page } = member;

  // The other member shares a public tip and is connected to a third member.
  const tip = await other.context.request.post('/api/tips', {
    headers: CSRF,
    data: {
      title: `Harbour walk ${other.person.fullName}`,
      country: 'Portugal',
      city: 'Porto',
      description: 'Go at dusk.',
      isPrivate: false,
    },
  });
  expect(tip.status()).toBe(201);
  const tipId = ((await tip.json()) as { id: string }).id;
  const third = await createMember(browser, admin, 'Third');
  const requested = await third.context.request.post('/api/connections', { headers: CSRF, data: { addresseeId: other.userId } });
  expect(requested.status()).toBe(201);
  const connectionId = ((await requested.json()) as { id: string }).id;
  expect((await other.context.request.post(`/api/connections/${connectionId}/accept`, { headers: CSRF })).status()).toBe(200);

  // 1. Own profile (signed in by sign-up): edit name, country and bio; the header follows.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: member.person.fullName })).toBeVisible();
  await expect(page.getByText(`0.0${PROFILE_TEXTS.worldExplored}`)).toBeVisible();
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByLabel('Email Address')).toHaveValue(member.person.email);
  await expect(page.getByLabel('Email Address')).toHaveAttribute('type', 'email');

  // Cancel restores the saved values.
  await page.getByLabel('Full Name').fill('Someone Else');
  await page.getByRole('button', { name: 'Cancel' }).first().click();
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByLabel('Full Name')).toHaveValue(member.person.fullName);

  const newName = `Renamed ${member.person.fullName}`;
  await page.getByLabel('Full Name').fill(newName);
  await choose(page, 'Country', 'Japan');
  await page.getByLabel('Bio').fill('Night trains and early ferries.');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, PROFILE_TEXTS.updated);
  await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();
  await expect(page.getByTestId('header-user-name')).toHaveText(newName);
  await expect(page.getByText('Japan', { exact: true })).toBeVisible();
  await expect(page.getByText('Night trains and early ferries.')).toBeVisible();
  await dismissToasts(page);

  // 2. Profile picture: a click on the avatar picks an image file.
  await expect(page.getByLabel('Profile picture file')).toHaveAttribute('accept', 'image/*');
  const buffer = await sharp({ create: { width: 80, height: 80, channels: 3, background: '#2a9d8f' } })
    .png()
    .toBuffer();
  await page.getByLabel('Profile picture file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer });
  await expectToast(page, PROFILE_TEXTS.pictureUpdated);
  await expect(page.getByRole('button', { name: 'Change profile picture' }).locator('img')).toHaveAttribute(
    'src',
    /\/api\/media\//,
  );
  await dismissToasts(page);

  // 3. Password: the quoted checks (docs/product.md#forms-and-validation), then a real change; the new password signs in.
  await page.getByRole('button', { name: 'Change Password' }).click();
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expectToast(page, TEXTS.fillAllPasswordFields);
  await dismissToasts(page);
  await page.getByLabel('Current Password').fill(MEMBER_PASSWORD);
  await page.getByLabel('New Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm New Password').fill('other');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expectToast(page, TEXTS.newPasswordsDoNotMatch);
  await dismissToasts(page);
  await page.getByLabel('Confirm New Password').fill('short');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expectToast(page, TEXTS.newPasswordTooShort);
  await dismissToasts(page);
  const newPassword = 'member-pass-2';
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expectToast(page, PROFILE_TEXTS.passwordUpdated);
  await expect(page.getByLabel('Current Password')).toBeHidden();
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, member.person.email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);

  // 4. Another member's profile is read-only; their connections page lists their connection.
  await page.goto(`/view-tip/${tipId}`);
  await waitForHydration(page);
  await page.getByRole('link', { name: new RegExp(`by ${other.person.fullName}`) }).click();
  // At the member's own URL (issue 21, ADR 046).
  await expect(page).toHaveURL(/\/members\/[\w.-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: other.person.fullName })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toHaveCount(0);
  await expect(page.getByText('Security Settings')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Change profile picture' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '1 Tips Shared' })).toBeVisible();
  await page.getByRole('button', { name: '1 Connections' }).click();
  await expect(page).toHaveURL(/\/members\/[\w.-]+\/connections$/);
  await expect(page.getByRole('heading', { level: 1, name: `${other.person.fullName} Connections` })).toBeVisible();
  await expect(page.getByText('1 active connection')).toBeVisible();
  await page.getByRole('button', { name: `Open ${third.person.fullName}'s profile` }).click();
  await expect(page.getByRole('heading', { level: 1, name: third.person.fullName })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'Back to profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: other.person.fullName })).toBeVisible();

  // Without a member in navigation state the connections page goes to /.
  await page.goto('/user-connections');
  await expect(page).toHaveURL(/\/dashboard$/);

  // Before leaving, the member connects with the other one and shares a public tip.
  const leaving = await member.context.request.post('/api/connections', { headers: CSRF, data: { addresseeId: other.userId } });
  expect(leaving.status()).toBe(201);
  const leavingId = ((await leaving.json()) as { id: string }).id;
  expect((await other.context.request.post(`/api/connections/${leavingId}/accept`, { headers: CSRF })).status()).toBe(200);
  const farewellTitle = `Farewell tip ${member.person.fullName}`;
  const farewell = await member.context.request.post('/api/tips', {
    headers: CSRF,
    data: { title: farewellTitle, country: 'Spain', city: 'Seville', description: 'Last one.', isPrivate: false },
  });
  expect(farewell.status()).toBe(201);
  await other.page.goto('/connections');
  await expect(other.page.getByText(member.person.fullName).first()).toBeVisible();

  // 5. Delete the account: confirmation, toast, sign-in screen; the account is gone.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading', { name: PROFILE_TEXTS.deleteConfirmTitle })).toBeVisible();
  await expect(dialog).toContainText('tips and guides');
  await dialog.getByRole('button', { name: PROFILE_TEXTS.deleteConfirmButton }).click();
  await expectToast(page, PROFILE_TEXTS.accountDeletedTitle);
  await expectToast(page, PROFILE_TEXTS.accountDeleted);
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await dismissToasts(page);
  await signIn(page, member.person.email, newPassword);
  await expectToast(page, TEXTS.invalidCredentials);
  await expect(page).toHaveURL(/:\d+\/$/);

  // ...and has disappeared everywhere the other member looks.
  await other.page.goto('/connections');
  await expect(other.page.getByRole('tab', { name: /Connected/ })).toBeVisible();
  await expect(other.page.getByText(member.person.fullName)).toHaveCount(0);
  expect((await other.context.request.get(`/api/profiles/${member.userId}`)).status()).toBe(404);
  await other.page.goto(`/explore?q=${encodeURIComponent(farewellTitle)}`);
  await expect(other.page.getByText('No content found')).toBeVisible();

  for (const context of [member.context, other.context, third.context, adminContext]) await context.close();
});
