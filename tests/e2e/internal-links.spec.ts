/**
 * Issue 36, item 2: the map's pop-up and its "In this view" list linked to /tips/<id>, a path no
 * route serves (a 404). The class: every internal link any screen draws, on the walk of every
 * member and admin screen plus what only opens on a click (a map marker's pop-up, the list under
 * the map, the admin's report cards), must be served. "Served" is decided by the app's own route
 * table, as built: the render bundle's planFirstPaint (dist/ssr/entry-server.js, the same bundle
 * the server matches URLs with) says which route modules a path renders, and an unknown path
 * renders only the not-found route. Links the server answers itself (/api/..., files) are asked
 * of the server with the member's session instead.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Page, expect, test } from '@playwright/test';
import type { RenderBundle } from '../../common/first-paint';
import { CSRF, waitForHydration } from './fixtures';
import { type LongWorld, SCREENS, closeLongWorld, createLongWorld, walkScreens } from './screens';

/** path -> the first screen it was seen on. */
type Found = Map<string, string>;

const EIFFEL = 'https://www.google.com/maps/@48.8584,2.2945,17z';

async function routeTable(): Promise<(path: string) => boolean> {
  const file = pathToFileURL(path.resolve('dist/ssr/entry-server.js')).href;
  const bundle = (await import(file)) as RenderBundle;
  return (p) => !bundle.planFirstPaint(p, { isMember: true }).modules.some((m) => m.endsWith('/not-found.tsx'));
}

/** The server's own paths: the API and files (a dot in the last segment). */
const isServerPath = (p: string) => p.startsWith('/api/') || /\/[^/]*\.[a-z0-9]+$/i.test(p);

async function collect(page: Page, screen: string, found: Found) {
  const origin = new URL(page.url()).origin;
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  for (const href of hrefs) {
    const url = new URL(href);
    if (url.origin !== origin) continue;
    if (!found.has(url.pathname)) found.set(url.pathname, screen);
  }
}

test.describe('every internal link a screen draws is served', () => {
  test.describe.configure({ mode: 'default' });
  let world: LongWorld;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(240_000);
    world = await createLongWorld(browser);
  });
  test.afterAll(() => closeLongWorld(world));

  test('the route table check itself: /tips/<id> is not served, /view-tip/<id> is', async () => {
    const isServed = await routeTable();
    expect(isServed(`/tips/${world.tipId}`)).toBe(false);
    expect(isServed('/no-such-place')).toBe(false);
    for (const p of ['/', `/view-tip/${world.tipId}`, `/view-guide/${world.guideId}`, '/explore', '/members/someone/tips']) {
      expect(isServed(p), p).toBe(true);
    }
  });

  test('the member’s and the admin’s screens, the map’s pop-up and list, the report cards', async () => {
    test.setTimeout(480_000);
    const found: Found = new Map();
    const member = world.sessions.member;
    const admin = world.sessions.admin;

    // Content the walk's screens do not have: a placed tip of the member's (the map), and a tip of
    // the admin's that the member reports (the admin's Reports tab links to it and its author).
    const mark = Date.now().toString(36);
    const title = `Links walk tower ${mark}map`;
    const placed = await member.request.post('/api/tips', {
      headers: CSRF,
      data: { title, country: 'France', city: 'Paris', description: 'Go up at dusk.', googleMapsUrl: EIFFEL },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const adminTip = await admin.request.post('/api/tips', {
      headers: CSRF,
      data: { title: `Reported ${mark}`, country: 'Japan', city: 'Kyoto', description: 'Report me.' },
    });
    expect(adminTip.status()).toBe(201);
    const adminTipId = ((await adminTip.json()) as { id: string }).id;
    const report = await member.request.post('/api/reports', {
      headers: CSRF,
      data: { target: 'tip', targetId: adminTipId, reason: 'spam' },
    });
    expect(report.status(), await report.text()).toBe(201);

    const memberPage = await member.newPage();
    await walkScreens(memberPage, 'member', world, (screen) => collect(memberPage, screen.name, found));

    // The map: a marker's pop-up and the list under the map ("In this view").
    await memberPage.goto(`/explore?view=map&q=${mark}map`);
    await waitForHydration(memberPage);
    const map = memberPage.getByRole('region', { name: /Tips on the map/ });
    await expect(memberPage.getByText('1 tip on the map')).toBeVisible();
    const list = memberPage.getByRole('region', { name: 'In this view' });
    await expect(list.getByRole('link', { name: new RegExp(title) })).toBeVisible();
    await collect(memberPage, 'explore-map-list', found);
    await map.locator('.wm-point').click();
    await expect(map.locator('.leaflet-popup').getByRole('link', { name: title })).toBeVisible();
    await collect(memberPage, 'explore-map-popup', found);
    await memberPage.close();

    const adminPage = await admin.newPage();
    await walkScreens(adminPage, 'admin', world, (screen) => collect(adminPage, screen.name, found));
    for (const name of [/Reports/, /Audit log/]) {
      await adminPage.getByRole('tab', { name }).click();
      await expect(adminPage.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
      await expect(adminPage.locator('[aria-busy="true"], [data-slot="skeleton"]')).toHaveCount(0);
      if (String(name) === String(/Reports/)) await expect(adminPage.getByText(`Reported ${mark}`).first()).toBeVisible();
      await collect(adminPage, `admin-${String(name)}`, found);
    }
    await adminPage.close();

    // The walk saw the pages it is about, so an empty collection cannot pass.
    expect(found.get(`/view-tip/${world.tipId}`)).toBeDefined();
    expect(found.get(`/view-tip/${adminTipId}`)).toBeDefined();
    expect([...found.keys()].filter((p) => p.startsWith('/view-tip/')).length).toBeGreaterThan(2);

    const isServed = await routeTable();
    const broken: string[] = [];
    for (const [p, screen] of found) {
      if (/\/(undefined|null)(\/|$)/.test(p)) broken.push(`${p} (on ${screen}): undefined in the path`);
      else if (isServerPath(p)) {
        const status = (await member.request.get(p, { maxRedirects: 0 })).status();
        const asAdmin = status >= 400 ? (await admin.request.get(p, { maxRedirects: 0 })).status() : status;
        if (asAdmin >= 400) broken.push(`${p} (on ${screen}): ${asAdmin}`);
      } else if (!isServed(p)) broken.push(`${p} (on ${screen}): no route`);
    }
    expect(broken).toEqual([]);
    // For a person reading the run: how much was walked.
    test.info().annotations.push({
      type: 'links',
      description: `${found.size} distinct paths on ${SCREENS.member.length + SCREENS.admin.length + 4} screens`,
    });
  });
});
