/**
 * Issue 36, item 1: a page the server drew keeps, while its scripts take it over (hydration),
 * every element a person may be pressing or typing into. A press that starts on the drawn page
 * and ends after the take-over is a click; text typed before the scripts ran stays and counts;
 * a search typed just before a click on a card does not pull the page back to Explore.
 * Each drawn screen (web/src/app/first-paint-pages.ts) is tried on a CPU-throttled page.
 */
import { readFileSync } from 'node:fs';
import { type Browser, type BrowserContext, type Locator, type Page, expect, test } from '@playwright/test';
import { CSRF, adminPage, createActiveMember, deactivateBanner, waitForHydration } from './fixtures';

/** A slow phone's CPU (Lighthouse's mobile throttling). */
const CPU_SLOWDOWN = 4;
/** A person's press: down, this long, up. */
const PRESS_MS = 120;
const LOADS_PER_SCREEN = 5;

type World = {
  visitor: BrowserContext;
  reader: BrowserContext;
  admin: BrowserContext;
  tipId: string;
  guideId: string;
  word: string;
  email: string;
  /** An active banner: every member screen is tried with one above it. */
  banner: { id: string; title: string };
};

type Screen = {
  /** The path as first-paint-pages.ts keys it. */
  page: string;
  who: 'visitor' | 'reader';
  url: (world: World) => string;
  /** What a person presses first, and where it leads. */
  target: (page: Page) => Locator;
  leadsTo: RegExp;
};

const SCREENS: Screen[] = [
  {
    page: '/',
    who: 'visitor',
    url: () => '/',
    target: (page) => page.getByRole('link', { name: 'Request an Invitation' }),
    leadsTo: /\/request-invitation$/,
  },
  {
    page: '/explore',
    who: 'reader',
    url: () => '/explore',
    target: (page) => page.getByRole('list', { name: 'Content' }).getByRole('link').first(),
    leadsTo: /\/view-(tip|guide)\/[0-9a-f-]{36}$/,
  },
  {
    page: '/view-tip/:id',
    who: 'reader',
    url: (world) => `/view-tip/${world.tipId}`,
    target: (page) => page.locator('#main-content').getByTestId('author-link').first(),
    leadsTo: /\/members\/[^/]+$/,
  },
  {
    page: '/view-guide/:id',
    who: 'reader',
    url: (world) => `/view-guide/${world.guideId}`,
    target: (page) => page.getByTestId('itinerary-item').getByRole('link').first(),
    leadsTo: /\/view-tip\/[0-9a-f-]{36}$/,
  },
];

