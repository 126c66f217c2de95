/**
 * Issue 19 items 13, 15 and 16: what a member sees when the network, the server or a request
 * fails. Never React Router's developer page, never an empty state for a failed load, and the quoted
 * fixed failure texts stay the toast's title.
 */
import { type Page, expect, test } from '@playwright/test';
import { CSRF, E2E_ADMIN, createActiveMember, expectToast, signIn, waitForHydration } from './fixtures';

const EXPLORE_CHUNK = /\/assets\/explore-[\w-]+\.js$/;
const DEV_PAGE = /Unexpected Application Error|Hey developer/;

async function signInAdmin(page: Page) {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function createTip(page: Page, title: string) {
  const response = await page.request.post('/api/tips', {
    headers: CSRF,
    data: { title, country: 'Portugal', city: 'Lisbon', description: `About ${title}` },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string };
}

async function searchExplore(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(text);
}

async function screenshots(page: Page, name: string) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: `.tmp/shots/${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `.tmp/shots/${name}-desktop.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

test('a screen whose chunk cannot load: reloads once, then a friendly page inside the shell, never the developer page', async ({
  page,
}) => {
  await page.route(EXPLORE_CHUNK, (route) => route.abort());
  await signInAdmin(page);
  let loads = 0;
  page.on('load', () => (loads += 1));

  await page.getByRole('navigation').getByRole('link', { name: 'Explore' }).click();
  // A missing chunk may be a new deploy: the page reloads once, and only once.
  await expect.poll(() => loads).toBe(1);
  await expect(page.getByRole('heading', { name: 'Cannot connect to Waymark' })).toBeVisible();
  await expect(page.getByText(DEV_PAGE)).toHaveCount(0);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Explore' }).first()).toBeVisible();
  await page.waitForTimeout(1_500);
  expect(loads, 'no reload loop').toBe(1);
  await screenshots(page, 'chunk-failed');

  // The chunk is back (the server answers again): Try again shows the screen.
  await page.unroute(EXPLORE_CHUNK);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Explore' })).toBeVisible();
});

test('a signed-out page whose chunk cannot load shows the friendly page too', async ({ page }) => {
  await page.route(/\/assets\/signup-[\w-]+\.js$/, (route) => route.abort());
  await page.goto('/');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Request an Invitation' }).waitFor();
  await page.evaluate(() => {
    window.history.pushState({}, '', '/signup');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { name: 'Cannot connect to Waymark' })).toBeVisible();
  await expect(page.getByText(DEV_PAGE)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Return to Home' })).toBeVisible();
});

test('explore offline says it cannot connect, and shows the results once back online', async ({ page, context }) => {
  await signInAdmin(page);
  const token = `offline${Date.now().toString(36)}${process.pid}`;
  const title = `Tram 28 at dawn ${token}`;
  await createTip(page, title);
  await page.getByRole('navigation').getByRole('link', { name: 'Explore' }).click();
  await expect(page.getByRole('heading', { name: 'Explore' })).toBeVisible();

  await context.setOffline(true);
  await searchExplore(page, token);
  await expect(page.getByRole('alert').filter({ hasText: /cannot connect/i })).toBeVisible();
  await expect(page.getByText('No content found')).toHaveCount(0);
  await screenshots(page, 'explore-offline');

  await context.setOffline(false);
  await expect(page.getByText(title)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: /cannot connect/i })).toHaveCount(0);
});

test('a member profile opened offline says so instead of spinning, and shows once back online', async ({
  page,
  context,
  browser,
}) => {
  await signInAdmin(page);
  const member = await createActiveMember(browser, page.request, 'Offline Profile');
  await member.context.close();
  // The profile screen's code is loaded online; only its data is missing offline.
  await page.goto('/profile');
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Explore' }).click();
  await expect(page.getByRole('heading', { name: 'Explore' })).toBeVisible();

  await context.setOffline(true);
  await page.evaluate((userId) => {
    window.history.pushState({ usr: { userId }, key: 'offline-profile', idx: 99 }, '', '/profile');
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, member.userId);
  await expect(page.getByRole('alert').filter({ hasText: /offline/i })).toBeVisible();
  await expect(page.getByText('Loading profile...')).toHaveCount(0);
  await screenshots(page, 'profile-offline');

  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: member.person.fullName })).toBeVisible();
});

