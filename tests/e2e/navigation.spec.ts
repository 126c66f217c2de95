/**
 * Issue 21: screens start where people expect, and links people can share (ADR 046, 047).
 * Each test runs at 1280 px and at 390 px.
 */
import { type APIRequestContext, type Browser, type Page, expect, test } from '@playwright/test';
import { CSRF, E2E_ADMIN, choose, createActiveMember, dismissToasts, expectToast, signIn, waitForHydration } from './fixtures';

type Member = Awaited<ReturnType<typeof createActiveMember>>;

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function adminRequest(browser: Browser): Promise<APIRequestContext> {
  const context = await browser.newContext();
  expect((await context.request.post('/api/auth/sign-in', { headers: CSRF, data: E2E_ADMIN })).status()).toBe(200);
  return context.request;
}

async function createTip(member: Member, title: string, country = 'Japan'): Promise<string> {
  const res = await member.context.request.post('/api/tips', {
    headers: CSRF,
    data: { title, country, city: 'Kyoto', description: 'Worth the early start.', isPrivate: false },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function createGuide(member: Member, title: string): Promise<string> {
  const res = await member.context.request.post('/api/guides', {
    headers: CSRF,
    data: { title, location: 'Kansai', countries: ['Japan'], daysCount: 2, isPrivate: false },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function usernameOf(member: Member): Promise<string> {
  const me = (await (await member.context.request.get('/api/auth/me')).json()) as { username: string };
  return me.username;
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** The first card whose top edge is on screen, below the sticky header. */
async function cardOnScreen(page: Page) {
  const cards = page.getByTestId('content-card');
  await expect(cards.first()).toBeVisible();
  for (let i = 0; i < (await cards.count()); i++) {
    const box = await cards.nth(i).boundingBox();
    if (box && box.y > 80 && box.y < 500) return cards.nth(i);
  }
  throw new Error('no card on screen');
}

/** Puts navigation state on the current entry as React Router writes it, then reloads (the original state routes, ADR 046). */
async function openWithState(page: Page, path: string, state: Record<string, string>) {
  await page.evaluate(([url, usr]) => window.history.replaceState({ usr, key: 'e2e', idx: 0 }, '', url), [path, state] as const);
  await page.reload();
}

for (const viewport of VIEWPORTS) {
  test.describe(`navigation at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('screens start at their top, Back restores the position and returns where the member came from', async ({ browser }) => {
      test.setTimeout(240_000);
      const admin = await adminRequest(browser);
      const reader = await createActiveMember(browser, admin, 'Reader');
      const author = await createActiveMember(browser, admin, 'Author');
      const stamp = Date.now().toString(36);
      // Enough content that the lists are much longer than a screen.
      for (let i = 0; i < 10; i++) await createTip(reader, `Reader note ${i} ${stamp}`);
      const tipIds: string[] = [];
      for (let i = 0; i < 24; i++) tipIds.push(await createTip(author, `Temple ${i} ${stamp}`));
      const savedTip = tipIds[0]!;
      const saved = await reader.context.request.post('/api/saves/toggle', {
        headers: CSRF,
        data: { contentType: 'tip', contentId: savedTip },
      });
      expect(saved.status()).toBe(200);
      const { page } = reader;

      // 1. A long form sent from its bottom: the list it leads to starts at its top.
      await page.goto('/new-tip');
      await page.getByLabel('Title').fill(`Long form ${stamp}`);
      await choose(page, 'Rating', '★★★★ 4/5');
      await choose(page, 'Country', 'Japan');
      await page.getByLabel('City').fill('Nara');
      await page.getByLabel('Short description').fill('Deer everywhere, bring no paper.');
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      expect(await scrollY(page)).toBeGreaterThan(300);
      await page.getByRole('button', { name: 'Create Tip' }).click();
      await expectToast(page, 'Your tip has been created successfully');
      await expect(page).toHaveURL(/\/tips$/);
      await expect(page.getByTestId('content-card').first()).toBeVisible();
      expect(await scrollY(page)).toBe(0);
      await dismissToasts(page);

      // 2. Explore, scrolled down: a tip opens at its top; Back to Tips returns to Explore where it was.
      await page.goto(`/explore?q=${stamp}`);
      await expect(page.getByTestId('content-card').first()).toBeVisible();
      // Scrolling to the end loads the next pages: until the list is well over 1,300 px long.
      await expect
        .poll(async () => {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          return page.evaluate(() => document.documentElement.scrollHeight);
        })
        .toBeGreaterThan(3000);
      await page.evaluate(() => window.scrollTo(0, 1300));
      await expect.poll(() => scrollY(page)).toBe(1300);
      const card = await cardOnScreen(page);
      const cardTitle = (await card.getByRole('heading').first().textContent())!.trim();
      await card.getByRole('link').first().click();
      await expect(page).toHaveURL(/\/view-tip\//);
      await expect(page.getByRole('heading', { level: 1, name: cardTitle })).toBeVisible();
      expect(await scrollY(page)).toBe(0);
      await page.getByRole('link', { name: 'Back to Tips' }).click();
      await expect(page).toHaveURL(new RegExp(`/explore\\?q=${stamp}$`));
      await expect.poll(() => scrollY(page)).toBeGreaterThan(1250);
      expect(Math.abs((await scrollY(page)) - 1300)).toBeLessThanOrEqual(50);
      await expect(page.getByRole('heading', { name: cardTitle })).toBeInViewport();
      // The browser's Forward and Back too.
      await page.goForward();
      await expect(page).toHaveURL(/\/view-tip\//);
      await expect.poll(() => scrollY(page)).toBe(0);
      await page.goBack();
      await expect(page).toHaveURL(/\/explore\?/);
      await expect.poll(() => scrollY(page)).toBeGreaterThan(1250);

      // 3. From Saved, Back to Tips returns to Saved.
      await page.goto('/saved');
      await page.getByTestId('content-card').first().getByRole('link').first().click();
      await expect(page).toHaveURL(new RegExp(`/view-tip/${savedTip}$`));
      await page.getByRole('link', { name: 'Back to Tips' }).click();
      await expect(page).toHaveURL(/\/saved$/);

      // 4. From a member's list (their profile's Tips Shared), Back to Tips returns there.
      const authorName = await usernameOf(author);
      await page.goto(`/members/${authorName}`);
      await page.getByRole('button', { name: /Tips Shared$/ }).click();
      await expect(page).toHaveURL(new RegExp(`/members/${authorName}/tips$`));
      await page.getByTestId('content-card').first().getByRole('link').first().click();
      await expect(page).toHaveURL(/\/view-tip\//);
      await page.getByRole('link', { name: 'Back to Tips' }).click();
      await expect(page).toHaveURL(new RegExp(`/members/${authorName}/tips$`));

      // 5. Opened directly (no history in the app): Back to Tips goes to /tips.
      await page.goto(`/view-tip/${savedTip}`);
      await waitForHydration(page);
      await page.getByRole('link', { name: 'Back to Tips' }).click();
      await expect(page).toHaveURL(/\/tips$/);
      await expect(page.getByRole('heading', { level: 1, name: 'My Tips & Guides' })).toBeVisible();
    });

    test("a member's profile has a URL others can open; the original state routes redirect there; authors link to it", async ({
      browser,
    }) => {
      test.setTimeout(180_000);
      const admin = await adminRequest(browser);
      const viewer = await createActiveMember(browser, admin, 'Viewer');
      const author = await createActiveMember(browser, admin, 'Writer');
      const friend = await createActiveMember(browser, admin, 'Second');
      const stamp = Date.now().toString(36);
      const tipTitle = `Moss garden ${stamp}`;
      const tipId = await createTip(author, tipTitle);
      const guideId = await createGuide(author, `Two days in Kansai ${stamp}`);
      const username = await usernameOf(author);
      const { page } = viewer;

      // The tip's page names its author, linking to the profile's URL; the title says where we are.
      await page.goto(`/view-tip/${tipId}`);
      await waitForHydration(page);
      await expect(page).toHaveTitle(`${tipTitle} · Waymark`);
      await page.getByRole('link', { name: `by ${author.person.fullName}` }).click();
      await expect(page).toHaveURL(new RegExp(`/members/${username}$`));
      await expect(page.getByRole('heading', { level: 1, name: author.person.fullName })).toBeVisible();
      await expect(page).toHaveTitle(`${author.person.fullName} · Waymark`);
      // The change of screen is announced, and focus starts at the new screen's content.
      await expect(page.getByTestId('route-announcer')).toHaveText(`${author.person.fullName} · Waymark`);
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');

      // The guide's page too.
      await page.goto(`/view-guide/${guideId}`);
      await waitForHydration(page);
      await page.getByRole('link', { name: `by ${author.person.fullName}` }).click();
      await expect(page).toHaveURL(new RegExp(`/members/${username}$`));

      // Shareable: another member opens the link as it is, any case of the name works.
      const shared = page.url();
      await friend.page.goto(shared);
      await expect(friend.page.getByRole('heading', { level: 1, name: author.person.fullName })).toBeVisible();
      await expect(friend.page.getByRole('button', { name: 'Edit Profile' })).toHaveCount(0);
      await friend.page.goto(`/members/${username.toUpperCase()}`);
      await expect(friend.page.getByRole('heading', { level: 1, name: author.person.fullName })).toBeVisible();
      // The member's own link shows their own, editable profile.
      await author.page.goto(shared);
      await expect(author.page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
      await expect(author.page).toHaveTitle('My Profile · Waymark');
      // An unknown name: not found.
      await friend.page.goto('/members/nobody-has-this-name');
      await expect(friend.page.getByRole('heading', { name: 'Profile not found' })).toBeVisible();

      // The profile's lists have URLs too.
      await page.getByRole('button', { name: /Guides Created$/ }).click();
      await expect(page).toHaveURL(new RegExp(`/members/${username}/tips\\?tab=guides$`));
      await expect(page.getByRole('tab', { name: /^Guides/ })).toHaveAttribute('aria-selected', 'true');
      await page.goBack();
      await page.getByRole('button', { name: /\d+ Connections$/ }).click();
      await expect(page).toHaveURL(new RegExp(`/members/${username}/connections$`));
      await expect(page).toHaveTitle(`${author.person.fullName} Connections · Waymark`);

      // The original routes that take the member from navigation state redirect (replace) to the URLs.
      const redirects: [string, Record<string, string>, RegExp][] = [
        ['/profile', { userId: author.userId }, new RegExp(`/members/${username}$`)],
        ['/user-connections', { userId: author.userId, userName: 'x' }, new RegExp(`/members/${username}/connections$`)],
        ['/tips', { userId: author.userId, userName: 'x' }, new RegExp(`/members/${username}/tips$`)],
        ['/tips', { userId: author.userId, tab: 'guides' }, new RegExp(`/members/${username}/tips\\?tab=guides$`)],
        ['/dashboard', { userId: author.userId, tab: 'guides' }, new RegExp(`/members/${username}/tips\\?tab=guides$`)],
      ];
      for (const [path, state, expected] of redirects) {
        await page.goto('/notifications');
        await openWithState(page, path, state);
        await expect(page, path).toHaveURL(expected);
        await expect(page.getByRole('heading', { level: 1 })).toContainText(author.person.fullName);
      }
      // Own /profile stays /profile.
      await page.goto('/profile');
      await expect(page).toHaveURL(/\/profile$/);
      await expect(page.getByRole('heading', { level: 1, name: viewer.person.fullName })).toBeVisible();

      // Titles of screens without data: the sign-in page for a visitor.
      const visitor = await browser.newPage();
      await visitor.goto('/');
      await expect(visitor).toHaveTitle('Sign In · Waymark');
      await visitor.close();
    });

    test('tabs and filters live in the URL: reload and Back keep them', async ({ browser }) => {
      test.setTimeout(180_000);
      const admin = await adminRequest(browser);
      const member = await createActiveMember(browser, admin, 'Tabber');
      const stamp = Date.now().toString(36);
      await createTip(member, `Ramen alley ${stamp}`, 'Japan');
      await createTip(member, `Tapas bar ${stamp}`, 'Spain');
      await createGuide(member, `Noodle guide ${stamp}`);
      const { page } = member;

      // Connections.
      await page.goto('/connections');
      await expect(page).toHaveTitle('Connections · Waymark');
      await page.getByRole('tab', { name: 'Discover' }).click();
      await expect(page).toHaveURL(/\/connections\?tab=discover$/);
      await page.reload();
      await expect(page.getByRole('tab', { name: 'Discover' })).toHaveAttribute('aria-selected', 'true');
      await page.goto('/saved');
      await page.goBack();
      await expect(page.getByRole('tab', { name: 'Discover' })).toHaveAttribute('aria-selected', 'true');

      // Explore: search words, country and tab.
      await page.goto('/explore');
      await expect(page).toHaveTitle('Explore · Waymark');
      await page.getByRole('searchbox').first().fill(stamp);
      await expect(page).toHaveURL(new RegExp(`q=${stamp}`));
      await choose(page, 'Country', 'Japan');
      await page.getByRole('tab', { name: /^Tips/ }).click();
      await expect(page).toHaveURL(/tab=tips/);
      await expect(page).toHaveURL(/country=Japan/);
      const cards = page.getByTestId('content-card');
      await expect(cards).toHaveCount(1);
      await expect(cards.first()).toContainText(`Ramen alley ${stamp}`);
      await page.reload();
      await expect(page.getByRole('searchbox').first()).toHaveValue(stamp);
      await expect(page.getByRole('combobox', { name: 'Country' })).toContainText('Japan');
      await expect(page.getByRole('tab', { name: /^Tips/ })).toHaveAttribute('aria-selected', 'true');
      await expect(cards).toHaveCount(1);
      await cards.first().getByRole('link').first().click();
      await expect(page).toHaveURL(/\/view-tip\//);
      await page.goBack();
      await expect(page.getByRole('tab', { name: /^Tips/ })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('combobox', { name: 'Country' })).toContainText('Japan');
      await expect(cards).toHaveCount(1);

      // Saved and My Tips & Guides.
      await page.goto('/tips');
      await page.getByRole('tab', { name: /^Guides/ }).click();
      await expect(page).toHaveURL(/\/tips\?tab=guides$/);
      await page.reload();
      await expect(page.getByRole('tab', { name: /^Guides/ })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('content-card')).toHaveCount(1);
      await page.goto('/saved?tab=guides');
      await expect(page.getByRole('tab', { name: /^Guides/ })).toHaveAttribute('aria-selected', 'true');

      // Admin Panel (default users).
      const adminPage = await browser.newPage();
      await signIn(adminPage, E2E_ADMIN.email, E2E_ADMIN.password);
      await expect(adminPage).toHaveURL(/\/dashboard$/);
      await adminPage.goto('/admin');
      await expect(adminPage.getByRole('tab', { name: 'User Management' })).toHaveAttribute('aria-selected', 'true');
      await adminPage.getByRole('tab', { name: 'Invitations' }).click();
      await expect(adminPage).toHaveURL(/\/admin\?tab=invitations$/);
      await adminPage.reload();
      await expect(adminPage.getByRole('tab', { name: 'Invitations' })).toHaveAttribute('aria-selected', 'true');
      await adminPage.goto('/explore');
      await adminPage.goBack();
      await expect(adminPage).toHaveURL(/\/admin\?tab=invitations$/);
      await expect(adminPage.getByRole('tab', { name: 'Invitations' })).toHaveAttribute('aria-selected', 'true');
      await expect(adminPage).toHaveTitle('Admin Panel · Waymark');
      await adminPage.close();
    });
  });
}
