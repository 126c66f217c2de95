/**
 * Issue 36, item 3 (ADR 102): what a member saves, writes or makes available offline in the first
 * seconds on a new device reaches the offline copy, though the service worker was still
 * installing then: it did not control the page, saw none of those requests, and could take no
 * message. Each case opens a fresh browser context (a new device), holds the worker's install
 * (its precache of the offline shell) while the member acts, checks the worker was not active
 * yet, lets it finish, then goes offline and opens the guide (or the tip written): it shows, with
 * its itinerary.
 */
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { CSRF, E2E_ADMIN, createActiveMember, expectToast, shootPhoneAndDesktop, signIn, waitForHydration } from './fixtures';

test.use({ serviceWorkers: 'allow' });

const SHOTS = '.tmp/screenshots';

async function created(response: Awaited<ReturnType<APIRequestContext['post']>>) {
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Record<string, unknown> & { id: string };
}

async function upload(api: APIRequestContext, kind: 'tip-photos' | 'guide-photos', colour: string) {
  const buffer = await sharp({ create: { width: 640, height: 400, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const answer = await created(
    await api.post(`/api/uploads/${kind}`, {
      headers: CSRF,
      multipart: { photos: { name: 'p.png', mimeType: 'image/png', buffer } },
    }),
  );
  return (answer.urls as string[])[0]!;
}

/**
 * Holds the worker's install until `release()`: the worker precaches the offline shell, which no
 * page asks for, so holding that one request keeps the worker installing (inactive, controlling
 * nothing) for as long as the member acts.
 */
async function holdWorkerInstall(context: BrowserContext) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await context.route(/\/offline-shell(?:\?|$)/, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/** No worker active yet: none took the page over, none could take a message. */
const workerState = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return { isActive: Boolean(registration?.active), isControlled: navigator.serviceWorker.controller !== null };
  });

/** Lets the worker install, waits until it controls the page, then cuts the network. */
async function finishInstallThenGoOffline(page: Page, release: () => void) {
  expect(await workerState(page)).toEqual({ isActive: false, isControlled: false });
  release();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.context().setOffline(true);
}

/** The guide's page, opened offline: its title, its itinerary and (when it has one) its cover. */
async function expectGuideOffline(page: Page, guide: { id: string; title: string; items: string[]; cover?: string }) {
  await page.goto(`/view-guide/${guide.id}`).catch(() => undefined);
  await expect(page.getByRole('status').filter({ hasText: "You're offline" })).toBeVisible();
  await expect(page.getByRole('heading', { name: guide.title, level: 1 })).toBeVisible();
  await expect(page.getByText('Failed to load guide')).toHaveCount(0);
  for (const item of guide.items) await expect(page.getByRole('region', { name: 'Day 1' })).toContainText(item);
  if (guide.cover) {
    const stem = guide.cover.replace(/\.webp$/, '');
    await expect
      .poll(() =>
        page
          .locator(`main img[src*="${stem}"]`)
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
  }
}

/** A fresh context (a new device) already signed in as the member, with no page opened yet. */
async function newDevice(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const signedIn = await context.request.post('/api/auth/sign-in', { headers: CSRF, data: { email, password } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return context;
}

test.describe('the first seconds on a new device reach the offline copy', () => {
  let author: { email: string; password: string; api: APIRequestContext; close: () => Promise<void> };
  let reader: { email: string; password: string };
  let guide: { id: string; title: string; items: string[]; cover: string; tipId: string; tipTitle: string };
  const stamp = Date.now().toString(36);

  test.beforeAll(async ({ browser }) => {
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await signIn(adminPage, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(adminPage).toHaveURL(/\/dashboard$/);
    const writer = await createActiveMember(browser, adminContext.request, 'First Seconds Author');
    const member = await createActiveMember(browser, adminContext.request, 'First Seconds Reader');
    await adminContext.close();
    await member.context.close();
    reader = { email: member.person.email, password: member.password };
    const api = writer.context.request;
    author = { email: writer.person.email, password: writer.password, api, close: () => writer.context.close() };

    const tipPhoto = await upload(api, 'tip-photos', '#2a9d8f');
    const cover = await upload(api, 'guide-photos', '#e9c46a');
    const tipTitle = `Ginjinha at the counter ${stamp}`;
    const tip = await created(
      await api.post('/api/tips', {
        headers: CSRF,
        data: {
          title: tipTitle,
          country: 'Portugal',
          city: 'Lisbon',
          description: 'A cherry liqueur, standing.',
          photoUrls: [tipPhoto],
        },
      }),
    );
    const title = `Alfama by night ${stamp}`;
    const answer = await created(
      await api.post('/api/guides', {
        headers: CSRF,
        data: {
          title,
          location: 'Lisbon',
          countries: ['Portugal'],
          daysCount: 1,
          photoUrls: [cover],
          items: [
            { dayNumber: 1, tipId: tip.id },
            { dayNumber: 1, customTitle: 'Fado in a tasca' },
          ],
        },
      }),
    );
    guide = { id: answer.id, title, items: [tipTitle, 'Fado in a tasca'], cover, tipId: tip.id, tipTitle };
  });

  test.afterAll(async () => {
    await author?.close();
  });

  test('a guide saved on the first page of a first visit reads offline, with its cover', async ({ browser }) => {
    const context = await newDevice(browser, reader.email, reader.password);
    const release = await holdWorkerInstall(context);
    const page = await context.newPage();
    await page.goto(`/view-guide/${guide.id}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'saved');
    await finishInstallThenGoOffline(page, release);
    await expectGuideOffline(page, guide);
    await context.close();
  });

  test('a guide saved just after signing in on a new device reads offline', async ({ browser }) => {
    const context = await browser.newContext();
    const release = await holdWorkerInstall(context);
    const page = await context.newPage();
    // The sign-in page's worker knows nobody; the member then signs in and goes on in the app.
    await signIn(page, reader.email, reader.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('navigation').getByRole('link', { name: 'Explore' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(guide.title);
    await expect(page).toHaveURL(/[?&]q=/);
    await page.getByTestId('content-card').filter({ hasText: guide.title }).first().click();
    await expect(page).toHaveURL(new RegExp(`/view-guide/${guide.id}$`));
    // Already saved by the first case on another device: unsave, then save again, both here.
    const save = page.getByRole('button', { name: /^Saved?$/ });
    if ((await save.getAttribute('aria-pressed')) === 'true') {
      await save.click();
      await expect(save).toHaveAttribute('aria-pressed', 'false');
    }
    await save.click();
    await expect(save).toHaveAttribute('aria-pressed', 'true');
    await finishInstallThenGoOffline(page, release);
    await expectGuideOffline(page, guide);
    await context.close();
  });

  test('"Make available offline" pressed on a first visit keeps the guide and its tips', async ({ browser }) => {
    const context = await newDevice(browser, reader.email, reader.password);
    const release = await holdWorkerInstall(context);
    const page = await context.newPage();
    await page.goto(`/view-guide/${guide.id}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Make available offline' }).click();
    // The downloads are done while the worker still installs; it stores them once it can.
    await expect(page.getByRole('progressbar', { name: 'Make available offline' })).toBeVisible();
    expect(await workerState(page)).toEqual({ isActive: false, isControlled: false });
    await shootPhoneAndDesktop(page, SHOTS, 'offline-first-visit-downloading', { check: true });
    release();
    await expect(page.getByRole('main').getByText('Available offline', { exact: true })).toBeVisible({ timeout: 30_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    await expectGuideOffline(page, guide);
    await shootPhoneAndDesktop(page, SHOTS, 'offline-first-visit-guide', { check: true });
    await page.goto(`/view-tip/${guide.tipId}`).catch(() => undefined);
    await expect(page.getByRole('heading', { name: guide.tipTitle, level: 1 })).toBeVisible();
    await context.close();
  });

  test('a guide written on a first visit reads offline', async ({ browser }) => {
    const context = await newDevice(browser, author.email, author.password);
    const release = await holdWorkerInstall(context);
    const page = await context.newPage();
    await page.goto('/new-guide');
    await waitForHydration(page);
    const title = `Belém before the buses ${stamp}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Location').fill('Lisbon');
    await page.getByLabel('Countries covered').fill('portu');
    await page.getByLabel('Countries covered').press('Enter');
    await expect(page.getByRole('list', { name: 'Countries covered' })).toContainText('Portugal');
    const day1 = page.getByRole('region', { name: 'Day 1' });
    await day1.getByLabel('Custom item for day 1').fill('Pastéis at opening time');
    await day1.getByRole('button', { name: 'Add custom item to day 1' }).click();
    await page.getByRole('button', { name: 'Create Guide' }).click();
    await expectToast(page, 'Your travel guide has been created successfully');
    await page.getByTestId('content-card').filter({ hasText: title }).click();
    await expect(page).toHaveURL(/\/view-guide\/[0-9a-f-]{36}$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    await finishInstallThenGoOffline(page, release);
    await expectGuideOffline(page, { id, title, items: ['Pastéis at opening time'] });
    await context.close();
  });

  test('a guide edited on a first visit reads offline as edited', async ({ browser }) => {
    const context = await newDevice(browser, author.email, author.password);
    const release = await holdWorkerInstall(context);
    const page = await context.newPage();
    await page.goto(`/edit-guide/${guide.id}`);
    await waitForHydration(page);
    const title = `${guide.title} (revised)`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    const day1 = page.getByRole('region', { name: 'Day 1' });
    await day1.getByLabel('Activity title for day 1').fill('Miradouro at dusk');
    await day1.getByRole('button', { name: 'Add Activity' }).click();
    await expect(day1).toContainText('Miradouro at dusk');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Guide updated successfully');
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await finishInstallThenGoOffline(page, release);
    await expectGuideOffline(page, { ...guide, title, items: [...guide.items, 'Miradouro at dusk'] });
    await context.close();
  });

  test('a tip edited on a first visit reads offline as edited', async ({ browser }) => {
    const context = await newDevice(browser, author.email, author.password);
    const release = await holdWorkerInstall(context);
    const page = await context.newPage();
    await page.goto(`/edit-tip/${guide.tipId}`);
    await waitForHydration(page);
    const title = `${guide.tipTitle} (revised)`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Tip updated successfully');
    await finishInstallThenGoOffline(page, release);
    await page.goto(`/view-tip/${guide.tipId}`).catch(() => undefined);
    await expect(page.getByRole('status').filter({ hasText: "You're offline" })).toBeVisible();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await context.close();
  });
});
