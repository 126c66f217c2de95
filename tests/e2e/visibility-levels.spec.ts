/**
 * The three visibility levels (docs/product.md#visibility, issue 25) as four people see them: the author
 * chooses "Connections only" in the tip form by keyboard; a connection sees that tip and the
 * public one, a stranger and the admin only the public one, nobody but the author the private
 * one. Changing the level in the edit form changes what the connection sees at once.
 */
import { type Page, expect, test } from '@playwright/test';
import { VISIBILITY_LABELS } from '@common/schemas/visibility';
import { axeViolations } from './axe';
import { CSRF, adminPage, choose, createActiveMember, shootPhoneAndDesktop, waitForHydration } from './fixtures';

const SHOTS = '.tmp/visibility-shots';

/** The titles of the explore cards a search for `mark` finds, as `page`'s member sees them. */
async function exploreTitles(page: Page, mark: string): Promise<string[]> {
  await page.goto(`/explore?q=${encodeURIComponent(mark)}`);
  const cards = page.getByTestId('content-card');
  // Every search here finds at least the public tip; the page draws one answer's cards at once.
  await expect(cards.first()).toBeVisible();
  return (await cards.locator('h3').allTextContents()).sort();
}

test('public, connections only and private as author, connection, stranger and admin see them', async ({ browser }) => {
  test.setTimeout(240_000);
  const admin = await adminPage(browser);
  const author = await createActiveMember(browser, admin.request, 'Author');
  const friend = await createActiveMember(browser, admin.request, 'Friend');
  const stranger = await createActiveMember(browser, admin.request, 'Stranger');
  const mark = `Vislevel${Date.now().toString(36)}`;
  const titles = { public: `${mark} harbour walk`, connections: `${mark} family kitchen`, private: `${mark} quiet cove` };

  const requested = await friend.context.request.post('/api/connections', {
    headers: CSRF,
    data: { addresseeId: author.userId },
  });
  expect(requested.status()).toBe(201);
  const connectionId = ((await requested.json()) as { id: string }).id;
  expect((await author.context.request.post(`/api/connections/${connectionId}/accept`, { headers: CSRF })).status()).toBe(200);

  for (const level of ['public', 'private'] as const) {
    const created = await author.context.request.post('/api/tips', {
      headers: CSRF,
      data: { title: titles[level], country: 'Japan', city: 'Kyoto', description: 'Worth the walk.', visibility: level },
    });
    expect(created.status(), await created.text()).toBe(201);
  }

  // The author makes the connections-only tip in the form, choosing its level by keyboard.
  const page = author.page;
  await page.goto('/new-tip');
  await page.getByLabel('Title').fill(titles.connections);
  await choose(page, 'Country', 'Japan');
  await page.getByLabel('City').fill('Kyoto');
  await page.getByLabel('Short description').fill('Ask for the set menu.');
  const group = page.getByRole('group', { name: 'Who can see it' });
  await expect(group.getByRole('radio', { name: /Public/ })).toBeChecked();
  await group.getByRole('radio', { name: /Public/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(group.getByRole('radio', { name: /Connections only/ })).toBeChecked();
  expect(await axeViolations(page, 'form')).toEqual([]);
  await shootPhoneAndDesktop(page, SHOTS, 'tip-form-levels');
  await page.getByRole('button', { name: 'Create Tip' }).click();
  // Creating lands on My Tips & Guides, where the new card says who can see it.
  await expect(page).toHaveURL(/\/tips$/);
  const ownCard = page.getByTestId('content-card').filter({ hasText: titles.connections });
  await expect(ownCard).toContainText(VISIBILITY_LABELS.connections);
  await ownCard.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: titles.connections })).toBeVisible();
  await expect(page.getByText(VISIBILITY_LABELS.connections, { exact: true })).toBeVisible();
  const connectionsTipUrl = page.url();

  expect(await exploreTitles(page, mark)).toEqual([titles.connections, titles.public, titles.private].sort());
  await expect(page.getByTestId('content-card').filter({ hasText: titles.private })).toContainText(VISIBILITY_LABELS.private);

  expect(await exploreTitles(friend.page, mark)).toEqual([titles.connections, titles.public].sort());
  await expect(friend.page.getByTestId('content-card').filter({ hasText: titles.connections })).toContainText(
    VISIBILITY_LABELS.connections,
  );
  await shootPhoneAndDesktop(friend.page, SHOTS, 'connection-explore');
  await friend.page.goto(connectionsTipUrl);
  await waitForHydration(friend.page);
  await expect(friend.page.getByRole('heading', { level: 1, name: titles.connections })).toBeVisible();

  expect(await exploreTitles(stranger.page, mark)).toEqual([titles.public]);
  await stranger.page.goto(connectionsTipUrl);
  await expect(stranger.page.getByRole('heading', { level: 1, name: 'Tip not found' })).toBeVisible();
  await expect(stranger.page.getByText(titles.connections)).toHaveCount(0);

  expect(await exploreTitles(admin, mark)).toEqual([titles.public]);
  await admin.goto(connectionsTipUrl);
  await expect(admin.getByRole('heading', { level: 1, name: 'Tip not found' })).toBeVisible();

  // The author makes it private in the edit form: the connection no longer finds it.
  await page.goto(`${connectionsTipUrl.replace('/view-tip/', '/edit-tip/')}`);
  await page
    .getByRole('group', { name: 'Who can see it' })
    .getByRole('radio', { name: /Private/ })
    .check();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: titles.connections })).toBeVisible();
  await expect(page.getByText(VISIBILITY_LABELS.private, { exact: true })).toBeVisible();
  expect(await exploreTitles(friend.page, mark)).toEqual([titles.public]);
});
