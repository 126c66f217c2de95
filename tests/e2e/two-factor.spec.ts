/**
 * Two-factor end to end (issue 24, ADR 075): turn it on from Security Settings (codes computed
 * here from the key the screen shows, as an authenticator app would), sign in with a code and
 * with a recovery code, the refusals (a replayed code, a used recovery code) shown by the field,
 * and turning it off. Screenshots at 360 px and desktop with WAYMARK_SHOTS=1.
 */
import { type Locator, type Page, expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { TWO_FACTOR_TEXTS } from '@common/schemas/two-factor-texts';
import { axeViolations, SHOTS_DIR } from './axe';
import { CSRF, createActiveMember, dismissToasts, E2E_ADMIN, expectToast, signIn } from './fixtures';

const STEP_MS = 30_000;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const stepNow = () => Math.floor(Date.now() / STEP_MS);

/** The member's authenticator app: a code for a step after every one used so far (no replay). */
function authenticator(secret: string) {
  let lastStep = -1;
  const codeAt = (step: number) =>
    TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: step * STEP_MS });
  return {
    /** The code of the step now (the one turning it on uses). */
    current() {
      lastStep = stepNow();
      return { code: codeAt(lastStep), step: lastStep };
    },
    /** A code never used: the next step's (the server allows one step of drift), waiting for the clock if need be. */
    async fresh() {
      const target = Math.max(stepNow(), lastStep + 1);
      while (stepNow() < target - 1) await new Promise((resolve) => setTimeout(resolve, 1_000));
      lastStep = target;
      return codeAt(target);
    },
    codeAt,
    /** The step of the last code handed out. */
    lastStep: () => lastStep,
  };
}

