/**
 * Issue 24, "Your data": from the own profile a member downloads the zip of their data (opened
 * and read back here), by mouse and by keyboard; the hour's limit is said under the button; and
 * Delete Account sits beside it. The card at 360 px and on a desktop: no overflow, axe clean.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { DATA_EXPORT_TEXTS } from '@common/schemas/data-export';
import { PROFILE_TEXTS } from '@common/schemas/profile';
import { jsonLinesOf, jsonOf, unzip } from '@server-test/unzip';
import { axeViolations } from './axe';
import { CSRF, E2E_ADMIN, createActiveMember, dismissToasts, expectToast } from './fixtures';

const SHOTS = '.tmp/shots';

async function downloadZip(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), entries: await unzip(readFileSync(path)) };
}

test('a member downloads their data from the profile, and finds Delete Account beside it', async ({ browser }) => {
  test.setTimeout(180_000);
  const adminContext = await browser.newContext();
  expect((await adminContext.request.post('/api/auth/sign-in', { headers: CSRF, data: E2E_ADMIN })).status()).toBe(200);
  const member = await createActiveMember(browser, adminContext.request, 'Keeper');
  const api = member.context.request;
  const photo = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#2a9d8f' } })
    .jpeg()
    .toBuffer();
  const uploaded = await api.post('/api/uploads/tip-photos', {
    headers: CSRF,
    multipart: { photos: { name: 'harbour.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(uploaded.status()).toBe(201);
  const photoUrls = ((await uploaded.json()) as { urls: string[] }).urls;
  const tip = await api.post('/api/tips', {
    headers: CSRF,
    data: { title: 'Harbour at dusk', country: 'Portugal', city: 'Porto', description: 'Go at dusk.', photoUrls },
  });
  expect(tip.status()).toBe(201);

  const { page } = member;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/profile');
  const card = page.locator('#your-data');
  await expect(card.getByRole('heading', { name: DATA_EXPORT_TEXTS.cardTitle })).toBeVisible();
  for (const line of DATA_EXPORT_TEXTS.contents) await expect(card.getByText(line)).toBeVisible();

  // The download: a plain browser download of the zip, read back here.
  const byMouse = await downloadZip(page, () => card.getByRole('button', { name: DATA_EXPORT_TEXTS.downloadButton }).click());
  expect(byMouse.name).toMatch(/^waymark-[\w-]+-\d{4}-\d{2}-\d{2}\.zip$/);
  const names = byMouse.entries.map((e) => e.name);
  expect(names).toEqual(
    expect.arrayContaining(['README.txt', 'profile.json', 'tips.jsonl', 'guides.jsonl', 'likes.jsonl', 'saves.jsonl']),
  );
  expect(names).toEqual(expect.arrayContaining(['connections.jsonl', 'notifications.jsonl', 'invitation-request.json']));
  expect(jsonOf<{ account: { email: string } }>(byMouse.entries, 'profile.json').account.email).toBe(member.person.email);
  const [tipRecord] = jsonLinesOf<{ title: string; photos: { file: string }[] }>(byMouse.entries, 'tips.jsonl');
  expect(tipRecord?.title).toBe('Harbour at dusk');
  const photoEntry = byMouse.entries.find((e) => e.name === tipRecord?.photos[0]?.file);
  expect((await sharp(photoEntry?.data).metadata()).format).toBe('webp');
  // Invited through the real request: it is in the export.
  expect(jsonOf<{ email: string } | null>(byMouse.entries, 'invitation-request.json')?.email).toBe(member.person.email);
  await expectToast(page, DATA_EXPORT_TEXTS.downloadStarted);
  await dismissToasts(page);
  await expect(page).toHaveURL(/\/profile$/);

  // By keyboard: the button takes focus and Enter starts the download.
  await card.getByRole('button', { name: DATA_EXPORT_TEXTS.downloadButton }).focus();
  const byKeyboard = await downloadZip(page, () => page.keyboard.press('Enter'));
  expect(byKeyboard.entries.some((e) => e.name === 'profile.json')).toBe(true);
  await dismissToasts(page);

  // Delete Account beside it: its confirmation opens, and Cancel keeps everything.
  await card.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading', { name: PROFILE_TEXTS.deleteConfirmTitle })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  // Screenshots and axe, desktop and 360 px.
  mkdirSync(SHOTS, { recursive: true });
  expect(await axeViolations(page)).toEqual([]);
  await card.screenshot({ path: `${SHOTS}/your-data-1280.png` });
  await page.setViewportSize({ width: 360, height: 800 });
  await card.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await axeViolations(page, '#your-data')).toEqual([]);
  await card.screenshot({ path: `${SHOTS}/your-data-360.png` });

  // The hour's third export was made elsewhere; the fourth is refused under the button.
  expect((await api.post('/api/account/export', { headers: CSRF })).status()).toBe(201);
  await card.getByRole('button', { name: DATA_EXPORT_TEXTS.downloadButton }).click();
  await expect(card.getByRole('alert')).toHaveText(DATA_EXPORT_TEXTS.tooManyExports);
  await card.screenshot({ path: `${SHOTS}/your-data-360-refused.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await card.screenshot({ path: `${SHOTS}/your-data-1280-refused.png` });
  await member.context.close();
  await adminContext.close();
});
