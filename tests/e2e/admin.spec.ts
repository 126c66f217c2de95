import { type Page, expect, test } from '@playwright/test';
import { ADMIN_TEXTS } from '@common/schemas/admin';
import { TEXTS } from '@common/texts';
import { axeViolations, SHOTS_DIR } from './axe';
import {
  adminPage,
  createActiveMember,
  CSRF,
  dismissToasts,
  E2E_ADMIN,
  expectToast,
  shootPhoneAndDesktop,
  uniquePerson,
} from './fixtures';

/** The live channel refreshes banners at once; the 30 s polling fallback is the upper bound. */
const LIVE_TIMEOUT = 40_000;

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

test('the admin manages roles, system messages, tip types and pending activations', async ({ browser }) => {
  test.setTimeout(240_000);
  const adminContext = await browser.newContext();
  const admin = adminContext.request;
  expect((await admin.post('/api/auth/sign-in', { headers: CSRF, data: E2E_ADMIN })).status()).toBe(200);
  const member = await createActiveMember(browser, admin, 'Managed');
  const memberPage = member.page;
  await memberPage.goto('/dashboard');
  await expect(memberPage.getByText('Travel Tips').first()).toBeVisible();

  // The admin context is signed in by the API call above; its pages share the session.
  const page = await adminContext.newPage();
  await page.goto('/admin');

  // 1. Stat cards and the default tab.
  for (const label of ['Total Users', 'Waiting Activation', 'Invitation Requests', 'Total Tips', 'Total Guides']) {
    await expect(page.getByRole('list', { name: 'Statistics' }).getByRole('listitem').filter({ hasText: label })).toBeVisible();
  }
  await expect(page.getByTestId('stat-totalUsers')).toContainText(/\d+/);
  await expect(page.getByRole('tab', { name: 'User Management' })).toHaveAttribute('aria-selected', 'true');

  // 2. Role: Waiting Activation shows the member the waiting screen; back to User restores access.
  const row = page.getByTestId('admin-user-row').filter({ hasText: member.person.fullName });
  await expect(row).toBeVisible();
  await expect(row).toContainText(member.userId.slice(0, 8));
  const roleSelect = page.getByRole('combobox', { name: `Role of ${member.person.fullName}` });
  await roleSelect.click();
  await page.getByRole('option', { name: 'Waiting Activation', exact: true }).click();
  await expectToast(page, `${ADMIN_TEXTS.roleUpdated}pending`);
  await expect(row.getByText('Waiting Activation', { exact: true }).first()).toBeVisible();
  await memberPage.reload();
  await expect(memberPage.getByText(TEXTS.accountPendingActivation)).toBeVisible();

  await dismissToasts(page);
  await roleSelect.click();
  await page.getByRole('option', { name: 'User', exact: true }).click();
  await expectToast(page, `${ADMIN_TEXTS.roleUpdated}user`);
  await memberPage.reload();
  await expect(memberPage.getByText(TEXTS.accountPendingActivation)).toHaveCount(0);
  await expect(memberPage.getByText('Travel Tips').first()).toBeVisible();
  await dismissToasts(page);

  // 3. A system message reaches the member's open page live, and leaves it when deactivated.
  await openTab(page, 'System Messages');
  const title = `Maintenance ${member.person.fullName}`;
  await page.getByRole('button', { name: 'Add Message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create System Message' });
  await expect(dialog).toContainText('shown to all users across the platform');
  // Save does nothing while the content is empty.
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Content').fill('Uploads pause tonight for ten minutes.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, ADMIN_TEXTS.messageCreated);
  const messageRow = page.getByTestId('system-message-row').filter({ hasText: title });
  await expect(messageRow.getByText('Active', { exact: true })).toBeVisible();
  const banner = memberPage.getByRole('status').filter({ hasText: title });
  await expect(banner).toBeVisible({ timeout: LIVE_TIMEOUT });

  await messageRow.getByRole('button', { name: 'Deactivate' }).click();
  await expect(messageRow.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(banner).toHaveCount(0, { timeout: LIVE_TIMEOUT });
  await dismissToasts(page);

  // 4. A tip type is added, renamed, and the new name is offered to members.
  await openTab(page, 'Tip Types');
  const typeName = `Ferries${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Add Tip Type' }).click();
  const typeDialog = page.getByRole('dialog', { name: 'Create Tip Type' });
  await typeDialog.getByLabel('Name').fill(typeName);
  await typeDialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, ADMIN_TEXTS.tipTypeCreated);
  await page.getByRole('button', { name: `Edit ${typeName}` }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Tip Type' });
  await expect(editDialog.getByLabel('Name')).toHaveValue(typeName);
  await editDialog.getByLabel('Name').fill(`${typeName} Renamed`);
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, ADMIN_TEXTS.tipTypeUpdated);
  await expect(page.getByTestId('tip-type-row').filter({ hasText: `${typeName} Renamed` })).toBeVisible();

  await memberPage.goto('/new-tip');
  await memberPage.getByRole('combobox', { name: 'Category' }).click();
  await expect(memberPage.getByRole('option', { name: `${typeName} Renamed`, exact: true })).toBeVisible();
  await memberPage.keyboard.press('Escape');
  await dismissToasts(page);

  // 5. An approved request that has not signed up: Resend Email.
  const person = uniquePerson('Pending');
  const visitor = await browser.newContext();
  const requested = await visitor.request.post('/api/invitations', {
    headers: CSRF,
    data: {
      fullName: person.fullName,
      email: person.email,
      country: 'Chile',
      howDidYouKnow: 'friend_family',
      aboutYourself: 'I hike the Andes every summer and write long notes about every refuge and trail I find.',
    },
  });
  expect(requested.status()).toBe(201);
  const invitations = (await (await admin.get('/api/admin/invitations?limit=50')).json()) as {
    items: { id: string; email: string }[];
  };
  const invitation = invitations.items.find((item) => item.email === person.email)!;
  expect((await admin.post(`/api/admin/invitations/${invitation.id}/approve`, { headers: CSRF })).status()).toBe(200);

  await openTab(page, 'User Management');
  await page.getByRole('button', { name: 'Refresh' }).click();
  const pendingRow = page.getByTestId('pending-activation-row').filter({ hasText: person.fullName });
  await expect(pendingRow).toContainText(ADMIN_TEXTS.pendingSignup);
  await expect(pendingRow).toContainText('Chile');
  await pendingRow.getByRole('button', { name: /Resend Email/ }).click();
  await expectToast(page, ADMIN_TEXTS.resent);

  // 6. Design options.
  await page.goto('/design-options');
  for (const name of ['Ultra Minimal', 'Clean Lines', 'Brutalist', 'Monospace Minimal', 'Modern Flat']) {
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Create Tip' })).toHaveCount(5);

  await visitor.close();
  await member.context.close();
  await adminContext.close();
});

/** The boxes of a user row's actions: suspend (or lift), role, delete. */
async function actionBoxes(page: Page, name: string) {
  const row = page.getByTestId('admin-user-row').filter({ hasText: name });
  const actions = [
    row.getByRole('button', { name: new RegExp(`^(Suspend|Lift suspension of) ${name}$`) }),
    row.getByRole('combobox', { name: `Role of ${name}` }),
    row.getByRole('button', { name: `Delete ${name}` }),
  ];
  return { row: (await row.boundingBox())!, actions: await Promise.all(actions.map(async (a) => (await a.boundingBox())!)) };
}

test("User Management at 360 px: a member's actions sit on one line inside the row, by keyboard too", async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await adminPage(browser);
  const admin = page.context().request;
  const plain = await createActiveMember(browser, admin, 'Rowfit');
  const suspended = await createActiveMember(browser, admin, 'Rowlift');
  const suspend = await admin.post('/api/admin/moderation', {
    headers: CSRF,
    data: { action: 'suspend', target: 'member', targetId: suspended.userId, until: null, reason: 'spam' },
  });
  expect(suspend.status()).toBe(200);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/admin');
  await expect(page.getByRole('tab', { name: 'User Management' })).toHaveAttribute('aria-selected', 'true');
  for (const name of [plain.person.fullName, suspended.person.fullName]) {
    await expect(page.getByTestId('admin-user-row').filter({ hasText: name })).toBeVisible();
  }
  if (SHOTS_DIR) await shootPhoneAndDesktop(page, SHOTS_DIR, 'admin-user-rows');

  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const name of [plain.person.fullName, suspended.person.fullName]) {
      const { row, actions } = await actionBoxes(page, name);
      for (const box of actions) {
        expect(box.x, `${name} at ${width}`).toBeGreaterThanOrEqual(row.x);
        expect(box.x + box.width, `${name} at ${width}`).toBeLessThanOrEqual(row.x + row.width);
        expect(box.y + box.height, `${name} at ${width}`).toBeLessThanOrEqual(row.y + row.height);
      }
      // Left to right on one line: each starts after the one before ends, and they share a band.
      for (let i = 1; i < actions.length; i += 1) {
        const [before, box] = [actions[i - 1]!, actions[i]!];
        expect(box.x, `${name} at ${width}: action ${i} overlaps or wrapped`).toBeGreaterThanOrEqual(before.x + before.width);
        expect(Math.abs(box.y + box.height / 2 - (before.y + before.height / 2)), `${name} at ${width}`).toBeLessThan(4);
      }
    }
  }

  await page.setViewportSize({ width: 360, height: 800 });
  expect(await axeViolations(page, '[role="tabpanel"]')).toEqual([]);
  // By keyboard: Tab goes suspend -> role -> delete; Enter on delete asks, Escape keeps the member.
  const name = plain.person.fullName;
  await page.getByRole('button', { name: `Suspend ${name}` }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: `Role of ${name}` })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: `Delete ${name}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alertdialog', { name: 'Delete user?' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByTestId('admin-user-row').filter({ hasText: name })).toBeVisible();

  for (const m of [plain, suspended]) await m.context.close();
  await page.context().close();
});
