import { type Page, expect, test } from '@playwright/test';
import { CONNECTION_TEXTS } from '@common/schemas/connection';
import { NOTIFICATION_TEXTS } from '@common/schemas/notification';
import { createActiveMember as createMember, E2E_ADMIN, expectToast, signIn } from './fixtures';

/** Discover pages through the members; other tests add members too. */
async function discoverCard(page: Page, name: string) {
  const card = page.getByTestId('member-card').filter({ hasText: name });
  await expect(page.getByTestId('member-card').first()).toBeVisible();
  for (let attempt = 0; attempt < 20 && (await card.count()) === 0; attempt += 1) {
    const more = page.getByRole('button', { name: 'Load more' });
    if ((await more.count()) === 0) break;
    await more.click();
    await page.waitForTimeout(300);
  }
  await expect(card).toBeVisible();
  return card;
}

function notification(page: Page, text: string) {
  return page.getByTestId('notification-item').filter({ hasText: text });
}

test('a request sent from Discover reaches the other member live; accepted; notifications marked', async ({ browser }) => {
  test.setTimeout(150_000);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(admin).toHaveURL(/\/dashboard$/);

  const a = await createMember(browser, admin.request, 'Sender');
  const b = await createMember(browser, admin.request, 'Receiver');

  // B waits on /notifications: empty, no badge.
  await b.page.goto('/notifications');
  await expect(b.page.getByText(NOTIFICATION_TEXTS.emptyAll, { exact: true })).toBeVisible();
  const badge = b.page.getByRole('navigation', { name: 'Main navigation' }).getByLabel(/unread$/);
  await expect(badge).toHaveCount(0);

  // A sends the request from Discover.
  await a.page.goto('/connections');
  await a.page.getByRole('tab', { name: 'Discover' }).click();
  const card = await discoverCard(a.page, b.person.fullName);
  await card.getByRole('button', { name: 'Connect' }).click();
  await expectToast(a.page, CONNECTION_TEXTS.requestSent);
  await a.page.getByRole('tab', { name: /^Sent/ }).click();
  await expect(a.page.getByRole('tab', { name: /^Sent/ })).toContainText('(1)');
  await expect(a.page.getByTestId('member-card').filter({ hasText: b.person.fullName })).toBeVisible();

  // B sees the badge and the notification without reloading (the live stream).
  const request = notification(b.page, `${a.person.fullName} sent you a connection request`);
  await expect(request).toBeVisible();
  await expect(badge).toHaveText('1');
  await expect(b.page.getByRole('tab', { name: /^Unread/ })).toContainText('(1)');
  await expect(request.locator('time')).toHaveText(/ago$/);

  // Mark read, mark unread, mark all as read.
  await request.getByRole('button', { name: 'Mark read' }).click();
  await expect(request).toHaveAttribute('data-read', 'true');
  await expect(badge).toHaveCount(0);
  await expect(b.page.getByRole('tab', { name: /^Read/ })).toContainText('(1)');
  await request.getByRole('button', { name: 'Mark unread' }).click();
  await expect(request).toHaveAttribute('data-read', 'false');
  await expect(badge).toHaveText('1');
  await b.page.getByRole('button', { name: 'Mark all as read' }).click();
  await expectToast(b.page, NOTIFICATION_TEXTS.allMarked);
  await expect(badge).toHaveCount(0);
  await b.page.getByRole('tab', { name: /^Unread/ }).click();
  await expect(b.page.getByText(NOTIFICATION_TEXTS.emptyUnread)).toBeVisible();
  await b.page.getByRole('tab', { name: /^All/ }).click();

  // Clicking the notification opens /connections; B accepts the request.
  await notification(b.page, a.person.fullName).locator('button').first().click();
  await expect(b.page).toHaveURL(/\/connections$/);
  await b.page.getByRole('tab', { name: /^Requests/ }).click();
  const received = b.page.getByTestId('member-card').filter({ hasText: a.person.fullName });
  await received.getByRole('button', { name: 'Accept' }).click();
  await expectToast(b.page, CONNECTION_TEXTS.acceptedTitle);
  await expect(b.page.getByRole('tab', { name: /^Connected/ })).toContainText('(1)');

  // A, still on /connections, sees B under Connected without reloading.
  await a.page.getByRole('tab', { name: /^Connected/ }).click();
  await expect(a.page.getByTestId('member-card').filter({ hasText: b.person.fullName })).toBeVisible();
  await expect(a.page.getByRole('tab', { name: /^Sent/ })).toContainText('(0)');
  // ...and the accepted notification arrives live too.
  await expect(a.page.getByRole('navigation', { name: 'Main navigation' }).getByLabel('1 unread')).toBeVisible();

  // The avatar opens the member's profile at its own URL (issue 21, ADR 046).
  await a.page.getByRole('link', { name: `Open ${b.person.fullName}'s profile` }).click();
  await expect(a.page).toHaveURL(/\/members\/[\w.-]+$/);
  await expect(a.page.getByRole('heading', { level: 1, name: b.person.fullName })).toBeVisible();
});
