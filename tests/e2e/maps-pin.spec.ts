/**
 * Maps on the tip form, the tip page and the guide page (issue 22): a maps link places the tip
 * exactly, the member can pin it by keyboard, and a guide's day shows its stops in order. At
 * 360 px nothing scrolls sideways and axe finds nothing serious on these screens.
 */
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { SHOTS_DIR, axeViolations } from './axe';
import { CSRF, E2E_ADMIN, choose, signIn, waitForHydration } from './fixtures';
import { ownHost, recordHosts } from './own-origin';

const EIFFEL = 'https://www.google.com/maps/place/Eiffel+Tower/@48.8583701,2.2944813,17z';
const LOUVRE = 'https://www.google.com/maps/place/Louvre+Museum/@48.8606111,2.337644,17z';
const PHONE = { width: 360, height: 800 };

/** WAYMARK_SHOTS=1: the screens as a person would look at them. */
async function shot(page: Page, name: string) {
  if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/maps-pin-${name}.png`, fullPage: true });
}

async function sideways(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Hydration mismatches of the server-drawn pages, to assert there are none. */
function watchHydration(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Hydration')) errors.push(message.text());
  });
  return errors;
}

async function createTip(request: APIRequestContext, title: string, googleMapsUrl: string) {
  const response = await request.post('/api/tips', {
    headers: CSRF,
    data: { title, country: 'France', city: 'Paris', description: `About ${title}`, googleMapsUrl },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test('a maps link places the tip on its page; a pin dropped by keyboard wins', async ({ page }) => {
  const title = `Eiffel at dusk ${Date.now().toString(36)}`;
  const hydration = watchHydration(page);
  const hosts = recordHosts(page);
  await page.setViewportSize(PHONE);
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/new-tip');

  await page.getByLabel('Title').fill(title);
  await choose(page, 'Country', 'France');
  await page.getByLabel('City').fill('Paris');
  await page.getByLabel('Maps link').fill(EIFFEL);
  await page.getByLabel('Short description').fill('Go up just before sunset.');
  const location = page.locator('output#pin');
  await expect(location).toContainText('From the maps link');
  await expect(location).toContainText('48.85837, 2.29448');
  await expect(page.getByRole('region', { name: /Tip location map/ })).toBeVisible();
  await shot(page, 'tip-form-360');
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);

  const created = page.waitForResponse((r) => r.url().endsWith('/api/tips') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Create Tip' }).click();
  const tipId = ((await (await created).json()) as { id: string }).id;

  await page.goto(`/view-tip/${tipId}`);
  await waitForHydration(page);
  await expect(page.getByText('Exact place')).toBeVisible();
  const map = page.getByRole('region', { name: `Map: where ${title} is (arrow keys pan, plus and minus zoom)` });
  await expect(map).toBeVisible();
  await expect(map.locator('.wm-pin')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'View on Maps' })).toBeVisible();
  await shot(page, 'tip-page-360');
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);

  // Edit: pan by keyboard, then place the pin at the map's centre (no pointer needed).
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/edit-tip/${tipId}`);
  await expect(location).toContainText('From the maps link');
  await page.getByRole('region', { name: /Tip location map/ }).focus();
  await page.keyboard.press('ArrowRight');
  await page.getByRole('button', { name: 'Place pin at map centre' }).click();
  await expect(location).toContainText('Pinned by you');
  await expect(page.getByRole('button', { name: 'Remove my pin' })).toBeVisible();
  await shot(page, 'tip-edit-pinned-1280');
  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/tips/${tipId}`) && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const pin = ((await (await saved).request().postDataJSON()) as { pin: { latitude: number; longitude: number } }).pin;
  // Panned a little east of the Eiffel Tower (how far depends on the zoom).
  expect(pin.latitude).toBeCloseTo(48.858, 0);
  expect(pin.longitude).toBeGreaterThan(2.2944813);
  expect(pin.longitude).toBeLessThan(7);
  await expect(page).toHaveURL(new RegExp(`/view-tip/${tipId}$`));
  await expect(page.getByText('Pinned by the author')).toBeVisible();
  await expect(page.locator('.wm-pin')).toHaveCount(1);
  await shot(page, 'tip-page-pinned-1280');
  expect(hydration).toEqual([]);
  expect([...hosts]).toEqual([ownHost(page)]);
});

test("a guide's day shows its stops 1 and 2 in itinerary order", async ({ page }) => {
  const token = Date.now().toString(36);
  const hydration = watchHydration(page);
  const hosts = recordHosts(page);
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const first = await createTip(page.request, `Eiffel Tower ${token}`, EIFFEL);
  const second = await createTip(page.request, `Louvre ${token}`, LOUVRE);
  const guide = await page.request.post('/api/guides', {
    headers: CSRF,
    data: {
      title: `Paris in two days ${token}`,
      location: 'Paris',
      countries: ['France'],
      daysCount: 2,
      items: [
        { dayNumber: 1, tipId: first },
        { dayNumber: 1, tipId: second },
        { dayNumber: 2, customTitle: 'Lunch somewhere', customPlaceName: 'Not a real town anywhere' },
      ],
    },
  });
  expect(guide.status(), await guide.text()).toBe(201);
  const guideId = ((await guide.json()) as { id: string }).id;

  await page.setViewportSize(PHONE);
  await page.goto(`/view-guide/${guideId}`);
  await waitForHydration(page);
  // The list alternative: the itinerary says which stop each item is.
  await expect(page.getByTestId('map-stop-number')).toHaveText(['Map stop 1', 'Map stop 2']);
  await expect(page.getByText('No stop of this day has a place on the map')).toBeVisible();

  await page.getByRole('button', { name: 'Day 1', exact: true }).click();
  const map = page.getByRole('region', { name: /Map of day 1/ });
  await expect(map).toBeVisible();
  const stops = map.getByRole('button', { name: /^Stop \d/ });
  await expect(stops).toHaveCount(2);
  await expect(stops.nth(0)).toHaveAccessibleName(`Stop 1: Eiffel Tower ${token}`);
  await expect(stops.nth(1)).toHaveAccessibleName(`Stop 2: Louvre ${token}`);
  await expect(map.locator('path.wm-route')).toHaveCount(1);
  // A stop is a button: Enter opens its card, which links to the tip.
  await stops.first().focus();
  await page.keyboard.press('Enter');
  await expect(map.getByRole('link', { name: `Eiffel Tower ${token}` })).toBeVisible();
  await stops.nth(1).focus();
  await page.keyboard.press('Space');
  await expect(map.getByRole('link', { name: `Louvre ${token}` })).toBeVisible();

  await shot(page, 'guide-360');
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Whole trip' }).click();
  await expect(
    page.getByRole('region', { name: /Map of the whole trip/ }).getByRole('button', { name: /^Day 1, stop/ }),
  ).toHaveCount(2);
  await shot(page, 'guide-1280');
  expect(await axeViolations(page)).toEqual([]);
  expect(hydration).toEqual([]);
  expect([...hosts]).toEqual([ownHost(page)]);
});
