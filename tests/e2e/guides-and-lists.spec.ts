import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { GUIDE_TEXTS } from '@common/schemas/guide';
import { CONTENT_TEXTS } from '@common/schemas/content';
import { createActiveMember as createMember, CSRF, E2E_ADMIN, expectToast, signIn, waitForHydration } from './fixtures';

async function createTip(request: APIRequestContext, title: string, isPrivate: boolean) {
  const response = await request.post('/api/tips', {
    headers: CSRF,
    data: { title, country: 'Portugal', city: 'Lisbon', description: `About ${title}`, isPrivate },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string };
}

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  // Debounced into the URL, so a reload keeps the search.
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(text);
}

test('a guide built from a tip and a custom item; liked, saved, found, removed and deleted', async ({ browser }) => {
  test.setTimeout(150_000);
  const token = `wm${Date.now().toString(36)}${process.pid}`;
  const publicTitle = `Pastel de nata ${token}`;
  const privateTitle = `Secret rooftop ${token}`;
  const guideTitle = `Two days in Lisbon ${token}`;

  // 1. The admin signs in and has a public and a private tip.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(admin).toHaveURL(/\/dashboard$/);
  const publicTip = await createTip(admin.request, publicTitle, false);
  await createTip(admin.request, privateTitle, true);

  // 2. A two-day guide: the tip on day 1, a custom item on day 2.
  await admin.getByRole('navigation').getByRole('link', { name: 'New Guide' }).click();
  await expect(admin).toHaveURL(/\/new-guide$/);
  await admin.getByRole('button', { name: 'Create Guide' }).click();
  await expectToast(admin, GUIDE_TEXTS.missingTitle);

  await admin.getByLabel('Title', { exact: true }).fill(guideTitle);
  await admin.getByLabel('Location').fill('Lisbon');
  await admin.getByLabel('Countries covered').fill('portu');
  await admin.getByLabel('Countries covered').press('Enter');
  await expect(admin.getByRole('list', { name: 'Countries covered' })).toContainText('Portugal');
  await admin.getByLabel('Duration (days)').fill('2');
  await expect(admin.getByRole('heading', { name: 'Day 2' })).toBeVisible();

  await admin.getByRole('combobox', { name: 'Add a tip to day 1' }).click();
  await admin.getByRole('option', { name: new RegExp(publicTitle) }).click();
  const day1 = admin.getByRole('region', { name: 'Day 1' });
  await expect(day1).toContainText(publicTitle);

  const day2 = admin.getByRole('region', { name: 'Day 2' });
  await expect(day2.getByRole('button', { name: 'Add custom item to day 2' })).toBeDisabled();
  await day2.getByLabel('Custom item for day 2').fill('Sunset at Miradouro da Graça');
  await day2.getByRole('button', { name: 'Add custom item to day 2' }).click();
  await expect(day2).toContainText('Sunset at Miradouro da Graça');

  await admin.getByRole('button', { name: 'Create Guide' }).click();
  await expectToast(admin, 'Your travel guide has been created successfully');
  await expect(admin).toHaveURL(/\/tips$/);
  await expect(admin.getByRole('heading', { name: 'My Tips & Guides' })).toBeVisible();
  // The owner sees the private tip, marked.
  await expect(admin.getByTestId('content-card').filter({ hasText: privateTitle })).toContainText('Private');

  await admin.getByTestId('content-card').filter({ hasText: guideTitle }).click();
  await expect(admin).toHaveURL(/\/view-guide\/[0-9a-f-]{36}$/);
  const guideUrl = new URL(admin.url()).pathname;
  await expect(admin.getByRole('heading', { name: guideTitle })).toBeVisible();
  await expect(admin.getByText('2 days')).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Day 1' }).getByRole('link', { name: publicTitle })).toHaveAttribute(
    'href',
    `/view-tip/${publicTip.id}`,
  );
  await expect(admin.getByRole('region', { name: 'Day 2' })).toContainText('Sunset at Miradouro da Graça');
  await expect(admin.getByRole('link', { name: 'Edit Guide' })).toBeVisible();
  await expect(admin.getByRole('button', { name: /^Like/ })).toHaveCount(0);

  // 3. A second member likes and saves the guide and the tip.
  const member = await createMember(browser, admin.request);
  const page = member.page;
  // The guide's page is drawn by the server (ADR 022); taking it over must report no mismatch.
  const hydrationErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith('Hydration')) hydrationErrors.push(message.text());
  });
  await page.goto(guideUrl);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: guideTitle })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit Guide' })).toHaveCount(0);
  await page.getByRole('button', { name: /^Like/ }).click();
  await expectToast(page, 'You liked this guide');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Added to your saved guides');
  expect(hydrationErrors).toEqual([]);

  await page.getByRole('link', { name: publicTitle }).click();
  await expect(page).toHaveURL(new RegExp(`/view-tip/${publicTip.id}$`));
  await page.getByRole('button', { name: /^Like/ }).click();
  await expectToast(page, 'You liked this tip');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Added to your saved tips');

  // 4. Both are in Saved.
  await page.getByRole('navigation').getByRole('link', { name: 'Saved' }).click();
  await expect(page.getByRole('tab', { name: 'All (2)' })).toBeVisible();
  await expect(page.getByTestId('content-card').filter({ hasText: guideTitle })).toBeVisible();
  await expect(page.getByTestId('content-card').filter({ hasText: publicTitle })).toBeVisible();

  // 5. The admin's private tip never reaches the member, in Explore or in search.
  await page.goto('/explore');
  // Explore as it opens is drawn by the server (ADR 023): its search box works once taken over.
  await waitForHydration(page);
  await search(page, token);
  await expect(page.getByTestId('content-card').filter({ hasText: publicTitle })).toBeVisible();
  await expect(page.getByTestId('content-card').filter({ hasText: guideTitle })).toBeVisible();
  await expect(page.getByTestId('content-card').filter({ hasText: privateTitle })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Tips (1)' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(token);
  await search(page, `Secret rooftop ${token}`);
  await expect(page.getByText(CONTENT_TEXTS.noContentFound)).toBeVisible();
  await page.getByRole('tab', { name: /^Guides/ }).click();
  await expect(page.getByText(CONTENT_TEXTS.noGuidesFound)).toBeVisible();
  // The owner finds it in the same search.
  await admin.goto(`/explore?q=${encodeURIComponent(privateTitle)}`);
  await expect(admin.getByTestId('content-card').filter({ hasText: privateTitle })).toContainText('Private');

  // 6. Remove from Saved.
  await page.goto('/saved');
  await page
    .getByTestId('content-card')
    .filter({ hasText: guideTitle })
    .getByRole('button', { name: 'Remove from Saved' })
    .click();
  await expectToast(page, 'Guide removed from your saved items');
  await expect(page.getByTestId('content-card').filter({ hasText: guideTitle })).toHaveCount(0);
  await expect(page.getByTestId('content-card').filter({ hasText: publicTitle })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'All (1)' })).toBeVisible();

  // 7. The admin edits, then deletes the guide.
  await admin.goto(guideUrl);
  await waitForHydration(admin);
  await admin.getByRole('link', { name: 'Edit Guide' }).click();
  await expect(admin).toHaveURL(/\/edit-guide\//);
  await admin.getByLabel('Title', { exact: true }).fill(`${guideTitle} (revised)`);
  await admin.getByLabel('Activity title for day 1').fill('Tram 28 to Alfama');
  await admin.getByLabel('Place name for day 1').fill('Martim Moniz');
  await admin.getByRole('region', { name: 'Day 1' }).getByRole('button', { name: 'Add Activity' }).click();
  await expect(admin.getByRole('region', { name: 'Day 1' })).toContainText('Tram 28 to Alfama');
  await admin.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(admin, 'Guide updated successfully');
  await expect(admin).toHaveURL(new RegExp(`${guideUrl}$`));
  await expect(admin.getByRole('heading', { name: `${guideTitle} (revised)` })).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Day 2' })).toContainText('Sunset at Miradouro da Graça');
  await expect(admin.getByRole('region', { name: 'Day 1' }).getByRole('listitem')).toHaveText([
    new RegExp(publicTitle),
    /Tram 28 to Alfama.*Martim Moniz/,
  ]);

  await admin.getByRole('link', { name: 'Edit Guide' }).click();
  admin.once('dialog', (dialog) => {
    expect(dialog.message()).toBe(GUIDE_TEXTS.deleteConfirm);
    void dialog.accept();
  });
  await admin.getByRole('button', { name: 'Delete Guide' }).click();
  await expectToast(admin, 'Guide deleted successfully');
  await expect(admin).toHaveURL(/\/tips$/);
  await expect(admin.getByTestId('content-card').filter({ hasText: guideTitle })).toHaveCount(0);

  await page.goto(guideUrl);
  await expect(page.getByText('Guide not found')).toBeVisible();

  await member.context.close();
  await adminContext.close();
});
