/** Shared steps of the end-to-end tests: unique people, signing in, choosing from a select. */
import { type APIRequestContext, type Browser, type Page, expect } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { axeViolations } from './axe';

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

/**
 * Radix Select: open the combobox by its label, then pick the option by its visible name. In a
 * long list the option is scrolled into view first, and a click that lands while Radix still
 * scrolls it (its scroll buttons move the list under a hovering pointer) can miss, leaving the
 * list open (seen once in CI, Country: Thailand): then the option is clicked again. On a phone
 * the list can keep the option outside the viewport, so a click never lands (seen in CI at
 * 390 px, Country: Japan): then it is chosen by the keyboard, as a person would (focus, Enter).
 */
export async function choose(page: Page, label: string, option: string) {
  const combobox = page.getByRole('combobox', { name: label });
  await combobox.click();
  await expect(async () => {
    if (await page.getByRole('listbox').isVisible()) {
      const item = page.getByRole('option', { name: option, exact: true });
      await item.click({ timeout: 2_000 }).catch(async () => {
        await item.focus();
        await page.keyboard.press('Enter');
      });
    }
    await expect(combobox).toContainText(option, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

export async function expectToast(page: Page, text: string) {
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();
}

export const CSRF = { 'x-waymark-csrf': '1' };
export const MEMBER_PASSWORD = 'member-pass-1';

/**
 * An active member through the real invitation path: request, admin approval, the e-mailed
 * token, sign-up. `admin` is a request context signed in as the admin.
 */
export async function createActiveMember(browser: Browser, admin: APIRequestContext, label = 'Member') {
  const person = uniquePerson(label);
  const context = await browser.newContext();
  const requested = await context.request.post('/api/invitations', {
    headers: CSRF,
    data: {
      fullName: person.fullName,
      email: person.email,
      country: 'Portugal',
      howDidYouKnow: 'friend_family',
      aboutYourself: 'I travel slowly through southern Europe and love trying every local bakery I can find.',
    },
  });
  expect(requested.status()).toBe(201);

  const invitations = (await (await admin.get('/api/admin/invitations?limit=50')).json()) as {
    items: { id: string; email: string }[];
  };
  const invitation = invitations.items.find((item) => item.email === person.email);
  expect(invitation).toBeDefined();
  expect((await admin.post(`/api/admin/invitations/${invitation!.id}/approve`, { headers: CSRF })).status()).toBe(200);

  const outbox = (await (await admin.get('/api/admin/outbox?limit=50')).json()) as { items: { to: string; links: string[] }[] };
  const link = outbox.items.find((message) => message.to.includes(person.email))?.links.find((l) => l.includes('/signup?'));
  expect(link).toBeDefined();
  const token = new URL(link!).searchParams.get('token');

  const signedUp = await context.request.post('/api/auth/sign-up', {
    headers: CSRF,
    data: { fullName: person.fullName, email: person.email, password: MEMBER_PASSWORD, token },
  });
  expect(signedUp.status()).toBe(201);
  const user = (await signedUp.json()) as { id: string; role: string };
  expect(user.role).toBe('user');
  return { context, page: await context.newPage(), person, userId: user.id, password: MEMBER_PASSWORD };
}

/** Close open toasts, so none covers the next button (sonner pauses while hovered). */
export async function dismissToasts(page: Page) {
  await page.mouse.move(0, 0);
  for (const close of await page.locator('[data-sonner-toast] [data-close-button]').all()) {
    await close.click({ timeout: 2_000 }).catch(() => undefined);
  }
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
}

/**
 * A tip's or a guide's page is drawn by the server, then taken over by the client (ADR 022):
 * before that a button does nothing and a link is a plain one. Call after `goto` such a page
 * before clicking on it.
 */
export async function waitForHydration(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/** The admin signed in through the form, on a page of its own (lands on the dashboard). */
export async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

/**
 * Full-page screenshots at a 360 px phone and a 1280 px desktop, `<dir>/<name>-360|desktop.png`,
 * for a person to look at. With `check`, first at 360 px: no serious or critical axe violation,
 * and the page does not scroll sideways.
 */
export async function shootPhoneAndDesktop(page: Page, dir: string, name: string, o: { check?: boolean } = {}) {
  for (const [label, size] of [
    ['360', { width: 360, height: 800 }],
    ['desktop', { width: 1280, height: 900 }],
  ] as const) {
    await page.setViewportSize(size);
    if (o.check && label === '360') {
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    }
    await page.screenshot({ path: `${dir}/${name}-${label}.png`, fullPage: true });
  }
}

/**
 * Banners show on every member's screen, in every spec running meanwhile: a spec that posts one
 * deactivates it when done, so other specs' layouts are not measured under a pile of them.
 */
export async function deactivateBanner(admin: APIRequestContext, id: string) {
  const res = await admin.patch(`/api/admin/system-messages/${id}/active`, { headers: CSRF, data: { isActive: false } });
  expect(res.status(), await res.text()).toBe(200);
}
