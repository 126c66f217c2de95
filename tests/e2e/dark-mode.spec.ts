/**
 * Dark mode (issue 21, ADR 052): the system's setting by default, with CSS alone; a member's
 * Light, Dark or System choice on their profile, applied at once in every tab and drawn by the
 * server into the first paint; and axe finds no serious contrast or other violation in dark.
 */
import { type APIRequestContext, type Browser, type BrowserContextOptions, type Page, expect, test } from '@playwright/test';
import { axeViolations } from './axe';
import { CSRF, E2E_ADMIN, createActiveMember, deactivateBanner, signIn, waitForHydration } from './fixtures';

const DARK_MAX = 0.1;
const LIGHT_MIN = 0.8;

/** The relative luminance (0 black, 1 white) of the page's background as painted (its bottom right corner). */
async function backgroundLuminance(page: Page): Promise<number> {
  const { width, height } = page.viewportSize() ?? { width: 1280, height: 720 };
  const shot = await page.screenshot({ clip: { x: width - 4, y: height - 4, width: 4, height: 4 } });
  const { default: sharp } = await import('sharp');
  const { data } = await sharp(shot).raw().toBuffer({ resolveWithObject: true });
  const linear = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(data[0]!) + 0.7152 * linear(data[1]!) + 0.0722 * linear(data[2]!);
}

async function expectDark(page: Page) {
  await expect.poll(() => backgroundLuminance(page)).toBeLessThan(DARK_MAX);
}
async function expectLight(page: Page) {
  await expect.poll(() => backgroundLuminance(page)).toBeGreaterThan(LIGHT_MIN);
}

/** A context without JavaScript: what shows is the server's first paint and CSS, nothing else. */
async function firstPaintContext(browser: Browser, options: BrowserContextOptions) {
  return browser.newContext({ ...options, javaScriptEnabled: false });
}

async function adminRequest(browser: Browser): Promise<APIRequestContext> {
  const context = await browser.newContext();
  expect((await context.request.post('/api/auth/sign-in', { headers: CSRF, data: E2E_ADMIN })).status()).toBe(200);
  return context.request;
}

async function createTip(request: APIRequestContext, title: string) {
  const tip = await request.post('/api/tips', {
    headers: CSRF,
    data: { title, country: 'Portugal', city: 'Sagres', placeName: 'Praia da Mareta', description: 'Go at low tide.', rating: 4 },
  });
  expect(tip.status(), await tip.text()).toBe(201);
  return ((await tip.json()) as { id: string }).id;
}

