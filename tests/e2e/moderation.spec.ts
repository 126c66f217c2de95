/**
 * Issue 25: a member reports, the admin acts from the Reports tab, the reporter is told the
 * outcome without names; a suspended member cannot sign in. Issue 36: each hide, suspend and
 * delete is confirmed with a reason the author is told (never who reported), the decision shows
 * under Handled, the audit log reads as text, and User Management finds members by e-mail.
 * Checked by axe, shot at 360 px.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { ADMIN_TEXTS } from '@common/schemas/admin';
import { MODERATION_TEXTS, REPORT_OUTCOME_NOTICES } from '@common/schemas/moderation';
import {
  CSRF,
  adminPage,
  choose,
  createActiveMember,
  dismissToasts,
  expectToast,
  shootPhoneAndDesktop,
  signIn,
  waitForHydration,
} from './fixtures';

const SHOTS = '.tmp/shots/moderation';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

async function newTip(request: APIRequestContext, title: string) {
  const res = await request.post('/api/tips', {
    headers: CSRF,
    data: { title, description: 'Closed for years, the photos are from another city.', country: 'Portugal', city: 'Porto' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test('report a tip -> the admin hides it -> the reporter is told, naming no one', async ({ browser }) => {
  test.setTimeout(240_000);
  const admin = await adminPage(browser);
  const author = await createActiveMember(browser, admin.request, 'Author');
  const reporter = await createActiveMember(browser, admin.request, 'Reporter');
  const title = `Fake bakery ${Date.now()}`;
  const tipId = await newTip(author.context.request, title);

  const page = reporter.page;
  await page.goto(`/view-tip/${tipId}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this tip' });
  await choose(page, 'Reason', 'Other');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  // "Other" needs words: said under the field, which gets the focus.
  await expect(dialog.getByText(MODERATION_TEXTS.detailsRequired)).toBeVisible();
  await expect(dialog.getByLabel('What is wrong?')).toBeFocused();
  await shootPhoneAndDesktop(page, SHOTS, 'report-dialog', { check: true });
  await dialog.getByLabel('What is wrong?').fill('This bakery closed years ago.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expectToast(page, MODERATION_TEXTS.reportSent);
  await expect(dialog).toBeHidden();

  await admin.goto('/admin?tab=reports');
  await expect(admin.getByRole('tab', { name: /Reports/ }).getByRole('img', { name: /open/ })).toBeVisible();
  const card = admin.getByTestId('report-case').filter({ hasText: title });
  await expect(card).toContainText('This bakery closed years ago.');
  await expect(card).toContainText(reporter.person.fullName);
  await shootPhoneAndDesktop(admin, SHOTS, 'reports-tab', { check: true });
  // Hide asks first, with a reason: confirming without one says so; worked by keyboard alone.
  await card.getByRole('button', { name: 'Hide' }).focus();
  await admin.keyboard.press('Enter');
  const confirm = admin.getByRole('dialog', { name: 'Hide this tip?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Hide' }).press('Enter');
  await expect(confirm.getByText(MODERATION_TEXTS.reasonRequired)).toBeVisible();
  await expect(admin.getByTestId('report-case').filter({ hasText: title })).toHaveCount(1);
  await confirm.getByRole('radio', { name: 'Wrong information' }).focus();
  await admin.keyboard.press('Space');
  await expect(confirm.getByRole('radio', { name: 'Wrong information' })).toBeChecked();
  await confirm.getByLabel('Message to the member').fill('The bakery closed in 2019.');
  await shootPhoneAndDesktop(admin, SHOTS, 'hide-dialog', { check: true });
  await confirm.getByLabel('Message to the member').press('Tab');
  await admin.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Hide' })).toBeFocused();
  await admin.keyboard.press('Enter');
  await expectToast(admin, 'Hidden');
  await expect(admin.getByTestId('report-case').filter({ hasText: title })).toHaveCount(0);
  await dismissToasts(admin);

  // Handled keeps the decision: what, the decision and its reason, who decided, when.
  await admin.getByRole('tab', { name: 'Handled' }).click();
  const handled = admin.getByTestId('handled-report').filter({ hasText: title }).first();
  await expect(handled).toContainText('Hidden');
  await expect(handled).toContainText('Wrong information');
  await expect(handled).toContainText('The bakery closed in 2019.');
  await expect(handled).toContainText('Other');
  await expect(handled).toContainText(author.person.fullName);
  await shootPhoneAndDesktop(admin, SHOTS, 'handled-reports', { check: true });

  // The audit log reads as words: who hid which tip and why; no JSON, no raw ids.
  await admin.getByRole('tab', { name: 'Audit log' }).click();
  const entry = admin
    .getByTestId('audit-entry')
    .filter({ hasText: `hid the tip "${title}"` })
    .first();
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('Reason');
  await expect(entry).toContainText('Wrong information');
  await expect(entry.getByRole('link', { name: `"${title}"` })).toHaveAttribute('href', `/view-tip/${tipId}`);
  const entries = await admin.getByTestId('audit-entry').allInnerTexts();
  for (const text of entries) {
    expect(text).not.toContain('{');
    expect(text).not.toMatch(UUID);
  }
  await shootPhoneAndDesktop(admin, SHOTS, 'audit-log', { check: true });

  // The author is told which tip and why, and not who reported it.
  await author.page.goto('/notifications');
  const told = author.page.getByTestId('notification-item').filter({ hasText: title });
  await expect(told).toContainText('An admin hid your tip');
  await expect(told).toContainText('Wrong information');
  await expect(told).toContainText('The bakery closed in 2019.');
  await expect(told).not.toContainText(reporter.person.fullName);
  await expect(told.getByTestId('notification-moderation-icon')).toBeVisible();
  expect(JSON.stringify(await (await author.context.request.get('/api/notifications')).json())).not.toContain(reporter.userId);
  await shootPhoneAndDesktop(author.page, SHOTS, 'author-notice', { check: true });

  // The reporter's notification says what happened and names no one.
  await page.goto('/notifications');
  const notice = page.getByTestId('notification-item').filter({ hasText: REPORT_OUTCOME_NOTICES.hidden });
  await expect(notice).toBeVisible();
  await expect(notice).not.toContainText(author.person.fullName);
  await expect(notice.getByTestId('notification-moderation-icon')).toBeVisible();
  await shootPhoneAndDesktop(page, SHOTS, 'moderation-notice', { check: true });
  // The hidden tip is gone for the reporter.
  expect((await reporter.context.request.get(`/api/tips/${tipId}`)).status()).toBe(404);

  // A hide is reversible: its report is closed, so the admin finds Unhide on the tip itself.
  await admin.goto(`/view-tip/${tipId}`);
  const hiddenNote = admin.getByRole('status').filter({ hasText: 'Only its author and the admins' });
  await expect(hiddenNote).toBeVisible();
  await shootPhoneAndDesktop(admin, SHOTS, 'tip-hidden-admin', { check: true });
  await hiddenNote.getByRole('button', { name: MODERATION_TEXTS.unhide }).click();
  await expectToast(admin, MODERATION_TEXTS.shownAgain);
  await expect(hiddenNote).toHaveCount(0);
  expect((await reporter.context.request.get(`/api/tips/${tipId}`)).status()).toBe(200);
});

test('the admin dismisses one report, deletes a reported guide and suspends a member for a week', async ({ browser }) => {
  test.setTimeout(240_000);
  const admin = await adminPage(browser);
  const author = await createActiveMember(browser, admin.request, 'Writer');
  const reporter = await createActiveMember(browser, admin.request, 'Reader');
  const stamp = Date.now();
  const tipTitle = `Harmless cafe ${stamp}`;
  const tipId = await newTip(author.context.request, tipTitle);
  const guide = await author.context.request.post('/api/guides', {
    headers: CSRF,
    data: {
      title: `Copied guide ${stamp}`,
      location: 'Lisbon',
      countries: ['Portugal'],
      daysCount: 1,
      items: [{ dayNumber: 1, tipId }],
    },
  });
  expect(guide.status(), await guide.text()).toBe(201);
  const guideId = ((await guide.json()) as { id: string }).id;
  const report = (target: 'tip' | 'guide' | 'member', targetId: string, reason: string) =>
    reporter.context.request.post('/api/reports', { headers: CSRF, data: { target, targetId, reason } });
  expect((await report('tip', tipId, 'wrong_information')).status()).toBe(201);
  expect((await report('guide', guideId, 'spam')).status()).toBe(201);
  expect((await report('member', author.userId, 'spam')).status()).toBe(201);

  await admin.goto('/admin?tab=reports');
  const tipCase = admin.getByTestId('report-case').filter({ hasText: tipTitle });
  await tipCase.getByRole('button', { name: 'Dismiss' }).click();
  await expectToast(admin, 'Reports dismissed');
  await expect(tipCase).toHaveCount(0);
  await dismissToasts(admin);

  const guideCase = admin.getByTestId('report-case').filter({ hasText: `Copied guide ${stamp}` });
  await guideCase.getByRole('button', { name: 'Delete' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Delete this guide?' });
  await confirm.getByRole('radio', { name: 'Spam' }).check();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(admin, 'Deleted');
  await expect(guideCase).toHaveCount(0);
  expect((await author.context.request.get(`/api/guides/${guideId}`)).status()).toBe(404);
  await dismissToasts(admin);

  const memberCase = admin.getByTestId('report-case').filter({ hasText: author.person.fullName });
  await memberCase.getByRole('button', { name: `Suspend ${author.person.fullName}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Suspend ${author.person.fullName}` });
  await choose(admin, 'For how long', '7 days');
  await dialog.getByRole('radio', { name: 'Harassment' }).check();
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expectToast(admin, 'suspended');
  await expect(memberCase).toHaveCount(0);

  // A week's suspension says when it ends, at sign-in; meanwhile their tip is hidden from others.
  const fresh = await (await browser.newContext()).newPage();
  await signIn(fresh, author.person.email, author.password);
  await expect(fresh.getByRole('alert').filter({ hasText: 'Your account is suspended until' })).toBeVisible();
  expect((await reporter.context.request.get(`/api/tips/${tipId}`)).status()).toBe(404);
  const notices = JSON.stringify(await (await reporter.context.request.get('/api/notifications')).json());
  for (const outcome of ['dismissed', 'deleted', 'suspended'] as const)
    expect(notices).toContain(REPORT_OUTCOME_NOTICES[outcome]);
  expect(notices).not.toContain(author.person.fullName);
});

test('report a member -> the admin suspends them -> their sign-in is refused, then lifted', async ({ browser }) => {
  test.setTimeout(240_000);
  const admin = await adminPage(browser);
  const target = await createActiveMember(browser, admin.request, 'Troll');
  const reporter = await createActiveMember(browser, admin.request, 'Witness');
  const reported = await reporter.context.request.post('/api/reports', {
    headers: CSRF,
    data: { target: 'member', targetId: target.userId, reason: 'harassment' },
  });
  expect(reported.status()).toBe(201);
  await target.page.goto('/dashboard');
  await expect(target.page.getByText('Travel Tips').first()).toBeVisible();

  await admin.goto('/admin?tab=reports');
  const card = admin.getByTestId('report-case').filter({ hasText: target.person.fullName });
  await card.getByRole('button', { name: 'Suspend' }).click();
  const dialog = admin.getByRole('dialog', { name: `Suspend ${target.person.fullName}` });
  await choose(admin, 'For how long', 'Until lifted');
  await dialog.getByRole('radio', { name: 'Other' }).check();
  await dialog.getByLabel('Message to the member').fill('Insults in several comments.');
  await shootPhoneAndDesktop(admin, SHOTS, 'suspend-dialog', { check: true });
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expectToast(admin, 'suspended');

  // Their session ended: the open app goes back to sign-in, and signing in is refused clearly.
  expect((await target.context.request.get('/api/auth/me')).status()).toBe(401);
  const fresh = await (await browser.newContext()).newPage();
  await signIn(fresh, target.person.email, target.password);
  await expect(fresh.getByRole('alert').filter({ hasText: MODERATION_TEXTS.suspendedIndefinitely })).toBeVisible();
  await shootPhoneAndDesktop(fresh, SHOTS, 'sign-in-suspended', { check: true });

  // The report is closed; the suspension shows in User Management, where it is lifted.
  await dismissToasts(admin);
  await admin.getByRole('tab', { name: 'User Management' }).click();
  const row = admin.getByTestId('admin-user-row').filter({ hasText: target.person.fullName });
  await expect(row.getByText('Suspended', { exact: true })).toBeVisible();
  await shootPhoneAndDesktop(admin, SHOTS, 'users-tab-suspended', { check: true });
  await row.getByRole('button', { name: `Lift suspension of ${target.person.fullName}` }).click();
  await expectToast(admin, 'Suspension lifted');
  await expect(row.getByText('Suspended', { exact: true })).toHaveCount(0);
  await expect(row.getByRole('button', { name: `Suspend ${target.person.fullName}` })).toBeVisible();
  await signIn(fresh, target.person.email, target.password);
  await expect(fresh).toHaveURL(/\/dashboard$/);
  const reporterNotices = await reporter.context.request.get('/api/notifications');
  expect(JSON.stringify(await reporterNotices.json())).toContain(REPORT_OUTCOME_NOTICES.suspended);
});

test('the admins are told of a new report; User Management finds a member by e-mail and opens their profile', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await adminPage(browser);
  const member = await createActiveMember(browser, admin.request, 'Findable');
  const reporter = await createActiveMember(browser, admin.request, 'Teller');
  const title = `Suspicious ferry ${Date.now()}`;
  const tipId = await newTip(member.context.request, title);
  const reported = await reporter.context.request.post('/api/reports', {
    headers: CSRF,
    data: { target: 'tip', targetId: tipId, reason: 'unsafe' },
  });
  expect(reported.status()).toBe(201);

  // The notice names the tip, not the reporter, and opens the Reports tab.
  await admin.goto('/notifications');
  const notice = admin.getByTestId('notification-item').filter({ hasText: title });
  await expect(notice).toBeVisible();
  await expect(notice).not.toContainText(reporter.person.fullName);
  await notice.getByRole('button').first().click();
  await expect(admin).toHaveURL(/\/admin\?tab=reports$/);
  await expect(admin.getByTestId('report-case').filter({ hasText: title })).toBeVisible();

  await admin.goto('/admin');
  const search = admin.getByLabel(ADMIN_TEXTS.searchUsers);
  await search.fill(member.person.email.toUpperCase());
  const rows = admin.getByTestId('admin-user-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('admin-user-email')).toHaveText(member.person.email);
  await shootPhoneAndDesktop(admin, SHOTS, 'users-search', { check: true });
  await search.fill('no-one-is-called-this-at-all');
  await expect(admin.getByText(ADMIN_TEXTS.noUsersFound)).toBeVisible();
  await search.fill(member.person.email);
  await rows
    .first()
    .getByRole('link', { name: `Profile of ${member.person.fullName}` })
    .focus();
  await admin.keyboard.press('Enter');
  await expect(admin).toHaveURL(/\/members\//);
  await expect(admin.getByRole('heading', { name: member.person.fullName }).first()).toBeVisible();
});
