import { expect, test } from '@playwright/test';
import { TEXTS } from '@common/texts';
import { E2E_ADMIN, expectToast, signIn, waitForHydration } from './fixtures';

test('a visitor asking for a member screen signs in and lands on it', async ({ page }) => {
  await page.goto('/saved');
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/saved$/);
  await expect(page.getByRole('link', { name: 'Saved' })).toHaveAttribute('aria-current', 'page');
});

test('the sign-in page comes drawn in its HTML; what is typed before its script runs is kept and signs in (ADR 024)', async ({
  page,
}) => {
  const html = await (await page.request.get('/', { headers: { cookie: '' } })).text();
  expect(html).toMatch(/<div id="root">.*Welcome to Waymark.*<\/div>/s);

  // Hold the app's script back, as a slow phone would, and type meanwhile.
  let releaseScript = () => undefined as void;
  const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await scriptHeld;
    await route.continue();
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  // Until the script runs the form cannot be sent, so no browser submission puts the password in the URL.
  const submit = page.getByRole('button', { name: 'Sign In' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Password').press('Enter');
  expect(new URL(page.url()).search).toBe('');

  releaseScript();
  await waitForHydration(page);
  await expect(page.getByLabel('Email')).toHaveValue(E2E_ADMIN.email);
  await submit.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(errors).toEqual([]);
});

test('a wrong password shows Login Failed with the reason', async ({ page }) => {
  await signIn(page, E2E_ADMIN.email, 'not-the-password');
  await expectToast(page, TEXTS.loginFailedTitle);
  await expectToast(page, TEXTS.invalidCredentials);
  await expect(page).toHaveURL(/\/$/);
});

test('unknown paths show the 404 page with a way home', async ({ page }) => {
  await page.goto('/no/such/place');
  await expect(page.getByText(TEXTS.notFoundTitle)).toBeVisible();
  await page.getByRole('link', { name: TEXTS.returnHome }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('the shell: sidebar entries, active entry, sign out', async ({ page }) => {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const nav = page.getByRole('navigation');
  for (const entry of [
    'Home',
    'Notifications',
    'Explore',
    'My Tips & Guides',
    'New Tip',
    'New Guide',
    'Saved',
    'Connections',
    'Admin Panel',
  ]) {
    await expect(nav.getByRole('link', { name: entry })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Explore' }).click();
  await expect(page).toHaveURL(/\/explore$/);
  await expect(nav.getByRole('link', { name: 'Explore' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});
