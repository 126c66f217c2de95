/**
 * Issue 23, "Installable, and readable offline" (ADRs 070-072), in one member's trip: the app
 * installs (manifest, icons, a service worker controlling the page); a saved guide opens from
 * Saved offline with its photo, under the offline banner, and a like is refused with its
 * message; "Make available offline" downloads a guide with its progress, and a tip inside it
 * opens offline; a new version waits for the member's Reload; sign-out leaves no member cache,
 * and an offline reload shows nothing of theirs; nor does deleting the account.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type APIResponse, type Page, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { CSRF, E2E_ADMIN, createActiveMember, expectToast, signIn, waitForHydration } from './fixtures';
import { PROFILE_TEXTS } from '@common/schemas/profile';
import { TEXTS } from '@common/texts';
import { axeViolations } from './axe';

test.use({ serviceWorkers: 'allow' });

async function ok(response: APIResponse, status = 201) {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as Record<string, unknown>;
}

async function photo(colour: string) {
  const buffer = await sharp({ create: { width: 640, height: 400, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { name: 'photo.png', mimeType: 'image/png', buffer };
}

/** True once the image has loaded with pixels (offline: from the service worker's copy). */
const hasLoaded = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

const memberCaches = (page: Page) =>
  page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('waymark-member-')));

test('installable; saved and downloaded guides read offline; sign-out and deletion clear the cache', async ({
  browser,
  request,
}) => {
  // Installable: the manifest and its icons.
  const manifest = await ok(await request.get('/manifest.webmanifest'), 200);
  expect(manifest).toMatchObject({ name: 'Waymark', short_name: 'Waymark', start_url: '/', scope: '/', display: 'standalone' });
  const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
  expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const src of [...icons.map((icon) => icon.src), '/icons/apple-touch-icon-180.png']) {
    const icon = await request.get(src);
    expect(icon.status(), src).toBe(200);
    expect(icon.headers()['content-type']).toBe('image/png');
  }

  // An author's guide with a cover and a tip with a photo; a reader who saves it.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(adminPage).toHaveURL(/\/dashboard$/);
  const author = await createActiveMember(browser, adminContext.request, 'Offline Author');
  const reader = await createActiveMember(browser, adminContext.request, 'Offline Reader');
  await adminContext.close();
  const api = author.context.request;
  const [tipPhoto] = (
    await ok(await api.post('/api/uploads/tip-photos', { headers: CSRF, multipart: { photos: await photo('#1d3557') } }))
  ).urls as string[];
  const [cover] = (
    await ok(await api.post('/api/uploads/guide-photos', { headers: CSRF, multipart: { photos: await photo('#e76f51') } }))
  ).urls as string[];
  const tipData = { country: 'Portugal', city: 'Lisbon', description: 'Go early, before the queue.', photoUrls: [tipPhoto] };
  const tip = await ok(await api.post('/api/tips', { headers: CSRF, data: { ...tipData, title: 'Pastel de nata at dawn' } }));
  const guideData = { location: 'Lisbon', countries: ['Portugal'], daysCount: 1, items: [{ dayNumber: 1, tipId: tip.id }] };
  const saved = await ok(
    await api.post('/api/guides', { headers: CSRF, data: { ...guideData, title: 'Lisbon on foot', photoUrls: [cover] } }),
  );
  const kept = await ok(await api.post('/api/guides', { headers: CSRF, data: { ...guideData, title: 'Lisbon by tram' } }));
  await author.context.close();

  const { page, context } = reader;
  await page.goto('/dashboard');
  // The service worker installs after load and takes the page over.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // Chromium's own install criteria (what its install prompt checks): none unmet but the one a
  // test browser's throwaway profile always has (it counts as incognito).
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  await cdp.detach();

  // Save the guide, then see it in Saved (both stored for this member).
  await page.goto(`/view-guide/${String(saved.id)}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'saved');
  await page.getByRole('navigation').getByRole('link', { name: 'Saved' }).click();
  await expect(page.getByRole('link', { name: /Lisbon on foot/ }).first()).toBeVisible();

  // Offline: reload, open it from Saved, with its photo.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: "You're offline" })).toBeVisible();
  await page
    .getByRole('link', { name: /Lisbon on foot/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Lisbon on foot' })).toBeVisible();
  await expect.poll(() => hasLoaded(page, `main img[src*="${cover!.replace(/\.webp$/, '')}"]`)).toBe(true);
  // The banner and the page on a phone: readable, no serious axe violation.
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await axeViolations(page, 'main')).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 720 });
  // A like needs the server: refused, with its message.
  await page.getByRole('button', { name: /^Like/ }).click();
  await expectToast(page, TEXTS.offlineNotSent);

  // Make available offline (online), with its progress, then a tip inside it opens offline.
  await context.setOffline(false);
  await page.goto(`/view-guide/${String(kept.id)}`);
  await waitForHydration(page);
  await page.evaluate(() => {
    const seen: string[] = ((window as unknown as { progressSeen: string[] }).progressSeen = []);
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"]');
      const text = bar?.getAttribute('aria-valuetext');
      if (text && !seen.includes(text)) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await page.getByRole('button', { name: 'Make available offline' }).click();
  await expect(page.getByRole('main').getByText('Available offline', { exact: true })).toBeVisible();
  const progress = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
  // The guide, its map and its tip, then its tip's thumbnail: 4 of 4 at the end.
  expect(progress.at(-1)).toBe('4 of 4');
  await context.setOffline(true);
  await page.goto(`/view-tip/${String(tip.id)}`).catch(() => undefined);
  await expect(page.getByRole('heading', { name: 'Pastel de nata at dawn' })).toBeVisible();

  // The profile shows the space used.
  await context.setOffline(false);
  await page.goto('/profile');
  await expect(page.getByText(/Offline storage: [\d.]+ [KM]B of 50 MB/)).toBeVisible();

  // A new version (the server's sw.js changes) waits: the member is told, and nothing reloads
  // until they choose Reload.
  const swFile = path.resolve(import.meta.dirname, '../../dist/web/sw.js');
  const currentWorker = readFileSync(swFile, 'utf8');
  try {
    writeFileSync(swFile, `${currentWorker}\n// next version ${Date.now()}\n`);
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
      return navigator.serviceWorker.getRegistration().then((registration) => registration?.update());
    });
    await expectToast(page, 'A new version of Waymark is ready');
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBeUndefined();
  } finally {
    writeFileSync(swFile, currentWorker);
  }

  // Sign out: no member cache is left, and an offline reload of a member page shows nothing of theirs.
  expect(await memberCaches(page)).toHaveLength(1);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect.poll(() => memberCaches(page)).toEqual([]);
  await context.setOffline(true);
  await page.goto('/saved').catch(() => undefined);
  await expect(page.getByText(/offline/i).first()).toBeVisible();
  await expect(page.getByText('Lisbon on foot')).toHaveCount(0);

  // Account deletion: the member's cache goes with the account.
  await context.setOffline(false);
  await signIn(page, reader.person.email, reader.password);
  // Signed in before leaving the page: a navigation now would cancel the sign-in request.
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/saved');
  await expect(page.getByRole('link', { name: /Lisbon on foot/ }).first()).toBeVisible();
  await expect.poll(() => memberCaches(page)).toHaveLength(1);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: PROFILE_TEXTS.deleteConfirmButton }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect.poll(() => memberCaches(page)).toEqual([]);
  await context.close();
});
