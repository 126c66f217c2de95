import { expect, test } from '@playwright/test';
import { TEXTS, invitationStatusToast } from '@common/texts';
import { E2E_ADMIN, choose, expectToast, signIn, uniquePerson } from './fixtures';

const ABOUT = 'I have backpacked through South America and love sharing local food tips with others.';

test('a visitor requests an invitation, the admin approves it, the e-mailed link creates a member', async ({ browser }) => {
  const visitor = uniquePerson('Visitor');

  // 1. The visitor asks for an invitation.
  const visitorContext = await browser.newContext();
  const visitorPage = await visitorContext.newPage();
  await visitorPage.goto('/');
  await visitorPage.getByRole('link', { name: 'Request an Invitation' }).click();
  await expect(visitorPage).toHaveURL(/\/request-invitation$/);
  await visitorPage.getByLabel('Full Name').fill(visitor.fullName);
  await visitorPage.getByLabel('Email').fill(visitor.email);
  await choose(visitorPage, 'Country', 'Portugal');
  await choose(visitorPage, 'How did you hear about us?', 'Friend or family');
  await visitorPage.getByLabel('Tell us about yourself').fill(ABOUT.slice(0, 20));
  await expect(visitorPage.getByText('20/50')).toBeVisible();
  await visitorPage.getByLabel('Tell us about yourself').fill(ABOUT);
  await visitorPage.getByRole('button', { name: 'Submit Request' }).click();
  await expectToast(visitorPage, TEXTS.invitationSubmittedTitle);
  await expect(visitorPage).toHaveURL(/\/$/);

  // 2. The admin approves it and finds the signup e-mail in the outbox.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(adminPage).toHaveURL(/\/dashboard$/);
  await adminPage.getByRole('link', { name: 'Admin Panel' }).click();
  await adminPage.getByRole('tab', { name: /Invitations/ }).click();
  const card = adminPage.getByTestId('invitation-card').filter({ hasText: visitor.email });
  await expect(card).toContainText('Portugal');
  await expect(card).toContainText('Friend or family');
  await expect(card).toContainText(ABOUT);
  await card.getByRole('button', { name: 'Approve' }).click();
  await expectToast(adminPage, invitationStatusToast('approved', true));
  await expect(card.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  await adminPage.getByRole('tab', { name: 'Outbox' }).click();
  const mail = adminPage
    .getByTestId('outbox-message')
    .filter({ hasText: visitor.email })
    .filter({ hasText: 'Your Waymark invitation has been approved' });
  const link = await mail.getByRole('link', { name: /\/signup\?/ }).getAttribute('href');
  expect(link).toContain('token=');
  await adminContext.close();

  // 3. The link opens the signup form, prefilled; the new account is active at once.
  await visitorPage.goto(link!);
  await expect(visitorPage.getByLabel('Full Name')).toHaveValue(visitor.fullName);
  await expect(visitorPage.getByLabel('Email')).toHaveValue(visitor.email);
  await visitorPage.getByLabel('Password', { exact: true }).fill('visitor-pass-1');
  await visitorPage.getByLabel('Confirm Password').fill('visitor-pass-1');
  await visitorPage.getByRole('button', { name: 'Create Account' }).click();
  await expectToast(visitorPage, TEXTS.accountActivated);
  await expect(visitorPage).toHaveURL(/\/dashboard$/);
  await expect(visitorPage.getByRole('heading', { name: 'Travel Tips' })).toBeVisible();
  await expect(visitorPage.getByRole('heading', { name: 'Travel Guides' })).toBeVisible();
  await expect(visitorPage.getByRole('heading', { name: 'Community' })).toBeVisible();
  await expect(visitorPage.getByRole('banner')).toContainText(visitor.fullName);
  await expect(visitorPage.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);

  // The link works once.
  await visitorContext.clearCookies();
  await visitorPage.goto(link!);
  await visitorPage.getByLabel('Password', { exact: true }).fill('another-pass-1');
  await visitorPage.getByLabel('Confirm Password').fill('another-pass-1');
  await visitorPage.getByRole('button', { name: 'Create Account' }).click();
  await expectToast(visitorPage, TEXTS.invalidSignupToken);
  await visitorContext.close();
});

test('an account created without an invitation waits for activation', async ({ page }) => {
  const person = uniquePerson('Uninvited');
  await page.goto(`/signup?email=${encodeURIComponent(person.email)}&name=${encodeURIComponent(person.fullName)}`);
  await expect(page.getByLabel('Email')).toHaveValue(person.email);

  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm Password').fill('short');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectToast(page, TEXTS.passwordTooShort);

  await page.getByLabel('Password', { exact: true }).fill('pending-pass-1');
  await page.getByLabel('Confirm Password').fill('pending-pass-2');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectToast(page, TEXTS.passwordsDoNotMatch);

  await page.getByLabel('Confirm Password').fill('pending-pass-1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectToast(page, TEXTS.accountPending);
  await expect(page.getByText(TEXTS.accountPendingActivation)).toBeVisible();

  // Member screens stay closed to a pending account, even when asked for directly.
  await page.goto('/dashboard');
  await expect(page.getByText(TEXTS.accountPendingActivation)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Travel Tips' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

  // Signing in again still shows only the waiting screen.
  await signIn(page, person.email, 'pending-pass-1');
  await expect(page.getByText(TEXTS.accountPendingActivation)).toBeVisible();
});