test('with no choice the system decides: dark in the first paint of the sign-in page and a drawn tip page', async ({
  browser,
}) => {
  const admin = await adminRequest(browser);
  const tipId = await createTip(admin, 'Dark sands at dusk');

  const dark = await firstPaintContext(browser, { colorScheme: 'dark' });
  const page = await dark.newPage();
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect(await page.locator('html').getAttribute('data-theme')).toBeNull();
  await expectDark(page);

  expect((await dark.request.post('/api/auth/sign-in', { headers: CSRF, data: E2E_ADMIN })).status()).toBe(200);
  await page.goto(`/view-tip/${tipId}`);
  await expect(page.getByRole('heading', { name: 'Dark sands at dusk' })).toBeVisible();
  await expectDark(page);

  // The same pages under a light system stay light.
  const light = await firstPaintContext(browser, { colorScheme: 'light' });
  const lightPage = await light.newPage();
  await lightPage.goto('/');
  await expect(lightPage.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expectLight(lightPage);
  await Promise.all([dark.close(), light.close()]);
});

test('choosing Dark on the profile: at once, in a second tab, after a reload, and in the server-drawn first paint', async ({
  browser,
}) => {
  const admin = await adminRequest(browser);
  const member = await createActiveMember(browser, admin, 'Noct');
  await member.context.close();
  const tipId = await createTip(admin, 'Night ferry to Tavira');

  const context = await browser.newContext({ colorScheme: 'light' });
  const page = await context.newPage();
  await signIn(page, member.person.email, member.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const other = await context.newPage();
  await other.goto('/explore');
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
  await expectLight(other);

  await page.goto('/profile');
  const appearance = page.getByRole('group', { name: 'Theme' });
  await expect(appearance.getByRole('radio', { name: 'System' })).toBeChecked();
  await expectLight(page);
  await appearance.getByText('Dark').click();
  await expect(appearance.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectDark(page);
  // The other tab follows without a reload.
  await expect(other.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectDark(other);

  await page.reload();
  await expect(page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expectDark(page);

  // The server draws the tip page dark for this member although the system is light.
  const html = await (await context.request.get(`/view-tip/${tipId}`)).text();
  expect(html).toMatch(/<html lang="en" data-theme="dark">/);
  const firstPaint = await firstPaintContext(browser, { colorScheme: 'light', storageState: await context.storageState() });
  const drawn = await firstPaint.newPage();
  await drawn.goto(`/view-tip/${tipId}`);
  await expect(drawn.getByRole('heading', { name: 'Night ferry to Tavira' })).toBeVisible();
  await expectDark(drawn);

  // Back to System: the light system shows again, here and in the other tab.
  await page.getByRole('group', { name: 'Theme' }).getByText('System').click();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme');
  await expectLight(page);
  await expect(other.locator('html')).not.toHaveAttribute('data-theme');
  await expectLight(other);
  await Promise.all([context.close(), firstPaint.close()]);
});

test('choosing Light while the system is dark gives light, from the first paint on', async ({ browser }) => {
  const admin = await adminRequest(browser);
  const member = await createActiveMember(browser, admin, 'Lux');
  await member.context.close();
  const tipId = await createTip(admin, 'Morning market in Loulé');

  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  await signIn(page, member.person.email, member.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectDark(page);
  await page.goto('/profile');
  await page.getByRole('group', { name: 'Theme' }).getByText('Light').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expectLight(page);

  await page.goto(`/view-tip/${tipId}`);
  await waitForHydration(page);
  await expectLight(page);
  const firstPaint = await firstPaintContext(browser, { colorScheme: 'dark', storageState: await context.storageState() });
  const drawn = await firstPaint.newPage();
  await drawn.goto(`/view-tip/${tipId}`);
  await expect(drawn.getByRole('heading', { name: 'Morning market in Loulé' })).toBeVisible();
  await expectLight(drawn);
  // Signed out, the sign-in page keeps the device's choice too.
  await drawn.context().clearCookies();
  await drawn.context().addCookies([{ name: 'waymark-theme', value: 'light', domain: 'localhost', path: '/' }]);
  await drawn.goto('/');
  await expectLight(drawn);
  await Promise.all([context.close(), firstPaint.close()]);
});

async function expectNoSeriousViolations(page: Page, label: string) {
  await page.waitForLoadState('networkidle');
  expect(await axeViolations(page), label).toEqual([]);
}

for (const [size, viewport] of [
  ['1280', { width: 1280, height: 900 }],
  ['360', { width: 360, height: 780 }],
] as const) {
  test(`axe finds no serious violation in dark at ${size} px`, async ({ browser }) => {
    test.setTimeout(240_000);
    const visitor = await browser.newContext({ colorScheme: 'dark', viewport });
    const page = await visitor.newPage();
    // At 1280 px a11y.spec.ts walks every screen of every role in dark: here the toasts only.
    const walksScreens = size === '360';
    for (const url of walksScreens ? ['/', '/signup', '/request-invitation', '/no-such-page'] : []) {
      await page.goto(url);
      await expectDark(page);
      await expectNoSeriousViolations(page, `visitor ${url} at ${size}`);
    }
    // An error toast.
    await page.goto('/');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.locator('[data-sonner-toast][data-type="error"]')).toBeVisible();
    await expectNoSeriousViolations(page, `sign-in with an error toast at ${size}`);
    await visitor.close();

    const context = await browser.newContext({ colorScheme: 'dark', viewport });
    const admin = await context.newPage();
    await signIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(admin).toHaveURL(/\/dashboard$/);
    // Another member's content: the tip page then shows its Like and Save buttons.
    const author = await createActiveMember(browser, admin.request, 'Author');
    const tipId = await createTip(author.context.request, `Tide pools ${size}`);
    const guide = await author.context.request.post('/api/guides', {
      headers: CSRF,
      data: {
        title: `Algarve in two days ${size}`,
        location: 'Sagres',
        countries: ['Portugal'],
        daysCount: 2,
        items: [
          { dayNumber: 1, customTitle: 'Fortress walk' },
          { dayNumber: 1, tipId },
          { dayNumber: 2, customTitle: 'Cape St Vincent' },
        ],
      },
    });
    expect(guide.status(), await guide.text()).toBe(201);
    const guideId = ((await guide.json()) as { id: string }).id;
    const screens = [
      '/dashboard',
      '/explore',
      `/view-tip/${tipId}`,
      `/view-guide/${guideId}`,
      '/new-tip',
      '/profile',
      '/connections',
      '/notifications',
      '/admin',
      '/design-options',
      '/no-such-page',
    ];
    for (const url of walksScreens ? screens : []) {
      await admin.goto(url);
      await expect(admin.getByRole('heading', { level: 1 }).first()).toBeVisible();
      if (url === '/explore')
        await expect(admin.getByRole('link', { name: new RegExp(`Tide pools ${size}`) }).first()).toBeVisible();
      await expectDark(admin);
      await expectNoSeriousViolations(admin, `${url} at ${size}`);
    }
    // Every tab of the admin panel (the system message's Active badge), and a success toast.
    const banner = await admin.request.post('/api/admin/system-messages', {
      headers: CSRF,
      data: { title: 'Maintenance', content: 'Tonight at ten.' },
    });
    expect(banner.status()).toBe(201);
    await admin.goto('/admin');
    const tabs = admin.getByRole('tab');
    await expect(tabs.first()).toBeVisible();
    for (const tab of walksScreens ? await tabs.all() : []) {
      // Focus selects a tab (Radix): at 360 px a tab's click can land on the panel below it.
      await tab.focus();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expectNoSeriousViolations(admin, `admin tab ${await tab.textContent()} at ${size}`);
    }
    await admin.goto(`/view-tip/${tipId}`);
    await waitForHydration(admin);
    await admin.getByRole('button', { name: /^like/i }).first().click();
    await expect(admin.locator('[data-sonner-toast][data-type="success"]')).toBeVisible();
    await expectNoSeriousViolations(admin, `a success toast at ${size}`);
    await deactivateBanner(admin.request, String(((await banner.json()) as { id: string }).id));
    await Promise.all([context.close(), author.context.close()]);
  });
}
