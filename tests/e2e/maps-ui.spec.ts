/**
 * Issue 22's maps in the browser: Explore's Map view and the profile's world map draw from our
 * own origin only (no tile or font server), show their list alternatives, fit a 360 px phone and
 * pass axe. The Explore data assertions need the lead's GET /api/map/tips.
 */
import { type Page, expect, test } from '@playwright/test';
import { axeViolations } from './axe';
import { CSRF, E2E_ADMIN, createActiveMember, waitForHydration } from './fixtures';
import { ownHost, recordHosts } from './own-origin';

async function expectNoOverflowAt360(page: Page) {
  await page.setViewportSize({ width: 360, height: 740 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

test('Explore: the Map view shows a tip from its Google Maps link, with its list, from our origin only', async ({ browser }) => {
  const adminContext = await browser.newContext();
  expect((await adminContext.request.post('/api/auth/sign-in', { headers: CSRF, data: E2E_ADMIN })).status()).toBe(200);
  const member = await createActiveMember(browser, adminContext.request, 'Mapper');
  const title = `Tower view ${member.person.fullName}`;
  const created = await member.context.request.post('/api/tips', {
    headers: CSRF,
    data: {
      title,
      country: 'France',
      city: 'Paris',
      description: 'Go up at dusk.',
      googleMapsUrl: 'https://www.google.com/maps/@48.8584,2.2945,17z',
      isPrivate: false,
    },
  });
  expect(created.status()).toBe(201);
  const { page } = member;
  const hosts = recordHosts(page);

  await page.goto(`/explore?q=${encodeURIComponent(member.person.fullName)}`);
  await waitForHydration(page);
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Map' }).click();
  await expect(page).toHaveURL(/[?&]view=map/);
  const map = page.getByRole('region', { name: /Tips on the map/ });
  await expect(map).toBeVisible();
  // The Natural Earth countries are the base map: SVG paths, no tiles.
  await expect.poll(() => map.locator('path.wm-country').count()).toBeGreaterThan(200);
  await expect(map.locator('.leaflet-tile')).toHaveCount(0);

  // The search narrows the map to this member's tip: one point, and the same in the list.
  await expect(page.getByText('1 tip on the map')).toBeVisible();
  await expect(page.getByRole('region', { name: 'In this view' }).getByRole('link', { name: new RegExp(title) })).toBeVisible();
  await map.locator('.wm-point').click();
  await expect(map.locator('.leaflet-popup').getByRole('link', { name: title })).toBeVisible();

  // The Guides tab has no map view.
  await page.getByRole('tab', { name: /Guides/ }).click();
  await expect(page.getByRole('group', { name: 'View' })).toHaveCount(0);
  await page.getByRole('tab', { name: /All/ }).click();
  await expect(map).toBeVisible();

  expect(await axeViolations(page)).toEqual([]);
  await expectNoOverflowAt360(page);
  expect([...hosts]).toEqual([ownHost(page)]);
});

test('Explore: tips at one spot stay a cluster; at the deepest zoom it lists them, on the map and in the list', async ({
  browser,
}) => {
  const adminContext = await browser.newContext();
  expect((await adminContext.request.post('/api/auth/sign-in', { headers: CSRF, data: E2E_ADMIN })).status()).toBe(200);
  const member = await createActiveMember(browser, adminContext.request, 'Stacker');
  // No maps link: both sit on Kyoto's centre (the gazetteer's), one spot no zoom can split.
  const titles = ['Moss temple', 'Night market'].map((t) => `${t} ${member.person.fullName}`);
  for (const title of titles) {
    const data = { title, country: 'Japan', city: 'Kyoto', description: 'Worth it.', isPrivate: false };
    expect((await member.context.request.post('/api/tips', { headers: CSRF, data })).status()).toBe(201);
  }
  const { page } = member;
  await page.goto(`/explore?view=map&q=${encodeURIComponent(member.person.fullName)}`);
  await waitForHydration(page);
  const list = page.getByRole('region', { name: 'In this view' });
  await expect(page.getByText('2 tips on the map')).toBeVisible();
  // Zoom in through the list's cluster until the map can go no deeper.
  const entry = list.getByText(/area: 2 tips/);
  for (let i = 0; i < 12 && (await list.locator('summary').count()) === 0; i++) {
    await entry.click();
    await page.waitForTimeout(400);
  }
  await list.locator('summary').click();
  for (const title of titles) await expect(list.getByRole('link', { name: title })).toBeVisible();
  const map = page.getByRole('region', { name: /Tips on the map/ });
  await map.locator('.wm-cluster').click();
  for (const title of titles) await expect(map.locator('.leaflet-popup').getByRole('link', { name: title })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('Profile: the world map colours the visited countries, and a country lists the tips there', async ({ browser }) => {
  const adminContext = await browser.newContext();
  expect((await adminContext.request.post('/api/auth/sign-in', { headers: CSRF, data: E2E_ADMIN })).status()).toBe(200);
  const member = await createActiveMember(browser, adminContext.request, 'Globetrotter');
  for (const [country, city, title] of [
    ['Japan', 'Kyoto', 'Moss garden'],
    ['Monaco', 'Monaco', 'Harbour steps'],
  ]) {
    const created = await member.context.request.post('/api/tips', {
      headers: CSRF,
      data: { title: `${title} ${member.person.fullName}`, country, city, description: 'Early.', isPrivate: false },
    });
    expect(created.status()).toBe(201);
  }
  const { page } = member;
  const hosts = recordHosts(page);

  await page.goto('/profile');
  await waitForHydration(page);
  const map = page.getByRole('region', { name: /’s countries/ });
  await expect(map).toBeVisible();
  // Japan and Monaco (a microstate 1:50m keeps) coloured; nothing else.
  await expect(map.locator('path.wm-country-visited')).toHaveCount(2);

  const visited = page.getByRole('list', { name: 'Visited countries' });
  await visited.getByRole('button', { name: 'Japan' }).click();
  await expect(page.getByRole('heading', { name: /’s tips in Japan/ })).toBeVisible();
  await expect(page.getByRole('link', { name: `Moss garden ${member.person.fullName}` })).toBeVisible();
  await expect(page.getByRole('link', { name: /Harbour steps/ })).toHaveCount(0);

  expect(await axeViolations(page)).toEqual([]);
  await expectNoOverflowAt360(page);
  await page.screenshot({ path: '.tmp/shots/maps-profile-360.png', fullPage: true });
  expect([...hosts]).toEqual([ownHost(page)]);
});

test('Explore: a tip in a village the gazetteer does not know is on the map at its country, and its page says so', async ({
  browser,
}) => {
  const adminContext = await browser.newContext();
  expect((await adminContext.request.post('/api/auth/sign-in', { headers: CSRF, data: E2E_ADMIN })).status()).toBe(200);
  const member = await createActiveMember(browser, adminContext.request, 'Villager');
  // Issue 36: "4 tips on the map" for 5. Four known cities and Piódão (about 200 people).
  const places = [
    ['Portugal', 'Lisbon'],
    ['Portugal', 'Porto'],
    ['France', 'Paris'],
    ['Japan', 'Kyoto'],
    ['Portugal', 'Piódão'],
  ] as const;
  const ids: string[] = [];
  for (const [country, city] of places) {
    const data = { title: `${city} walk ${member.person.fullName}`, country, city, description: 'Early.', isPrivate: false };
    const created = await member.context.request.post('/api/tips', { headers: CSRF, data });
    expect(created.status()).toBe(201);
    ids.push(((await created.json()) as { id: string }).id);
  }
  const { page } = member;
  await page.goto(`/explore?view=map&q=${encodeURIComponent(member.person.fullName)}`);
  await waitForHydration(page);
  await expect(page.getByRole('tab', { name: /Tips/ })).toContainText('5');
  await expect(page.getByText('5 tips on the map')).toBeVisible();
  await expect(page.getByText('Your private and connections-only tips are in the list, not on the map.')).toBeVisible();
  await expectNoOverflowAt360(page);
  await page.screenshot({ path: '.tmp/shots/maps-unknown-place-explore-360.png', fullPage: true });

  await page.goto(`/view-tip/${ids[4]}`);
  await waitForHydration(page);
  await expect(page.getByText('Shown on the map at Portugal, the place was not found')).toBeVisible();
  await expect(page.getByRole('region', { name: /Map: where/ }).locator('.wm-pin')).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: '.tmp/shots/maps-unknown-place-tip-360.png', fullPage: true });
  await page.goto(`/view-tip/${ids[0]}`);
  await expect(page.getByText('Centre of Lisbon')).toBeVisible();
});