test('a member profile with the server unreachable says it cannot connect (not "Something went wrong"), and Try again recovers', async ({
  page,
  browser,
}) => {
  await signInAdmin(page);
  const member = await createActiveMember(browser, page.request, 'Unreachable Profile');
  await member.context.close();
  await page.goto('/profile');
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();

  const profile = `**/api/profiles/${member.userId}`;
  await page.route(profile, (route) => route.abort('connectionrefused'));
  await page.evaluate((userId) => {
    window.history.pushState({ usr: { userId }, key: 'unreachable-profile', idx: 99 }, '', '/profile');
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, member.userId);
  await expect(page.getByRole('alert').filter({ hasText: 'Cannot connect to Waymark' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await screenshots(page, 'profile-unreachable');

  await page.unroute(profile);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: member.person.fullName })).toBeVisible();
});

test('explore with the server unreachable says it cannot connect, and Try again recovers', async ({ page }) => {
  await signInAdmin(page);
  const token = `down${Date.now().toString(36)}${process.pid}`;
  const title = `Miradouro at sunset ${token}`;
  await createTip(page, title);
  await page.getByRole('navigation').getByRole('link', { name: 'Explore' }).click();
  await expect(page.getByRole('heading', { name: 'Explore' })).toBeVisible();

  const explore = '**/api/explore?**';
  await page.route(explore, (route) => route.abort('connectionrefused'));
  await searchExplore(page, token);
  await expect(page.getByRole('alert').filter({ hasText: 'Cannot connect to Waymark' })).toBeVisible();
  await expect(page.getByText('No content found')).toHaveCount(0);
  await screenshots(page, 'explore-unreachable');

  await page.unroute(explore);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText(title)).toBeVisible();
});

test("create guide: tips that fail to load toast 'Failed to load your tips', not 'no tips yet'", async ({ page }) => {
  await signInAdmin(page);
  await createTip(page, `A tip that exists ${Date.now()}`);
  await page.route('**/api/tips/options', (route) =>
    route.fulfill({
      status: 500,
      json: {
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Something went wrong. Please try again.',
        code: 'internal_error',
      },
    }),
  );
  await page.getByRole('navigation').getByRole('link', { name: 'New Guide' }).click();
  await expectToast(page, 'Failed to load your tips');
  await expect(page.getByRole('alert').filter({ hasText: 'Your tips could not be loaded' })).toBeVisible();
  await expect(page.getByText("You don't have any tips yet")).toHaveCount(0);
  await screenshots(page, 'guide-tips-failed');

  await page.unroute('**/api/tips/options');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your tips could not be loaded' })).toHaveCount(0);
});

test("edit tip: 'Failed to update tip' and 'Failed to delete tip' stay the title; the server's reason is below", async ({
  page,
}) => {
  await signInAdmin(page);
  const { id } = await createTip(page, `Fixed texts ${Date.now()}`);
  await page.route(`**/api/tips/${id}`, (route) => {
    const method = route.request().method();
    if (method === 'PUT')
      return route.fulfill({
        status: 400,
        json: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'title is missing or not valid',
          code: 'invalid_field',
          field: 'title',
        },
      });
    if (method === 'DELETE')
      return route.fulfill({
        status: 409,
        json: { statusCode: 409, error: 'Conflict', message: 'The tip changed meanwhile', code: 'changed_meanwhile' },
      });
    return route.fallback();
  });
  await page.goto(`/edit-tip/${id}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const updateToast = page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to update tip' });
  await expect(updateToast).toBeVisible();
  await expect(updateToast).toContainText('title is missing or not valid');
  await expect(updateToast.locator('[data-title]')).toHaveText('Failed to update tip');

  await page.getByRole('button', { name: 'Delete Tip' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  const deleteToast = page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to delete tip' });
  await expect(deleteToast.locator('[data-title]')).toHaveText('Failed to delete tip');
  await expect(deleteToast).toContainText('The tip changed meanwhile');
});

test('every list screen whose load cannot connect says so instead of its empty state, and recovers', async ({ page }) => {
  await signInAdmin(page);
  // Connections first: the Notifications screen reads the connections too (a request is answered
  // there, issue 36), and a screen that has its data already shows it, not a failure.
  const screens = [
    { link: 'Connections', api: /\/api\/connections$/, empty: /No connections yet/ },
    { link: 'My Tips & Guides', api: /\/api\/users\/[^/]+\/content\?/, empty: /No content yet|No tips yet|No guides yet/ },
    { link: 'Saved', api: /\/api\/saved\?/, empty: /Nothing saved yet/ },
    { link: 'Notifications', api: /\/api\/notifications\?/, empty: /No notifications/ },
  ];
  for (const screen of screens) {
    await page.route(screen.api, (route) => route.abort('connectionrefused'));
    await page.getByRole('navigation').getByRole('link', { name: screen.link }).first().click();
    const notice = page.getByRole('alert').filter({ hasText: 'Cannot connect to Waymark' });
    await expect(notice, screen.link).toBeVisible();
    await expect(page.getByText(screen.empty), screen.link).toHaveCount(0);
    await page.unroute(screen.api);
    await notice.getByRole('button', { name: 'Try again' }).click();
    await expect(notice, `${screen.link} recovers`).toHaveCount(0);
  }
});
