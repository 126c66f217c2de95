import { type Page, expect, test } from '@playwright/test';
import { CONNECTION_TEXTS, REQUEST_ANSWER_TEXTS } from '@common/schemas/connection';
import { NOTIFICATION_TEXTS } from '@common/schemas/notification';
import { axeViolations } from './axe';
import { CSRF, createActiveMember as createMember, E2E_ADMIN, expectToast, signIn } from './fixtures';

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

  // Clicking the notification opens the Requests tab of /connections (issue 36); B accepts there.
  await notification(b.page, a.person.fullName).locator('button').first().click();
  await expect(b.page).toHaveURL(/\/connections\?tab=requests$/);
  await expect(b.page.getByRole('tab', { name: /^Requests/ })).toHaveAttribute('aria-selected', 'true');
  const received = b.page.getByTestId('member-card').filter({ hasText: a.person.fullName });
  await received.getByRole('button', { name: 'Accept', exact: true }).click();
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

/**
 * Issue 36 item 4: a request is answered where the member is told of it. Accept and Reject on
 * the notification use the connection routes; a request withdrawn meanwhile says so.
 */
test('a connection request is accepted or rejected from its notification; a withdrawn one says so', async ({ browser }) => {
  test.setTimeout(150_000);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(admin).toHaveURL(/\/dashboard$/);

  const b = await createMember(browser, admin.request, 'Answerer');
  const askers = [];
  for (const label of ['Accepted asker', 'Rejected asker', 'Withdrawn asker']) {
    askers.push(await createMember(browser, admin.request, label));
  }
  const [toAccept, toReject, toWithdraw] = askers;
  const requestIds: string[] = [];
  for (const asker of askers) {
    const res = await asker.context.request.post('/api/connections', { headers: CSRF, data: { addresseeId: b.userId } });
    expect(res.status()).toBe(201);
    requestIds.push(((await res.json()) as { id: string }).id);
  }

  await b.page.goto('/notifications');
  const accepted = notification(b.page, `${toAccept!.person.fullName} sent you a connection request`);
  const rejected = notification(b.page, `${toReject!.person.fullName} sent you a connection request`);
  const withdrawn = notification(b.page, `${toWithdraw!.person.fullName} sent you a connection request`);
  await expect(accepted.getByRole('button', { name: 'Accept', exact: true })).toBeVisible();
  await expect(withdrawn.getByRole('button', { name: 'Reject', exact: true })).toBeVisible();
  expect(await axeViolations(b.page, 'main')).toEqual([]);
  await b.page.screenshot({ path: '.tmp/shots/notifications-answer.png', fullPage: true });

  await accepted.getByRole('button', { name: 'Accept', exact: true }).click();
  await expectToast(b.page, CONNECTION_TEXTS.acceptedTitle);
  await expect(accepted).toContainText(REQUEST_ANSWER_TEXTS.connected);
  await expect(accepted.getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);

  await rejected.getByRole('button', { name: 'Reject', exact: true }).click();
  await expectToast(b.page, CONNECTION_TEXTS.rejectedTitle);
  await expect(rejected).toContainText(REQUEST_ANSWER_TEXTS.rejected);

  // Withdrawn while B's list still shows it (its refresh held back): Accept says so, no failure.
  await b.page.route('**/api/connections', (route) => route.abort());
  const cancelled = await toWithdraw!.context.request.delete(`/api/connections/${requestIds[2]}`, { headers: CSRF });
  expect(cancelled.status()).toBe(204);
  await withdrawn.getByRole('button', { name: 'Accept', exact: true }).click();
  await expectToast(b.page, REQUEST_ANSWER_TEXTS.answered);
  await expect(withdrawn).toContainText(REQUEST_ANSWER_TEXTS.answered);
  await b.page.unroute('**/api/connections');

  // The server agrees: one connection, nothing pending.
  const mine = (await (await b.context.request.get('/api/connections')).json()) as {
    connected: { member: { userId: string } }[];
    received: unknown[];
  };
  expect(mine.connected.map((c) => c.member.userId)).toEqual([toAccept!.userId]);
  expect(mine.received).toEqual([]);

  // After a reload, answered requests say so instead of offering the buttons again.
  await b.page.reload();
  await expect(accepted).toContainText(REQUEST_ANSWER_TEXTS.connected);
  await expect(rejected).toContainText(REQUEST_ANSWER_TEXTS.answered);
  await expect(b.page.getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);
  await Promise.all([adminContext.close(), b.context.close(), ...askers.map((a) => a.context.close())]);
});
