/**
 * REQUIRE_ADMIN_2FA=true (ADR 076) end to end. The suite's server runs with the setting off (the
 * other specs use the Admin Panel with a password alone), so this spec starts a second server of
 * its own with the setting on, on its own port and data directory, and stops it afterwards.
 */
import { type Page, expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { TWO_FACTOR_TEXTS } from '@common/schemas/two-factor-texts';
import { E2E_PORT } from '../../playwright.config';
import { axeViolations, SHOTS_DIR } from './axe';
import { startSecondServer } from './second-server';
import { E2E_ADMIN, signIn } from './fixtures';

const PORT = E2E_PORT + 1000;
const BASE = `http://localhost:${PORT}`;
const DATA_DIR = `.tmp/e2e-data-admin-2fa-${PORT}`;
let server: Awaited<ReturnType<typeof startSecondServer>> | undefined;

test.use({ baseURL: BASE });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startSecondServer({
    port: PORT,
    dataDir: DATA_DIR,
    env: { RATE_LIMIT_SIGN_IN: '1000', RATE_LIMIT_SIGN_IN_UNKNOWN_DEVICE: '1000', REQUIRE_ADMIN_2FA: 'true' },
    label: 'REQUIRE_ADMIN_2FA',
  });
});

test.afterAll(() => server?.stop());

async function shot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  for (const [label, size] of [
    ['360', { width: 360, height: 780 }],
    ['desktop', { width: 1280, height: 900 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS_DIR}/two-factor-admin-${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an admin without two-factor is sent to set it up, then back to the Admin Panel', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The server refuses admin routes meanwhile, whatever the client shows.
  const refused = await page.request.get('/api/admin/stats');
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe(TWO_FACTOR_TEXTS.requiredForAdmins);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Turn on two-factor authentication', level: 1 })).toBeVisible();
  await expect(page.getByText(TWO_FACTOR_TEXTS.requiredForAdmins)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toHaveCount(0);
  await shot(page, 'required');
  expect(await axeViolations(page)).toEqual([]);

  // By keyboard: the button, then the setup opens on the profile with the password focused.
  await page.getByRole('button', { name: 'Set Up Two-Factor' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile$/);
  const card = page.getByTestId('two-factor-card');
  await expect(card.getByText(TWO_FACTOR_TEXTS.requiredForAdmins)).toBeVisible();
  await expect(card.getByLabel('Current Password')).toBeFocused();
  await shot(page, 'setup');
  await page.keyboard.type(E2E_ADMIN.password);
  await page.keyboard.press('Enter');
  const secret = (await card.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');
  const code = TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  await card.getByLabel('Authentication code').fill(code);
  await card.getByRole('button', { name: 'Turn On' }).click();
  await card.getByLabel('I have saved my recovery codes somewhere safe.').check();
  await card.getByRole('button', { name: 'Done' }).click();

  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  expect((await page.request.get('/api/admin/stats')).status()).toBe(200);
});
