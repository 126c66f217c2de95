/** Shared steps of the end-to-end tests: unique people, signing in, choosing from a select. */
import { type Page, expect } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';

export { E2E_ADMIN };

let sequence = 0;
export function uniquePerson(label: string) {
  sequence += 1;
  const id = `${Date.now().toString(36)}${process.pid}${sequence}`;
  return { fullName: `${label} ${id}`, email: `${label.toLowerCase().replace(/\W+/g, '.')}.${id}@example.com` };
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Radix Select: open the combobox by its label, then pick the option by its visible name. */
export async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('combobox', { name: label })).toContainText(option);
}

export async function expectToast(page: Page, text: string) {
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();
}
