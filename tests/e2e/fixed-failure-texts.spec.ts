/**
 * Issue 19 item 16, the whole class: where a quoted failure text is fixed (docs/product.md#texts-word-for-word) it stays the toast's title,
 * and the server's reason (a 4xx) is its description, in the admin panel too (ADR 036).
 */
import { expect, test } from '@playwright/test';
import { ADMIN_TEXTS } from '@common/schemas/admin';
import { CSRF, E2E_ADMIN, signIn } from './fixtures';

test("a refused tip type keeps 'Failed to save tip type' as the title, the reason below it", async ({ page }) => {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const name = `Cable cars ${Date.now().toString(36)}`;
  expect((await page.request.post('/api/admin/tip-types', { headers: CSRF, data: { name } })).status()).toBe(201);

  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Tip Types' }).click();
  await page.getByRole('button', { name: 'Add Tip Type' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Tip Type' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();

  const toast = page.locator('[data-sonner-toast]').filter({ hasText: ADMIN_TEXTS.saveTipTypeFailed });
  await expect(toast.locator('[data-title]')).toHaveText(ADMIN_TEXTS.saveTipTypeFailed);
  await expect(toast.locator('[data-description]')).toHaveText(ADMIN_TEXTS.tipTypeExists);
});
