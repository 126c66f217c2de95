/**
 * Issue 23's exports in the browser: from a guide's Export menu a member downloads the calendar
 * and the GPS route (read back with the API tests' parsers), and opens the print layout, which
 * Chromium prints to PDF on A4 and Letter with every item on it and no app chrome.
 */
import { readFileSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { gpxSchemaErrors, parseCalendar, parseGpx } from '@server-test/exports/export-parsers';
import { CSRF, E2E_ADMIN, createActiveMember, dismissToasts, waitForHydration } from './fixtures';
import { pdfPages } from './pdf-pages';

const TRICKY = 'Tasca "O Zé" & <Fado>; Alfama, café';

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), text: readFileSync(await file.path(), 'utf8') };
}

test('a guide exports to calendar, GPS route and a print layout that prints on A4 and Letter', async ({ browser }) => {
  const adminContext = await browser.newContext();
  expect((await adminContext.request.post('/api/auth/sign-in', { headers: CSRF, data: E2E_ADMIN })).status()).toBe(200);
  const member = await createActiveMember(browser, adminContext.request, 'Exporter');
  const api = member.context.request;
  const post = async (url: string, data: unknown) => {
    const res = await api.post(url, { headers: CSRF, data });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: string; urls: string[] };
  };
  const castle = await post('/api/tips', {
    title: 'Castle of São Jorge',
    country: 'Portugal',
    city: 'Lisbon',
    description: 'Go at opening time.',
    googleMapsUrl: 'https://www.google.com/maps/@38.7139,-9.1335,17z',
  });
  const tasca = await post('/api/tips', { title: TRICKY, country: 'Portugal', city: 'Lisbon', description: 'Fado at 10.' });
  const photos: string[] = [];
  for (const color of ['#1d3557', '#e76f51', '#2a9d8f']) {
    const buffer = await sharp({ create: { width: 640, height: 400, channels: 3, background: color } })
      .png()
      .toBuffer();
    const res = await api.post('/api/uploads/guide-photos', {
      headers: CSRF,
      multipart: { photos: { name: 'p.png', mimeType: 'image/png', buffer } },
    });
    photos.push(...((await res.json()) as { urls: string[] }).urls);
  }
  const title = `Lisbon, slowly ${member.person.fullName}`;
  const guide = await post('/api/guides', {
    title,
    location: 'Lisbon',
    countries: ['Portugal'],
    daysCount: 3,
    photoUrls: photos,
    items: [
      { dayNumber: 1, tipId: castle.id },
      { dayNumber: 1, customTitle: 'Lunch by the river', customDescription: 'Grilled sardines.\nCash only.' },
      { dayNumber: 1, tipId: tasca.id },
      { dayNumber: 2, customTitle: 'Train north', customPlaceName: 'Porto' },
    ],
  });
  const itemTitles = ['Castle of São Jorge', 'Lunch by the river', TRICKY, 'Train north'];

  const { page } = member;
  await page.goto(`/view-guide/${guide.id}`);
  await waitForHydration(page);
  const menu = page.getByRole('button', { name: 'Export' });

  // Calendar: the first day asked for (today by default), one all-day event a day.
  await menu.click();
  await page.getByRole('menuitem', { name: 'Add to calendar (.ics)' }).click();
  const firstDay = page.getByLabel("Trip's first day");
  await expect(firstDay).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await firstDay.fill('2027-03-30');
  const ics = await download(page, () => page.getByRole('button', { name: 'Download .ics' }).click());
  expect(ics.name).toMatch(/^lisbon-slowly-exporter-.*\.ics$/);
  const { events } = parseCalendar(ics.text);
  expect(events.map((e) => [e.start, e.isAllDay])).toEqual([
    ['2027-03-30', true],
    ['2027-03-31', true],
    ['2027-04-01', true],
  ]);
  const day1 = events[0]?.description.split('\n').filter((line) => /^\d+\. /.test(line));
  expect(day1).toEqual(['1. Castle of São Jorge', '2. Lunch by the river', `3. ${TRICKY}`]);
  await dismissToasts(page);

  // GPS route: valid GPX 1.1, the placed items in order (the lunch has no place).
  await menu.click();
  const gpx = await download(page, () => page.getByRole('menuitem', { name: 'GPS route (.gpx)' }).click());
  expect(gpx.name).toMatch(/\.gpx$/);
  expect(await gpxSchemaErrors(gpx.text)).toEqual([]);
  const route = parseGpx(gpx.text);
  expect(route.waypoints.map((w) => w.name)).toEqual(['Castle of São Jorge', TRICKY, 'Train north']);
  expect(route.routes.map((r) => r.points.map((p) => p.name))).toEqual([['Castle of São Jorge', TRICKY], ['Train north']]);
  await dismissToasts(page);

  // Print layout: no app chrome, a Print button on screen only, every item with its maps link.
  await menu.click();
  await page.getByRole('menuitem', { name: 'Print or save as PDF' }).click();
  await expect(page).toHaveURL(new RegExp(`/print-guide/${guide.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'https://www.google.com/maps/@38.7139,-9.1335,17z' })).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await expect
    .poll(() => page.locator('img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete)))
    .toBe(true);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();

  for (const format of ['A4', 'Letter'] as const) {
    const pages = await pdfPages(await page.pdf({ format }));
    expect(pages.length, format).toBeGreaterThanOrEqual(1);
    expect(pages.length, format).toBeLessThanOrEqual(3);
    const text = pages.join('\n');
    expect(text).toContain(title);
    // Each item whole on one page (break-inside: avoid), and nothing of the screen-only row.
    for (const item of itemTitles)
      expect(
        pages.some((p) => p.includes(item)),
        `${format}: ${item}`,
      ).toBe(true);
    expect(text).not.toContain('Back to guide');
    expect(
      pages.every((p) => p.trim() !== ''),
      `${format}: a blank page`,
    ).toBe(true);
  }
});

test('an admin opens a guide a moderator hid: its map and GPS route work as for its author', async ({ browser }) => {
  test.setTimeout(180_000);
  const adminContext = await browser.newContext();
  expect((await adminContext.request.post('/api/auth/sign-in', { headers: CSRF, data: E2E_ADMIN })).status()).toBe(200);
  const author = await createActiveMember(browser, adminContext.request, 'Hidden author');
  const reporter = await createActiveMember(browser, adminContext.request, 'Hidden reporter');
  const post = async (context: typeof author.context, url: string, data: unknown, status = 201) => {
    const res = await context.request.post(url, { headers: CSRF, data });
    expect(res.status(), await res.text()).toBe(status);
    return (await res.json()) as { id: string };
  };
  const castle = await post(author.context, '/api/tips', {
    title: 'Castle of São Jorge',
    country: 'Portugal',
    city: 'Lisbon',
    description: 'Go at opening time.',
    googleMapsUrl: 'https://www.google.com/maps/@38.7139,-9.1335,17z',
  });
  const guide = await post(author.context, '/api/guides', {
    title: `Hidden walk ${author.person.fullName}`,
    location: 'Lisbon',
    countries: ['Portugal'],
    daysCount: 1,
    items: [{ dayNumber: 1, tipId: castle.id }],
  });
  await post(reporter.context, '/api/reports', { target: 'guide', targetId: guide.id, reason: 'spam' });
  const hide = await adminContext.request.post('/api/admin/moderation', {
    headers: CSRF,
    data: { action: 'hide', target: 'guide', targetId: guide.id, reason: 'spam' },
  });
  expect(hide.status()).toBe(200);

  const page = await adminContext.newPage();
  await page.goto(`/view-guide/${guide.id}`);
  await waitForHydration(page);
  await expect(
    page.getByRole('region', { name: /Map of the whole trip/ }).getByRole('button', { name: /^Day 1, stop 1/ }),
  ).toBeVisible();
  await expect(page.getByText('The map could not be loaded just now.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Export' }).click();
  const gpx = await download(page, () => page.getByRole('menuitem', { name: 'GPS route (.gpx)' }).click());
  expect(parseGpx(gpx.text).waypoints.map((w) => w.name)).toEqual(['Castle of São Jorge']);

  // Anyone else: the guide is not there, nor its map.
  expect((await reporter.context.request.get(`/api/guides/${guide.id}/map`)).status()).toBe(404);
  for (const context of [author.context, reporter.context, adminContext]) await context.close();
});