async function createWorld(browser: Browser): Promise<World> {
  const admin = await adminPage(browser);
  const author = await createActiveMember(browser, admin.request, 'Author');
  const reader = await createActiveMember(browser, admin.request, 'Reader');
  const word = `Quillwort${Date.now().toString(36)}`;
  const tip = await author.context.request.post('/api/tips', {
    headers: CSRF,
    data: { title: `${word} meadow`, country: 'Portugal', city: 'Sintra', description: 'Walk up early.' },
  });
  expect(tip.status(), await tip.text()).toBe(201);
  const tipId = ((await tip.json()) as { id: string }).id;
  const guide = await author.context.request.post('/api/guides', {
    headers: CSRF,
    data: {
      title: `Sintra in a day ${word}`,
      location: 'Sintra',
      countries: ['Portugal'],
      daysCount: 1,
      items: [{ dayNumber: 1, tipId }],
    },
  });
  expect(guide.status(), await guide.text()).toBe(201);
  const guideId = ((await guide.json()) as { id: string }).id;
  const title = `Maintenance ${word}`;
  const posted = await admin.request.post('/api/admin/system-messages', {
    headers: CSRF,
    data: { title, content: 'Uploads pause tonight from ten to eleven. '.repeat(3) },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const banner = { id: ((await posted.json()) as { id: string }).id, title };
  await Promise.all([admin.close(), author.context.close(), author.page.close(), reader.page.close()]);
  return {
    visitor: await browser.newContext(),
    reader: reader.context,
    admin: admin.context(),
    tipId,
    guideId,
    word,
    email: reader.person.email,
    banner,
  };
}

/** A page of `context` whose CPU runs CPU_SLOWDOWN times slower. */
async function slowPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return page;
}

/**
 * Holds the page's scripts back until `release()`: the drawn page is on screen, the scripts are
 * not running, and nothing about it depends on how fast this machine is.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Marks the drawn page's controls, so that after the take-over each can be checked to be the same node. */
async function markDrawnControls(page: Page) {
  return page.evaluate(() => {
    // What a person can reach: not what the page hides from everyone (a form's stand-in <select>).
    const controls = [
      ...document.querySelectorAll(
        '#root :is(a[href], button, input, textarea, select, [tabindex]):not([aria-hidden="true"], [aria-hidden="true"] *)',
      ),
    ];
    (window as unknown as { drawnControls: Element[] }).drawnControls = controls;
    for (const control of controls) (control as unknown as { drawn: boolean }).drawn = true;
    return controls.length;
  });
}

/** The drawn controls the take-over threw away (each named by its tag and text). */
async function replacedControls(page: Page) {
  return page.evaluate(() =>
    (window as unknown as { drawnControls: Element[] }).drawnControls
      .filter((control) => !control.isConnected)
      .map(
        (control) =>
          `${control.tagName.toLowerCase()} "${(control.textContent || control.getAttribute('aria-label') || '').trim().slice(0, 40)}"`,
      ),
  );
}

/** After hydration React renders once more (useIsServerPass): wait until that is on screen too. */
async function afterTakeOver(page: Page) {
  await waitForHydration(page);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50)))),
  );
}

async function boxOf(target: Locator) {
  let box: Awaited<ReturnType<Locator['boundingBox']>> = null;
  await expect(async () => {
    box = await target.boundingBox({ timeout: 1_000 });
    expect(box, 'the target is laid out').not.toBeNull();
  }).toPass();
  return box!;
}

/** Where a person presses: the middle of the target, within its first line, scrolled to first if need be. */
async function pointOn(target: Locator) {
  await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = await boxOf(target);
  return { x: box.x + box.width / 2, y: box.y + Math.min(box.height / 2, 20) };
}

const isHydrated = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'));

