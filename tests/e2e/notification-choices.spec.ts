/**
 * Issue 25, notification choices (ADR 090, 091): a member turns likes off in Waymark and asks for
 * e-mails right away, by mouse and keyboard; a like then leaves no notification but an e-mail in
 * the admin's Outbox, whose job shows as sent; the e-mail's unsubscribe link, opened without
 * signing in, turns it off after one click. Card and pages at 360 px and on a desktop, axe clean.
 */
import { mkdirSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { PREFERENCE_TEXTS } from '@common/schemas/notification-preferences';
import { axeViolations } from './axe';
import { CSRF, E2E_ADMIN, createActiveMember, dismissToasts, expectToast } from './fixtures';

const SHOTS = '.tmp/shots';

/** The width of the page's content beyond the viewport (0: no sideways scrolling). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('a member chooses per kind; a like e-mails them at once; the link unsubscribes without signing in', async ({ browser }) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const adminContext = await browser.newContext();
  expect((await adminContext.request.post('/api/auth/sign-in', { headers: CSRF, data: E2E_ADMIN })).status()).toBe(200);
  const owner = await createActiveMember(browser, adminContext.request, 'Chooser');
  const fan = await createActiveMember(browser, adminContext.request, 'Fan');
  const tip = await owner.context.request.post('/api/tips', {
    headers: CSRF,
    data: { title: 'Quiet tram stop', country: 'Portugal', city: 'Lisbon', description: 'Ride the 28 at dawn.' },
  });
  expect(tip.status()).toBe(201);
  const tipId = ((await tip.json()) as { id: string }).id;

  const { page } = owner;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/profile');
  const card = page.locator('#notification-choices');
  await expect(card.getByRole('heading', { name: PREFERENCE_TEXTS.cardTitle })).toBeVisible();
  const likesInApp = card.getByRole('switch', { name: 'Likes In Waymark' });
  const likesEmail = card.getByRole('combobox', { name: /^Likes E-mail/ });
  await expect(likesInApp).toBeChecked();
  await expect(likesEmail).toContainText('Daily digest');
  expect(await axeViolations(page, '#notification-choices')).toEqual([]);
  await card.screenshot({ path: `${SHOTS}/notification-choices-1280.png` });

  // By mouse: likes off in Waymark.
  await likesInApp.click();
  await expectToast(page, PREFERENCE_TEXTS.saved);
  await expect(likesInApp).not.toBeChecked();
  await dismissToasts(page);
  // By keyboard: the e-mail choice opens with Enter, arrows move, Enter picks.
  await likesEmail.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.getByRole('option', { name: 'Right away' }).focus();
  await page.keyboard.press('Enter');
  await expect(likesEmail).toContainText('Right away');
  await expectToast(page, PREFERENCE_TEXTS.saved);
  await dismissToasts(page);

  // Kept: a fresh load shows the choices from the server.
  await page.reload();
  await expect(likesInApp).not.toBeChecked();
  await expect(likesEmail).toContainText('Right away');

  await page.setViewportSize({ width: 360, height: 800 });
  await card.scrollIntoViewIfNeeded();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  expect(await axeViolations(page, '#notification-choices')).toEqual([]);
  await card.screenshot({ path: `${SHOTS}/notification-choices-360.png` });

  // The like: no notification for the owner, an e-mail in the Outbox instead.
  const liked = await fan.context.request.post('/api/likes/toggle', {
    headers: CSRF,
    data: { contentType: 'tip', contentId: tipId },
  });
  expect(liked.status()).toBe(200);
  let unsubscribeLink = '';
  await expect(async () => {
    const outbox = (await (await adminContext.request.get('/api/admin/outbox?limit=50')).json()) as {
      items: { to: string; subject: string; links: string[] }[];
    };
    const mail = outbox.items.find((m) => m.to === owner.person.email && m.subject === 'Waymark: likes');
    unsubscribeLink = mail?.links.find((l) => l.includes('/unsubscribe?token=')) ?? '';
    expect(unsubscribeLink).not.toBe('');
  }).toPass({ timeout: 20_000 });
  const counts = (await (await owner.context.request.get('/api/notifications/counts')).json()) as { all: number };
  expect(counts.all).toBe(0);

  // The admin sees the job as sent in the Outbox tab.
  const adminPage = await adminContext.newPage();
  await adminPage.setViewportSize({ width: 360, height: 800 });
  await adminPage.goto('/admin?tab=outbox');
  await adminPage.getByRole('tab', { name: /Outbox/ }).click();
  const jobs = adminPage.getByRole('list', { name: 'E-mail jobs' });
  await expect(jobs.getByTestId('job-row').filter({ hasText: 'Notification e-mail' }).first()).toContainText('Sent');
  expect(await overflow(adminPage)).toBeLessThanOrEqual(0);
  expect(await axeViolations(adminPage, 'section[aria-labelledby="jobs-heading"]')).toEqual([]);
  await adminPage.locator('section[aria-labelledby="jobs-heading"]').screenshot({ path: `${SHOTS}/notification-jobs-360.png` });

  // The link, opened by someone not signed in: one click, then a page that says it is done.
  const visitor = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const visitorPage = await visitor.newPage();
  const url = new URL(unsubscribeLink);
  await visitorPage.goto(`${url.pathname}${url.search}`);
  await expect(visitorPage.getByRole('heading', { name: PREFERENCE_TEXTS.unsubscribeTitle })).toBeVisible();
  expect(await axeViolations(visitorPage)).toEqual([]);
  await visitorPage.screenshot({ path: `${SHOTS}/unsubscribe-360.png` });
  await visitorPage.getByRole('button', { name: PREFERENCE_TEXTS.unsubscribeButton }).click();
  await expect(visitorPage.getByText(PREFERENCE_TEXTS.unsubscribeDone)).toBeVisible();
  expect(await overflow(visitorPage)).toBeLessThanOrEqual(0);
  expect(await axeViolations(visitorPage)).toEqual([]);
  await visitorPage.screenshot({ path: `${SHOTS}/unsubscribe-done-360.png` });

  // Back on the profile: likes e-mail is off, in-app still as chosen.
  await page.reload();
  await expect(likesEmail).toContainText('Off');
  await expect(likesInApp).not.toBeChecked();

  // A forged link says so, under the button.
  await visitorPage.goto(`/unsubscribe?token=${encodeURIComponent(`${owner.userId}.all.forged`)}`);
  await visitorPage.getByRole('button', { name: PREFERENCE_TEXTS.unsubscribeButton }).click();
  await expect(visitorPage.getByRole('alert')).toHaveText(PREFERENCE_TEXTS.unsubscribeInvalid);
  await visitor.close();
});
