/**
 * Issue 36, item 10 (ADR 105): Explore forgives. "lisbn" finds the Lisbon tips, a member's name
 * finds them (their profile one click away), and the order and tip category are chosen by the
 * keyboard at a phone's width, kept in the URL; axe finds nothing serious.
 */
import { type Page, expect, test } from '@playwright/test';
import { axeViolations } from './axe';
import { CSRF, adminPage, createActiveMember, waitForHydration } from './fixtures';

const SHOTS = '.tmp/explore-search-shots';

const cardTitles = (page: Page) => page.getByTestId('content-card').locator('h3, h2').allInnerTexts();

/** Opens a Radix select by the keyboard and picks `option` with the arrows and Enter. */
async function chooseByKeyboard(page: Page, label: string, option: string) {
  const combobox = page.getByRole('combobox', { name: label });
  await combobox.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeVisible();
  for (let i = 0; i < 30; i++) {
    const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
    if (focused === option) break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect(combobox).toContainText(option);
  await expect(combobox).toBeFocused();
}

test('a misspelt place, a member by name, the order and the category', async ({ browser }) => {
  test.setTimeout(240_000);
  const admin = await adminPage(browser);
  const author = await createActiveMember(browser, admin.request, 'Navigatrix');
  const reader = await createActiveMember(browser, admin.request, 'Reader');
  const mark = `Quayside${Date.now().toString(36).replace(/\d/g, '')}`;
  const types = (await (await reader.context.request.get('/api/tip-types')).json()) as { id: string; name: string }[];
  expect(types.length).toBeGreaterThan(1);
  const [first, second] = types as [{ id: string; name: string }, { id: string; name: string }];

  // Older, liked and rated 5, of the first category; newer, rated 2, of the second.
  const tip = async (title: string, rating: number, tipTypeId: string) => {
    const res = await author.context.request.post('/api/tips', {
      headers: CSRF,
      data: { title, country: 'Portugal', city: 'Lisbon', description: `${mark} by the river.`, rating, tipTypeId },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const liked = await tip(`${mark} fado bar`, 5, first.id);
  await tip(`${mark} tram stop`, 2, second.id);
  const like = await reader.context.request.post('/api/likes/toggle', {
    headers: CSRF,
    data: { contentType: 'tip', contentId: liked },
  });
  expect(like.status(), await like.text()).toBe(200);

  const page = reader.page;
  await page.setViewportSize({ width: 360, height: 800 });

  // 1. "lisbn" finds nothing as typed, and shows the Lisbon tips.
  await page.goto('/explore?q=lisbn');
  await waitForHydration(page);
  await expect(page.getByRole('status').filter({ hasText: 'No results for “lisbn”' })).toContainText(
    'Showing results for “lisbon”',
  );
  await expect(page.getByTestId('content-card').filter({ hasText: `${mark} tram stop` })).toBeVisible();

  // 2. A member's name finds them; their card opens their profile.
  await page.goto(`/explore?q=${encodeURIComponent(author.person.fullName)}`);
  const members = page.getByRole('region', { name: 'Members' });
  await expect(members.getByRole('link', { name: new RegExp(author.person.fullName) })).toBeVisible();
  expect(await axeViolations(page), 'axe with members found, 360 px').toEqual([]);
  await page.screenshot({ path: `${SHOTS}/members-360.png`, fullPage: true });
  await members.getByRole('link', { name: new RegExp(author.person.fullName) }).click();
  await expect(page).toHaveURL(/\/members\//);
  await expect(page.getByRole('heading', { name: author.person.fullName })).toBeVisible();

  // 3. The order and the category, by the keyboard, kept in the URL.
  await page.goto(`/explore?q=${mark}&tab=tips`);
  await waitForHydration(page);
  await expect(page.getByTestId('content-card')).toHaveCount(2);
  expect((await cardTitles(page))[0]).toContain('tram stop');
  await chooseByKeyboard(page, 'Sort by', 'Most liked');
  await expect(page).toHaveURL(/[?&]sort=liked/);
  await expect.poll(async () => (await cardTitles(page))[0]).toContain('fado bar');
  await chooseByKeyboard(page, 'Sort by', 'Best rated');
  await expect(page).toHaveURL(/[?&]sort=rated/);
  await expect.poll(async () => (await cardTitles(page))[0]).toContain('fado bar');
  await chooseByKeyboard(page, 'Category', second.name);
  await expect(page).toHaveURL(new RegExp(`[?&]type=${second.id}`));
  await expect(page.getByTestId('content-card')).toHaveCount(1);
  await expect(page.getByTestId('content-card')).toContainText('tram stop');
  expect(await axeViolations(page), 'axe with a sort and a category, 360 px').toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${SHOTS}/sorted-360.png`, fullPage: true });

  // A shared link keeps them.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toContainText('Best rated');
  await expect(page.getByRole('combobox', { name: 'Category' })).toContainText(second.name);
  await expect(page.getByTestId('content-card')).toHaveCount(1);
});