test.describe('the first input on a drawn page', () => {
  test.describe.configure({ mode: 'default' });
  let world: World;
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    world = await createWorld(browser);
  });
  test.afterAll(async () => {
    // The banner goes: other specs' screens are not measured with it.
    if (world) await deactivateBanner(world.admin.request, world.banner.id);
    await Promise.all([world?.visitor.close(), world?.reader.close(), world?.admin.close()]);
  });

  test('every page the server draws is tried here', () => {
    // The table of drawn pages: a page added there without a screen here fails this test.
    const table = readFileSync('web/src/app/first-paint-pages.ts', 'utf8');
    const drawn = [...table.matchAll(/^ {2}'(\/[^']*)': \{$/gm)].map((match) => match[1]);
    expect(drawn.length).toBeGreaterThan(0);
    expect(SCREENS.map((screen) => screen.page).sort()).toEqual(drawn.sort());
  });

  for (const screen of SCREENS) {
    test(`${screen.page}: a press begun before the scripts and ended after them is a click, on the same elements`, async () => {
      const page = await slowPage(world[screen.who]);
      const release = await holdScripts(page);
      await page.goto(screen.url(world), { waitUntil: 'commit' });
      const target = screen.target(page);
      await target.waitFor({ state: 'visible' });
      expect(await isHydrated(page), 'the scripts are held back').toBe(false);
      expect(await markDrawnControls(page)).toBeGreaterThan(0);
      const point = await pointOn(target);
      const drawnBox = await boxOf(target);
      await page.mouse.move(point.x, point.y);
      await page.mouse.down();
      release();
      await afterTakeOver(page);
      expect(await replacedControls(page), 'drawn controls the scripts replaced').toEqual([]);
      // Nor has anything above it moved it from under the pointer.
      expect(await boxOf(target), 'where the target is after the take-over').toEqual(drawnBox);
      const isSameNode = await page.evaluate(
        ({ x, y }) => Boolean((document.elementFromPoint(x, y)?.closest('a, button') as unknown as { drawn?: boolean })?.drawn),
        point,
      );
      expect(isSameNode, 'the element under the pointer is the one drawn').toBe(true);
      await page.mouse.up();
      await expect(page).toHaveURL(screen.leadsTo);
      await page.close();
    });

    test(`${screen.page}: a person-paced click as soon as it shows, ${LOADS_PER_SCREEN} loads`, async () => {
      test.setTimeout(300_000);
      const page = await slowPage(world[screen.who]);
      for (let load = 1; load <= LOADS_PER_SCREEN; load += 1) {
        await page.goto(screen.url(world), { waitUntil: 'commit' });
        const target = screen.target(page);
        await target.waitFor({ state: 'visible' });
        const point = await pointOn(target);
        await page.mouse.move(point.x, point.y);
        await page.mouse.down();
        await page.waitForTimeout(PRESS_MS);
        await page.mouse.up();
        await expect(page, `load ${load}`).toHaveURL(screen.leadsTo);
      }
      await page.close();
    });
  }

  // Radix acts on press-down (a tab, a select): a press begun before the scripts reached React as a click alone.
  const EXPLORE_CONTROLS: { name: string; target: (page: Page) => Locator; done: (page: Page) => Promise<void> }[] = [
    {
      name: 'the Tips tab',
      target: (page) => page.getByRole('tab', { name: /^Tips/ }),
      done: async (page) => {
        await expect(page).toHaveURL(/[?&]tab=tips/);
        await expect(page.getByRole('tab', { name: /^Tips/ })).toHaveAttribute('aria-selected', 'true');
      },
    },
    {
      name: 'the Map view',
      target: (page) => page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Map' }),
      done: (page) => expect(page).toHaveURL(/[?&]view=map/),
    },
    {
      name: 'the Country select',
      target: (page) => page.getByRole('combobox', { name: 'Country' }),
      done: (page) => expect(page.getByRole('listbox')).toBeVisible(),
    },
  ];
  for (const control of EXPLORE_CONTROLS) {
    test(`Explore: ${control.name}, pressed before the scripts and released after them, acts`, async () => {
      const page = await slowPage(world.reader);
      const release = await holdScripts(page);
      await page.goto('/explore', { waitUntil: 'commit' });
      const target = control.target(page);
      await target.waitFor({ state: 'visible' });
      expect(await isHydrated(page), 'the scripts are held back').toBe(false);
      const point = await pointOn(target);
      const drawnAt = await boxOf(target);
      await page.mouse.move(point.x, point.y);
      await page.mouse.down();
      release();
      await afterTakeOver(page);
      // Under the finger it stays where it was drawn (the tabs moved once their counts came).
      expect(await boxOf(target)).toEqual(drawnAt);
      await page.mouse.up();
      await control.done(page);
      await page.close();
    });
  }

  test("the admins' banner is drawn with the page; dismissed, it stays out of the next page drawn", async () => {
    const page = await slowPage(world.reader);
    const drawnBanner = () => page.getByRole('region', { name: 'System messages' }).getByText(world.banner.title);
    let release = await holdScripts(page);
    await page.goto('/explore', { waitUntil: 'commit' });
    await expect(drawnBanner()).toBeVisible();
    expect(await isHydrated(page), 'drawn by the server: the scripts are held back').toBe(false);
    release();
    await afterTakeOver(page);
    await page.getByRole('button', { name: `Dismiss ${world.banner.title}` }).click();
    await expect(drawnBanner()).toHaveCount(0);
    // The next page the server draws leaves it out, before any script runs.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    release = await holdScripts(page);
    await page.goto(`/view-tip/${world.tipId}`, { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await isHydrated(page)).toBe(false);
    await expect(drawnBanner()).toHaveCount(0);
    release();
    await afterTakeOver(page);
    await expect(drawnBanner()).toHaveCount(0);
    await page.close();
    // For this browser session only (docs/product.md#screens); per member is the API's test (system-messages.api.test.ts).
    const dismissal = (await world.reader.cookies()).find((cookie) => cookie.name === 'waymark-dismissed-messages');
    expect(dismissal?.expires, 'a session cookie: gone with the browser session').toBe(-1);
    // The later tests see the banner again.
    await world.reader.clearCookies({ name: 'waymark-dismissed-messages' });
  });

  test('text typed in Explore’s search before the scripts run stays, and the search applies', async () => {
    const page = await slowPage(world.reader);
    const release = await holdScripts(page);
    await page.goto('/explore', { waitUntil: 'commit' });
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.click();
    await page.keyboard.type(world.word, { delay: 20 });
    expect(await isHydrated(page), 'typed before the scripts ran').toBe(false);
    release();
    await afterTakeOver(page);
    await expect(search).toHaveValue(world.word);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${world.word}`));
    const cards = page.getByRole('list', { name: 'Content' }).getByRole('link');
    await expect(cards.filter({ hasText: `${world.word} meadow` })).toHaveCount(1);
    await expect(cards.filter({ hasNotText: world.word })).toHaveCount(0);
    // The search box is still the one typed into, with the caret in it: typing goes on.
    await page.keyboard.type(' x');
    await expect(search).toHaveValue(`${world.word} x`);
    await page.close();
  });

  test('an e-mail and password typed on the sign-in page before the scripts run stay and sign in', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await slowPage(context);
    const release = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByLabel('Email').click();
    await page.keyboard.type(world.email, { delay: 10 });
    await page.getByLabel('Password').click();
    await page.keyboard.type('member-pass-1', { delay: 10 });
    expect(await isHydrated(page), 'typed before the scripts ran').toBe(false);
    release();
    await afterTakeOver(page);
    await expect(page.getByLabel('Email')).toHaveValue(world.email);
    await expect(page.getByLabel('Password')).toHaveValue('member-pass-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await context.close();
  });

  // A person's press, and a slow one that the search's timer runs out in the middle of: the
  // results must not be redrawn under the pointer before the release (web/src/lib/after-press.ts).
  for (const holdMs of [PRESS_MS, 600])
    test(`a card pressed within 300 ms of typing a search (held ${holdMs} ms) opens and stays open`, async () => {
      const page = await slowPage(world.reader);
      await page.goto('/explore');
      await afterTakeOver(page);
      // The card's screen takes a moment to load (a slow network): the search's timer runs out meanwhile.
      await page.route(/\/assets\/view-(tip|guide)-.+\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 800));
        await route.continue();
      });
      // The search box first, as a person does: focusing it scrolls it into view, which would move a card pointed at before.
      const search = page.getByRole('searchbox', { name: 'Search' });
      await search.focus();
      // The search box just under the sticky header: the banners above it scrolled away, the cards below it on screen.
      await search.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 80));
      const link = page.getByRole('list', { name: 'Content' }).getByRole('link').first();
      const href = (await link.getAttribute('href'))!;
      const card = await boxOf(link);
      const point = { x: card.x + card.width / 2, y: card.y + Math.min(card.height / 2, 20) };
      expect(point.y, 'the card shows below the search box').toBeLessThan(page.viewportSize()!.height);
      await page.mouse.move(point.x, point.y);
      // The press follows the last key at once, well within the search's 300 ms.
      await page.keyboard.type(world.word);
      await page.mouse.down();
      await page.waitForTimeout(holdMs);
      await page.mouse.up();
      // The card pressed, not whatever the search put under the pointer.
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Explore');
      // Past the search's 300 ms and the chunk's delay: still on the card.
      await page.waitForTimeout(1_500);
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await page.close();
    });

  test('Back within 300 ms of typing a search leaves Explore for good', async () => {
    const page = await slowPage(world.reader);
    await page.goto(`/view-tip/${world.tipId}`);
    await afterTakeOver(page);
    await page.locator('nav').getByRole('link', { name: 'Explore' }).first().click();
    await expect(page).toHaveURL(/\/explore$/);
    await page.getByRole('searchbox', { name: 'Search' }).fill(world.word);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/view-tip/${world.tipId}$`));
    await page.waitForTimeout(1_000);
    await expect(page).toHaveURL(new RegExp(`/view-tip/${world.tipId}$`));
    await page.close();
  });
});