async function shot(page: Page, name: string, target?: Locator) {
  if (!SHOTS_DIR) return;
  for (const [label, size] of [
    ['360', { width: 360, height: 780 }],
    ['desktop', { width: 1280, height: 900 }],
  ] as const) {
    await page.setViewportSize(size);
    await (target ?? page.locator('body')).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS_DIR}/two-factor-${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function expectNoAxeViolations(page: Page, include?: string) {
  expect(await axeViolations(page, include)).toEqual([]);
}

async function signOut(page: Page) {
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
}

test('a member turns on two-factor, signs in with a code and a recovery code, and turns it off', async ({ browser }) => {
  test.setTimeout(360_000);
  const adminContext = await browser.newContext();
  expect((await adminContext.request.post('/api/auth/sign-in', { headers: CSRF, data: E2E_ADMIN })).status()).toBe(200);
  const member = await createActiveMember(browser, adminContext.request, 'Guarded');
  const { page } = member;
  const email = member.person.email;
  await page.setViewportSize({ width: 1280, height: 900 });

  // 1. Security Settings: off, then the password, the QR code and the key, a code, the recovery codes.
  await page.goto('/profile');
  const card = page.getByTestId('two-factor-card');
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await shot(page, 'off', card);
  await card.getByRole('button', { name: 'Turn On' }).click();
  await expect(card.getByLabel('Current Password')).toBeFocused();
  await card.getByLabel('Current Password').fill('not-my-password');
  await card.getByRole('button', { name: 'Continue' }).click();
  await expect(card.getByText(TWO_FACTOR_TEXTS.passwordWrong).first()).toBeVisible();
  await dismissToasts(page);
  await card.getByLabel('Current Password').fill(member.password);
  await card.getByLabel('Current Password').press('Enter');

  await expect(card.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = (await card.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await shot(page, 'scan', card);
  await expectNoAxeViolations(page, '[data-testid="two-factor-card"]');
  const app = authenticator(secret);

  const codeField = card.getByLabel('Authentication code');
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  const wrong = app.codeAt(stepNow() + 5);
  await codeField.fill(wrong);
  await card.getByRole('button', { name: 'Turn On' }).click();
  await expect(card.getByText(TWO_FACTOR_TEXTS.codeWrong)).toBeVisible();
  const enabling = app.current();
  await codeField.fill(enabling.code);
  await codeField.press('Enter');

  await expect(card.getByRole('heading', { name: 'Save your recovery codes' })).toBeFocused();
  const recoveryCodes = await card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allInnerTexts();
  expect(recoveryCodes).toHaveLength(10);
  await shot(page, 'recovery-codes', card);
  await expectNoAxeViolations(page, '[data-testid="two-factor-card"]');
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download (.txt)' }).click();
  expect((await download).suggestedFilename()).toBe('waymark-recovery-codes.txt');
  const done = card.getByRole('button', { name: 'Done' });
  await expect(done).toBeDisabled();
  // By keyboard: the checkbox, then Done.
  await card.getByLabel('I have saved my recovery codes somewhere safe.').focus();
  await page.keyboard.press('Space');
  await done.focus();
  await page.keyboard.press('Enter');
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await expect(card.getByText('10 of 10 recovery codes left.', { exact: false })).toBeVisible();
  await shot(page, 'on', card);

  // 2. Sign-in asks for a code after the password; a fresh code signs in.
  await signOut(page);
  await signIn(page, email, member.password);
  const step = page.getByRole('form', { name: 'Two-factor authentication' });
  await expect(step).toBeVisible();
  const signInCode = step.getByLabel('Authentication code');
  await expect(signInCode).toBeFocused();
  await expect(signInCode).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(signInCode).toHaveAttribute('inputmode', 'numeric');
  await shot(page, 'sign-in-code');
  await expectNoAxeViolations(page);
  const used = await app.fresh();
  const usedStep = app.lastStep();
  await signInCode.fill(used);
  await signInCode.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The same code again (replay) is refused by the field. While its step is still inside the
  // drift window the server says it was used; later it is simply out of date (a slow machine).
  await signOut(page);
  await signIn(page, email, member.password);
  await signInCode.fill(used);
  await signInCode.press('Enter');
  const refusal = step.getByText(new RegExp(`${escape(TWO_FACTOR_TEXTS.codeUsed)}|${escape(TWO_FACTOR_TEXTS.codeWrong)}`));
  await expect(refusal).toBeVisible();
  if (stepNow() <= usedStep + 1) await expect(refusal).toHaveText(TWO_FACTOR_TEXTS.codeUsed);
  await expect(signInCode).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'sign-in-code-refused');
  await signInCode.fill(await app.fresh());
  await signInCode.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);

  // 3. A recovery code signs in once; the same one again is refused by the field.
  await signOut(page);
  await signIn(page, email, member.password);
  await step.getByRole('button', { name: 'Use a recovery code instead' }).click();
  const recoveryField = step.getByLabel('Recovery code');
  await expect(recoveryField).toBeFocused();
  await shot(page, 'sign-in-recovery');
  await expectNoAxeViolations(page);
  await recoveryField.fill(recoveryCodes[0]!.toUpperCase());
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await signOut(page);
  await signIn(page, email, member.password);
  await step.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await step.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(step.getByText(TWO_FACTOR_TEXTS.recoveryCodeWrong)).toBeVisible();
  // Back to the app's codes, and in.
  await step.getByRole('button', { name: 'Use your authenticator app instead' }).click();
  await step.getByLabel('Authentication code').fill(await app.fresh());
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // 4. New recovery codes for a current code: the old ones are replaced.
  await page.goto('/profile');
  await expect(card.getByText('9 of 10 recovery codes left.', { exact: false })).toBeVisible();
  await card.getByRole('button', { name: 'New Recovery Codes' }).click();
  await expect(card.getByLabel('Authentication code')).toBeFocused();
  await card.getByLabel('Authentication code').fill(await app.fresh());
  await card.getByRole('button', { name: 'Make New Codes' }).click();
  await expect(card.getByRole('heading', { name: 'Save your recovery codes' })).toBeFocused();
  const newCodes = await card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allInnerTexts();
  expect(newCodes).toHaveLength(10);
  expect(newCodes.filter((code) => recoveryCodes.includes(code))).toEqual([]);
  await card.getByLabel('I have saved my recovery codes somewhere safe.').check();
  await card.getByRole('button', { name: 'Done' }).click();
  await expect(card.getByText('10 of 10 recovery codes left.', { exact: false })).toBeVisible();

  // 5. Turning it off needs the password and a code; then the password alone signs in.
  await card.getByRole('button', { name: 'Turn Off' }).click();
  await card.getByLabel('Current Password').fill(member.password);
  await card.getByLabel('Authentication code').fill(app.codeAt(stepNow() + 4));
  await shot(page, 'turn-off', card);
  await expectNoAxeViolations(page, '[data-testid="two-factor-card"]');
  await card.getByRole('button', { name: 'Turn Off' }).click();
  await expect(card.getByText(TWO_FACTOR_TEXTS.codeWrong)).toBeVisible();
  await card.getByLabel('Authentication code').fill(await app.fresh());
  await card.getByRole('button', { name: 'Turn Off' }).click();
  await expectToast(page, TWO_FACTOR_TEXTS.disabled);
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await signOut(page);
  await signIn(page, email, member.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await adminContext.close();
  await member.context.close();
});

test('the code step loads only when asked for, and a challenge out of tries goes back to the password', async ({ browser }) => {
  test.setTimeout(180_000);
  const adminContext = await browser.newContext();
  expect((await adminContext.request.post('/api/auth/sign-in', { headers: CSRF, data: E2E_ADMIN })).status()).toBe(200);
  const member = await createActiveMember(browser, adminContext.request, 'Tries');
  const setup = await member.context.request.post('/api/auth/two-factor/setup', {
    headers: CSRF,
    data: { password: member.password },
  });
  const { secret } = (await setup.json()) as { secret: string };
  const app = authenticator(secret);
  const enabled = await member.context.request.post('/api/auth/two-factor/enable', {
    headers: CSRF,
    data: { code: app.current().code },
  });
  expect(enabled.status()).toBe(200);

  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/');
  await page.getByLabel('Email').fill(member.person.email);
  await page.getByLabel('Password').fill(member.password);
  expect(scripts.filter((url) => /two-factor|qrcode/.test(url))).toEqual([]);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const step = page.getByRole('form', { name: 'Two-factor authentication' });
  const field = step.getByLabel('Authentication code');
  await expect(field).toBeVisible();
  expect(scripts.some((url) => /two-factor-step/.test(url))).toBe(true);
  expect(scripts.filter((url) => /qrcode/.test(url))).toEqual([]);

  const wrong = app.codeAt(stepNow() + 6);
  for (let i = 0; i < 4; i += 1) {
    await field.fill(wrong);
    await field.press('Enter');
    await expect(step.getByText(TWO_FACTOR_TEXTS.codeWrong)).toBeVisible();
  }
  await field.fill(wrong);
  await field.press('Enter');
  // The fifth wrong code ends the challenge: back to the password, which is focused and empty.
  await expectToast(page, TWO_FACTOR_TEXTS.challengeEnded);
  await expect(page.getByLabel('Password')).toBeFocused();
  await expect(page.getByLabel('Password')).toHaveValue('');
  await expect(page.getByLabel('Email')).toHaveValue(member.person.email);
  await context.close();
  await adminContext.close();
  await member.context.close();
});
