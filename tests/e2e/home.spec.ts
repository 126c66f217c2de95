/**
 * Issue 21, "a home that changes": below the home's three cards, the first-run checklist, what is
 * new from the member's connections and the most liked of the last 30 days, at a laptop's and a
 * phone's width.
 */
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { PROFILE_TEXTS } from '@common/schemas/profile';
import { axeViolations } from './axe';
import { choose, createActiveMember, CSRF, dismissToasts, E2E_ADMIN, expectToast } from './fixtures';

async function postTip(request: APIRequestContext, title: string, isPrivate: boolean) {
  const res = await request.post('/api/tips', {
    headers: CSRF,
    data: { title, country: 'Japan', city: 'Kyoto', description: 'Go early, before the crowds.', isPrivate },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function like(request: APIRequestContext, tipId: string) {
  const res = await request.post('/api/likes/toggle', { headers: CSRF, data: { contentType: 'tip', contentId: tipId } });
  expect(res.status()).toBe(200);
}

/** The home's sections pass axe: no violation of impact serious or critical (issue 21). */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const checklist = (page: Page) => page.getByTestId('first-run-checklist');
const step = (page: Page, name: RegExp) => checklist(page).getByRole('link', { name });
const section = (page: Page, name: string) => page.getByRole('region', { name });

async function openHome(page: Page) {
  await page.goto('/dashboard');
  // The home's three cards stay first (docs/product.md#screens).
  await expect(page.getByRole('link', { name: 'Join Community' })).toBeVisible();
}

/** Clicks Load more until `card` shows or the list ends (other tests add liked content too). */
async function findInList(list: ReturnType<typeof section>, title: string) {
  const card = list.getByTestId('home-card').filter({ hasText: title });
  for (let i = 0; i < 10 && (await card.count()) === 0; i += 1) {
    const more = list.getByRole('button', { name: 'Load more' });
    if ((await more.count()) === 0) break;
    await more.click();
    await expect(more.or(list.getByTestId('home-card').last())).toBeVisible();
  }
  return card;
}

for (const width of [1280, 390]) {
  test(`the home at ${width} px: checklist, connections' tips, most liked`, async ({ browser }) => {
    test.setTimeout(180_000);
    const adminContext = await browser.newContext();
    const admin = adminContext.request;
    expect((await admin.post('/api/auth/sign-in', { headers: CSRF, data: E2E_ADMIN })).status()).toBe(200);

    const member = await createActiveMember(browser, admin, 'Newcomer');
    const friend = await createActiveMember(browser, admin, 'Globetrotter');
    const { page } = member;
    await page.setViewportSize({ width, height: 900 });
    // The invitation gave a home country; a brand-new member may have none: start from none.
    const me = (await (await member.context.request.get('/api/auth/me')).json()) as { name: string; username: string };
    const cleared = await member.context.request.patch('/api/profiles/me', {
      headers: CSRF,
      data: { name: me.name, username: me.username, country: null },
    });
    expect(cleared.status()).toBe(200);

    // A new member: the checklist with nothing done, and empty lists that say what to do.
    await openHome(page);
    await expect(checklist(page)).toContainText('0 of 4 done');
    await expect(step(page, /Make your first connection/)).toHaveAttribute('href', '/connections');
    await expect(step(page, /Share your first tip/)).toHaveAttribute('href', '/new-tip');
    const feed = section(page, 'New from your connections');
    await expect(feed.getByText('Connect with travelers to see their tips here.')).toBeVisible();
    await expect(feed.getByRole('link', { name: 'Find travelers' })).toHaveAttribute('href', '/connections');
    await page.screenshot({ path: `.tmp/shots/home-new-${width}.png`, fullPage: true });
    await expectAccessible(page);
    if (width < 400) {
      await page.setViewportSize({ width: 360, height: 900 });
      await page.screenshot({ path: '.tmp/shots/home-new-360.png', fullPage: true });
      await page.setViewportSize({ width, height: 900 });
    }

    // 1. The photo, from the checklist's link.
    await step(page, /Add a profile photo/).click();
    await expect(page).toHaveURL(/\/profile$/);
    const buffer = await sharp({ create: { width: 80, height: 80, channels: 3, background: '#2a9d8f' } })
      .png()
      .toBuffer();
    await page.getByLabel('Profile picture file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer });
    await expectToast(page, PROFILE_TEXTS.pictureUpdated);
    await dismissToasts(page);
    await openHome(page);
    await expect(checklist(page)).toContainText('1 of 4 done');
    await expect(step(page, /Add a profile photo \(done\)/)).toBeVisible();

    // 2. The home country.
    await step(page, /Set your home country/).click();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await choose(page, 'Country', 'Japan');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, PROFILE_TEXTS.updated);
    await dismissToasts(page);
    await openHome(page);
    await expect(checklist(page)).toContainText('2 of 4 done');

    // 3. A first tip (its form is tips.spec.ts's subject).
    await postTip(member.context.request, `First tip of ${member.person.fullName}`, true);
    await openHome(page);
    await expect(checklist(page)).toContainText('3 of 4 done');

    // The friend shares a public tip and a private one; neither shows before they connect.
    const publicTitle = `Lantern walk by ${friend.person.fullName}`;
    const privateTitle = `Secret garden by ${friend.person.fullName}`;
    const publicTipId = await postTip(friend.context.request, publicTitle, false);
    await postTip(friend.context.request, privateTitle, true);
    await expect(feed.getByText(publicTitle)).toHaveCount(0);

    // 4. The first connection: the checklist is gone; the friend's public tip is in the feed,
    // the private one is not.
    const requested = await friend.context.request.post('/api/connections', {
      headers: CSRF,
      data: { addresseeId: member.userId },
    });
    expect(requested.status()).toBe(201);
    const connectionId = ((await requested.json()) as { id: string }).id;
    expect((await member.context.request.post(`/api/connections/${connectionId}/accept`, { headers: CSRF })).status()).toBe(200);
    await openHome(page);
    await expect(feed.getByTestId('home-card').filter({ hasText: publicTitle })).toBeVisible();
    await expect(checklist(page)).toHaveCount(0);
    await expect(page.getByText(privateTitle)).toHaveCount(0);
    const card = feed.getByTestId('home-card').filter({ hasText: publicTitle });
    await expect(card.getByRole('link', { name: friend.person.fullName, exact: true })).toBeVisible();

    // A liked tip is among the most liked (two likes, so it ranks above other tests' single ones).
    await like(member.context.request, publicTipId);
    await like(admin, publicTipId);
    await openHome(page);
    const popular = section(page, 'Most liked this month');
    await expect(popular.getByTestId('home-card').first()).toBeVisible();
    await expect(await findInList(popular, publicTitle)).toBeVisible();
    await expect(popular.getByText(privateTitle)).toHaveCount(0);

    await expectAccessible(page);

    // Nothing widens the page on a phone, down to 360 px.
    for (const shown of width < 400 ? [width, 360] : [width]) {
      await page.setViewportSize({ width: shown, height: 900 });
      const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.view);
      await page.screenshot({ path: `.tmp/shots/home-done-${shown}.png`, fullPage: true });
    }

    // The card opens the tip.
    await card.getByRole('link', { name: publicTitle }).click();
    await expect(page).toHaveURL(`/view-tip/${publicTipId}`);

    await Promise.all([member.context.close(), friend.context.close(), adminContext.close()]);
  });
}

/**
 * Issue 36 item 13, first run on a phone: a brand-new member sees what to do first (the
 * checklist within the first screen at 360 px, above the three cards) and is welcomed, not welcomed
 * back; hiding the steps keeps focus on the page's heading and lasts; once the member has done
 * something, the home says "Welcome back".
 */
test('a new member at 360 px: the first steps first, a welcome; a returning one: welcome back', async ({ browser }) => {
  test.setTimeout(120_000);
  const adminContext = await browser.newContext();
  const admin = adminContext.request;
  expect((await admin.post('/api/auth/sign-in', { headers: CSRF, data: E2E_ADMIN })).status()).toBe(200);
  const member = await createActiveMember(browser, admin, 'Firstrun');
  const { page } = member;
  await page.setViewportSize({ width: 360, height: 740 });

  await page.goto('/dashboard');
  await expect(checklist(page)).toContainText('of 4 done');
  const greeting = page.getByRole('heading', { level: 1 });
  await expect(greeting).toHaveText(`Welcome, ${member.person.fullName}!`);
  await expect(page.getByText(/Welcome back/)).toHaveCount(0);
  // Within the first screen under the greeting. Measured from the heading: the admins' banners
  // (other tests post some on this shared server) stand above the page, as they should.
  const box = await checklist(page).boundingBox();
  const heading = await greeting.boundingBox();
  expect((box?.y ?? Infinity) - (heading?.y ?? 0)).toBeLessThan(450);
  const cards = await page.getByRole('link', { name: 'Explore Tips', exact: true }).boundingBox();
  expect(box!.y).toBeLessThan(cards!.y);
  expect(await axeViolations(page, 'main')).toEqual([]);
  await page.screenshot({ path: '.tmp/shots/home-first-run-360.png' });

  // Hidden by keyboard: focus goes to the heading, not the page; it stays hidden on return.
  await checklist(page).getByRole('button', { name: 'Hide these steps' }).focus();
  await page.keyboard.press('Enter');
  await expect(checklist(page)).toHaveCount(0);
  await expect(greeting).toBeFocused();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Join Community' })).toBeVisible();
  await expect(checklist(page)).toHaveCount(0);

  // Something done: a returning member.
  await postTip(member.context.request, `Lantern market by ${member.person.fullName}`, true);
  await page.reload();
  await expect(greeting).toHaveText(`Welcome back, ${member.person.fullName}!`);
  await Promise.all([member.context.close(), adminContext.close()]);
});
