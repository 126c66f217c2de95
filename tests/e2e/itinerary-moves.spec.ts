/**
 * Issue 36 item 7: a guide's itinerary is reordered and items move between days, by mouse (drag
 * and drop on the grip), by keyboard (the grip with Space and the arrows; the Move menu) and on
 * create and edit; the saved guide keeps the order after a reload. Lowering the duration asks
 * first: the member removes the items of the dropped days, or keeps the days.
 */
import { type APIRequestContext, type Locator, type Page, expect, test } from '@playwright/test';
import { CSRF, E2E_ADMIN, createActiveMember, expectToast, shootPhoneAndDesktop } from './fixtures';

type Days = Record<number, string[]>;

async function newMember(browser: import('@playwright/test').Browser) {
  const adminContext = await browser.newContext();
  expect((await adminContext.request.post('/api/auth/sign-in', { headers: CSRF, data: E2E_ADMIN })).status()).toBe(200);
  const member = await createActiveMember(browser, adminContext.request, 'Planner');
  return member;
}

async function createGuide(api: APIRequestContext, daysCount: number, days: Days) {
  const items = Object.entries(days).flatMap(([day, titles]) =>
    titles.map((customTitle) => ({ dayNumber: Number(day), customTitle })),
  );
  const res = await api.post('/api/guides', {
    headers: CSRF,
    data: { title: `Moves ${Date.now()}`, location: 'Porto', countries: ['Portugal'], daysCount, items },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The saved guide's items per day, in order, from the API. */
async function savedDays(api: APIRequestContext, id: string): Promise<Days> {
  const guide = (await (await api.get(`/api/guides/${id}`)).json()) as {
    items: { dayNumber: number; orderInDay: number; customTitle: string }[];
  };
  const days: Days = {};
  for (const item of guide.items) {
    days[item.dayNumber] = [...(days[item.dayNumber] ?? []), item.customTitle];
    expect(item.orderInDay).toBe(days[item.dayNumber]!.length);
  }
  return days;
}

const day = (page: Page, n: number) => page.getByRole('region', { name: `Day ${n}`, exact: true });
/** The item titles the editor shows in a day, in order. */
const editorTitles = (page: Page, n: number) => day(page, n).getByRole('listitem').locator('p:first-of-type');

/** A person's drag: press on the grip, move in small steps, release over the target point. */
async function drag(page: Page, grip: Locator, target: Locator, where: 'top' | 'bottom' | 'center' = 'center') {
  await grip.scrollIntoViewIfNeeded();
  const from = (await grip.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  const to = (await target.boundingBox())!;
  const y = where === 'top' ? to.y + 4 : where === 'bottom' ? to.y + to.height - 4 : to.y + to.height / 2;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 8, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, y, { steps: 15 });
  await page.waitForTimeout(150);
  await page.mouse.move(to.x + to.width / 2, y + 1, { steps: 2 });
  await page.mouse.up();
}

/** Tab (forwards) until the element named `name` has focus, as a keyboard user gets there. */
async function tabTo(page: Page, name: string) {
  for (let n = 0; n < 80; n += 1) {
    if ((await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) === name) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached "${name}"`);
}

test('items are dragged with the mouse within and between days; the saved guide keeps the order', async ({ browser }) => {
  const member = await newMember(browser);
  const api = member.context.request;
  const id = await createGuide(api, 3, { 1: ['Alpha', 'Bravo', 'Charlie'], 2: ['Delta'] });
  const { page } = member;
  // Tall enough that the grips and the days they are dropped on are all on screen.
  await page.setViewportSize({ width: 1280, height: 2400 });
  await page.goto(`/edit-guide/${id}`);
  await expect(editorTitles(page, 1)).toHaveText(['Alpha', 'Bravo', 'Charlie']);

  // Within a day: Charlie above Alpha.
  await drag(page, page.getByRole('button', { name: 'Drag Charlie' }), day(page, 1).getByRole('listitem').first(), 'top');
  await expect(editorTitles(page, 1)).toHaveText(['Charlie', 'Alpha', 'Bravo']);
  // To an empty day: Bravo onto day 3's empty list.
  await drag(page, page.getByRole('button', { name: 'Drag Bravo' }), page.locator('[data-drop-day="3"]'));
  await expect(editorTitles(page, 3)).toHaveText(['Bravo']);
  await expect(editorTitles(page, 1)).toHaveText(['Charlie', 'Alpha']);
  // Into another day, below its item: Charlie under Delta.
  await drag(page, page.getByRole('button', { name: 'Drag Charlie' }), day(page, 2).getByRole('listitem').first(), 'bottom');
  await expect(editorTitles(page, 2)).toHaveText(['Delta', 'Charlie']);
  await expect(editorTitles(page, 1)).toHaveText(['Alpha']);
  // The numbers beside the items follow.
  await expect(day(page, 2).getByRole('listitem').nth(1)).toContainText('2');

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Guide updated successfully');
  const expected = { 1: ['Alpha'], 2: ['Delta', 'Charlie'], 3: ['Bravo'] };
  expect(await savedDays(api, id)).toEqual(expected);
  await page.reload();
  await expect(day(page, 2).getByRole('listitem')).toHaveText([/Delta/, /Charlie/]);
  await page.goto(`/edit-guide/${id}`);
  await expect(editorTitles(page, 2)).toHaveText(['Delta', 'Charlie']);
  await expect(editorTitles(page, 3)).toHaveText(['Bravo']);
});

test('items move by keyboard: the grip with arrows, and the Move menu; said to screen readers', async ({ browser }) => {
  const member = await newMember(browser);
  const api = member.context.request;
  const id = await createGuide(api, 3, { 1: ['Alpha', 'Bravo', 'Charlie'], 2: ['Delta'] });
  const { page } = member;
  await page.goto(`/edit-guide/${id}`);
  await expect(editorTitles(page, 1)).toHaveText(['Alpha', 'Bravo', 'Charlie']);
  const dndStatus = page.locator('[id^="DndLiveRegion"]');
  const grip = page.getByRole('button', { name: 'Drag Alpha' });
  await expect(grip).toHaveAttribute('aria-roledescription', 'draggable item');
  await expect(page.locator(`#${await grip.getAttribute('aria-describedby')}`)).toContainText('press Space or Enter');

  // The grip: Tab to it, Space picks up, ArrowDown twice, Space drops (Alpha goes last).
  await page.getByLabel('Duration (days)').focus();
  await tabTo(page, 'Drag Alpha');
  await page.keyboard.press('Space');
  await expect(dndStatus).toContainText('Picked up Alpha, day 1, position 1 of 3');
  // Each step is said before the next key (as a person listens before pressing again).
  await page.keyboard.press('ArrowDown');
  await expect(dndStatus).toContainText('Alpha would go to day 1, position 2 of 3');
  await page.keyboard.press('ArrowDown');
  await expect(dndStatus).toContainText('Alpha would go to day 1, position 3 of 3');
  await page.keyboard.press('Space');
  await expect(dndStatus).toContainText('Alpha dropped: day 1, position 3 of 3');
  await expect(editorTitles(page, 1)).toHaveText(['Bravo', 'Charlie', 'Alpha']);
  // Escape cancels a move.
  await page.getByRole('button', { name: 'Drag Bravo' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Escape');
  await expect(dndStatus).toContainText('Moving Bravo was cancelled');
  await expect(editorTitles(page, 1)).toHaveText(['Bravo', 'Charlie', 'Alpha']);

  // The Move menu: Tab to it, Enter opens, arrows choose "Move to day 3", Enter moves.
  await page.getByLabel('Duration (days)').focus();
  await tabTo(page, 'Move Charlie');
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Move up', 'Move down', 'Move to day 2', 'Move to day 3']);
  for (
    let n = 0;
    n < 6 && !(await menu.getByRole('menuitem', { name: 'Move to day 3' }).evaluate((e) => e === document.activeElement));
    n += 1
  ) {
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect(menu).toHaveCount(0);
  await expect(editorTitles(page, 3)).toHaveText(['Charlie']);
  await expect(page.getByRole('status').filter({ hasText: 'Charlie moved to day 3, position 1 of 1.' })).toBeAttached();
  // Focus stays with the moved item, in its new day.
  await expect(day(page, 3).getByRole('button', { name: 'Move Charlie', exact: true })).toBeFocused();

  // Space opens the menu too; Move up on Alpha (now second in day 1).
  await page.getByRole('button', { name: 'Move Alpha', exact: true }).focus();
  await page.keyboard.press('Space');
  await expect(menu.getByRole('menuitem', { name: 'Move down' })).toHaveAttribute('aria-disabled', 'true');
  await menu.getByRole('menuitem', { name: 'Move up' }).focus();
  await page.keyboard.press('Enter');
  await expect(editorTitles(page, 1)).toHaveText(['Alpha', 'Bravo']);
  await expect(page.getByRole('button', { name: 'Move Alpha', exact: true })).toBeFocused();
  // Move to day 2 puts it at the end of day 2.
  await page.keyboard.press('Enter');
  await menu.getByRole('menuitem', { name: 'Move to day 2' }).focus();
  await page.keyboard.press('Enter');
  await expect(editorTitles(page, 2)).toHaveText(['Delta', 'Alpha']);

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Guide updated successfully');
  const expected = { 1: ['Bravo'], 2: ['Delta', 'Alpha'], 3: ['Charlie'] };
  expect(await savedDays(api, id)).toEqual(expected);
  await page.reload();
  await expect(day(page, 2).getByRole('listitem')).toHaveText([/Delta/, /Alpha/]);
});

test('on Create Guide, items move too and the new guide keeps the order', async ({ browser }) => {
  const member = await newMember(browser);
  const { page } = member;
  await page.setViewportSize({ width: 1280, height: 2400 });
  await page.goto('/new-guide');
  const title = `Created in order ${Date.now()}`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Duration (days)').fill('2');
  for (const text of ['First', 'Second']) {
    await page.getByLabel('Custom item for day 1').fill(text);
    await page.getByLabel('Custom item for day 1').press('Enter');
  }
  await expect(editorTitles(page, 1)).toHaveText(['First', 'Second']);
  await drag(page, page.getByRole('button', { name: 'Drag Second' }), day(page, 1).getByRole('listitem').first(), 'top');
  await expect(editorTitles(page, 1)).toHaveText(['Second', 'First']);
  await page.getByRole('button', { name: 'Move First', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Move to day 2' }).click();
  await expect(editorTitles(page, 2)).toHaveText(['First']);
  await page.getByRole('button', { name: 'Create Guide' }).click();
  await expectToast(page, 'Your travel guide has been created successfully');
  await page.getByTestId('content-card').filter({ hasText: title }).click();
  await expect(page).toHaveURL(/\/view-guide\//);
  await expect(day(page, 1).getByRole('listitem')).toHaveText([/Second/]);
  await expect(day(page, 2).getByRole('listitem')).toHaveText([/First/]);
});

test('lowering the duration asks first: Keep restores the days, Remove drops the items', async ({ browser }) => {
  const member = await newMember(browser);
  const api = member.context.request;
  const id = await createGuide(api, 3, { 1: ['Alpha'], 2: ['Bravo'], 3: ['Charlie', 'Delta'] });
  const { page } = member;
  await page.goto(`/edit-guide/${id}`);
  const duration = page.getByLabel('Duration (days)');
  await expect(editorTitles(page, 3)).toHaveText(['Charlie', 'Delta']);

  // Typed: asked when the member leaves the box, not on the way ("1" of "12" would be a trap).
  await duration.fill('1');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await duration.press('Tab');
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading')).toHaveText('Remove 3 items from the itinerary?');
  await expect(dialog).toContainText('Lowering the duration to 1 day removes 1 item on day 2 and 2 items on day 3.');
  await expect(dialog.getByRole('button', { name: 'Keep 3 days' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Keep 3 days' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(duration).toHaveValue('3');
  await expect(editorTitles(page, 3)).toHaveText(['Charlie', 'Delta']);

  // Escape keeps the days too.
  await duration.fill('2');
  await duration.press('Enter');
  await expect(dialog).toContainText('Lowering the duration to 2 days removes 2 items on day 3.');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(duration).toHaveValue('3');

  // Stepped down with the arrow key: asked at once; Remove drops day 3's items.
  await duration.focus();
  await duration.press('ArrowDown');
  await expect(dialog).toContainText('removes 2 items on day 3');
  await dialog.getByRole('button', { name: 'Remove 2 items' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(duration).toHaveValue('2');
  await expect(day(page, 3)).toHaveCount(0);
  await expect(editorTitles(page, 2)).toHaveText(['Bravo']);
  // Raising it again never asks.
  await duration.fill('4');
  await duration.press('Tab');
  await expect(dialog).toHaveCount(0);
  await expect(day(page, 4)).toBeVisible();

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Guide updated successfully');
  expect(await savedDays(api, id)).toEqual({ 1: ['Alpha'], 2: ['Bravo'] });
});

test('the itinerary editor at 360 px: its controls fit, axe finds nothing serious', async ({ browser }) => {
  const member = await newMember(browser);
  const id = await createGuide(member.context.request, 2, {
    1: ['A long activity title that has to wrap somewhere', 'Bravo'],
    2: ['Charlie'],
  });
  const { page } = member;
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/edit-guide/${id}`);
  await expect(editorTitles(page, 1)).toHaveCount(2);
  await shootPhoneAndDesktop(page, '.tmp/shots', 'itinerary-editor', { check: true });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.getByRole('button', { name: 'Move Bravo', exact: true }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.screenshot({ path: '.tmp/shots/itinerary-move-menu-360.png' });
  await page.keyboard.press('Escape');
  await page.getByLabel('Duration (days)').fill('1');
  await page.getByLabel('Duration (days)').press('Enter');
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await page.screenshot({ path: '.tmp/shots/itinerary-duration-confirm-360.png' });
});
