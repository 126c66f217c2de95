/**
 * Privacy in the browser (issue 19 items 5 and 6), as two members see it: a private tip in its
 * author's public guide is a placeholder for the other member, in the page the server draws and
 * in the one the browser draws, and deleting it leaves nothing of it for anyone; a save notifies
 * the owner without naming or picturing the saver.
 */
import { expect, test } from '@playwright/test';
import { TIP_GUIDES_TEXTS } from '@common/schemas/tip-guides';
import { TEXTS } from '@common/texts';
import { axeViolations } from './axe';
import { CSRF, adminPage, createActiveMember, dismissToasts, shootPhoneAndDesktop, waitForHydration } from './fixtures';

const SHOTS = '.tmp/privacy-shots';

test('a private tip in a public guide: a placeholder for others, and nothing of it after deletion', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = (await adminPage(browser)).request;
  const alice = await createActiveMember(browser, admin, 'Alice');
  const bob = await createActiveMember(browser, admin, 'Bob');
  const mark = Date.now().toString(36);
  const secrets = [`Qorvath cove ${mark}`, `Zimbrel ledge swim ${mark}`, `Vantrobe pier ${mark}`];

  const tip = await alice.context.request.post('/api/tips', {
    headers: CSRF,
    data: {
      title: secrets[0],
      description: secrets[1],
      placeName: secrets[2],
      country: 'Greece',
      city: 'Naxos',
      isPrivate: true,
    },
  });
  expect(tip.status(), await tip.text()).toBe(201);
  const tipId = ((await tip.json()) as { id: string }).id;
  const guide = await alice.context.request.post('/api/guides', {
    headers: CSRF,
    data: {
      title: `Island days ${mark}`,
      location: 'Naxos',
      countries: ['Greece'],
      daysCount: 1,
      items: [
        { dayNumber: 1, customTitle: 'Ferry from Piraeus' },
        { dayNumber: 1, tipId },
        { dayNumber: 1, customTitle: 'Sunset at Portara' },
      ],
    },
  });
  expect(guide.status(), await guide.text()).toBe(201);
  const guideId = ((await guide.json()) as { id: string }).id;

  // Bob: the HTML the server draws for him holds nothing of the tip, nor does the page.
  const html = await (await bob.context.request.get(`/view-guide/${guideId}`)).text();
  expect(html).toContain('Ferry from Piraeus');
  for (const secret of secrets) expect(html).not.toContain(secret);
  await bob.page.goto(`/view-guide/${guideId}`);
  await waitForHydration(bob.page);
  const items = bob.page.getByTestId('itinerary-item');
  await expect(items).toHaveCount(3);
  await expect(items.nth(1)).toContainText(TEXTS.hiddenTipInGuide);
  await expect(items.nth(1)).not.toContainText(/private/i);
  for (const secret of secrets) await expect(bob.page.getByText(secret)).toHaveCount(0);
  await shootPhoneAndDesktop(bob.page, SHOTS, 'guide-with-private-tip');

  // Alice sees her own tip in her guide, then deletes it from its edit page.
  await alice.page.goto(`/view-guide/${guideId}`);
  await expect(alice.page.getByRole('link', { name: secrets[0] })).toBeVisible();
  await alice.page.goto(`/edit-tip/${tipId}`);
  await alice.page.getByRole('button', { name: 'Delete Tip' }).click();
  await alice.page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(alice.page).toHaveURL(/\/tips$/);
  await dismissToasts(alice.page);

  // After the deletion: nothing of it for Bob (drawn HTML, page) nor for Alice; no gap in the numbering.
  const after = await (await bob.context.request.get(`/view-guide/${guideId}`)).text();
  for (const secret of secrets) expect(after).not.toContain(secret);
  for (const page of [bob.page, alice.page]) {
    await page.goto(`/view-guide/${guideId}`);
    await waitForHydration(page);
    await expect(page.getByTestId('itinerary-item')).toHaveCount(2);
    await expect(page.getByTestId('itinerary-item').nth(1)).toContainText('2');
    await expect(page.getByTestId('itinerary-item').nth(1)).toContainText('Sunset at Portara');
    await expect(page.getByText(TEXTS.hiddenTipInGuide)).toHaveCount(0);
    for (const secret of secrets) await expect(page.getByText(secret)).toHaveCount(0);
  }
});

test('a save notifies the owner without naming or picturing the saver', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = (await adminPage(browser)).request;
  const owner = await createActiveMember(browser, admin, 'Olga');
  const saver = await createActiveMember(browser, admin, 'Quentin');
  const liker = await createActiveMember(browser, admin, 'Lena');

  const tip = await owner.context.request.post('/api/tips', {
    headers: CSRF,
    data: { title: 'Night market noodles', description: 'Go hungry.', country: 'Thailand', city: 'Chiang Mai' },
  });
  expect(tip.status()).toBe(201);
  const tipId = ((await tip.json()) as { id: string }).id;

  await saver.page.goto(`/view-tip/${tipId}`);
  await waitForHydration(saver.page);
  await saver.page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(saver.page.getByRole('button', { name: 'Saved' })).toBeVisible();
  // A like for contrast: it names its actor.
  const liked = await liker.context.request.post('/api/likes/toggle', {
    headers: CSRF,
    data: { contentType: 'tip', contentId: tipId },
  });
  expect(liked.status()).toBe(200);

  const api = (await (await owner.context.request.get('/api/notifications')).json()) as {
    items: { type: string; actor: unknown }[];
  };
  expect(api.items.find((n) => n.type === 'tip_saved')?.actor).toBeNull();

  await owner.page.goto('/notifications');
  const items = owner.page.getByTestId('notification-item');
  await expect(items).toHaveCount(2);
  const saved = items.filter({ hasText: 'Someone saved your tip' });
  await expect(saved).toHaveCount(1);
  await expect(saved.getByTestId('notification-saved-icon')).toBeVisible();
  await expect(saved.locator('img')).toHaveCount(0);
  await expect(owner.page.getByText(saver.person.fullName)).toHaveCount(0);
  await expect(items.filter({ hasText: `${liker.person.fullName} liked your tip` })).toHaveCount(1);
  await shootPhoneAndDesktop(owner.page, SHOTS, 'notifications-anonymous-save');
});

/**
 * Issue 36 item 5: a connections-only tip in a public guide is "not shared with you" for a
 * reader who is not a connection (never "Private tip"), and its author is warned, naming the
 * guide, when narrowing the tip on its edit form.
 */
test('narrowing a tip in a public guide: the author is warned; other readers see it is not shared', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = (await adminPage(browser)).request;
  const author = await createActiveMember(browser, admin, 'Narrowing author');
  const reader = await createActiveMember(browser, admin, 'Outside reader');
  const mark = Date.now().toString(36);
  const tipTitle = `Quindel rooftop ${mark}`;
  const tip = await author.context.request.post('/api/tips', {
    headers: CSRF,
    data: { title: tipTitle, description: 'Sunset over the river.', country: 'Portugal', city: 'Porto', visibility: 'public' },
  });
  expect(tip.status(), await tip.text()).toBe(201);
  const tipId = ((await tip.json()) as { id: string }).id;
  const guideTitle = `Porto for everyone ${mark}`;
  const guide = await author.context.request.post('/api/guides', {
    headers: CSRF,
    data: {
      title: guideTitle,
      countries: ['Portugal'],
      daysCount: 1,
      visibility: 'public',
      items: [{ dayNumber: 1, tipId }],
    },
  });
  expect(guide.status(), await guide.text()).toBe(201);
  const guideId = ((await guide.json()) as { id: string }).id;

  // The author narrows the tip: the form names the public guide before saving.
  const { page } = author;
  await page.goto(`/edit-tip/${tipId}`);
  const warning = page.getByTestId('narrowing-warning');
  await expect(page.getByRole('radio', { name: /Public/ })).toBeChecked();
  await expect(warning).toBeEmpty();
  await page.getByRole('radio', { name: /Connections only/ }).check();
  await expect(warning).toContainText(TIP_GUIDES_TEXTS.narrowingTitle);
  await expect(warning.getByRole('link', { name: guideTitle })).toHaveAttribute('href', `/view-guide/${guideId}`);
  await expect(warning).toContainText('(Public)');
  await warning.scrollIntoViewIfNeeded();
  expect(await axeViolations(page, 'main')).toEqual([]);
  await page.setViewportSize({ width: 360, height: 800 });
  await warning.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.tmp/shots/tip-narrowing-warning-360.png' });
  await page.setViewportSize({ width: 1280, height: 900 });
  // Back to the level it has: no warning; narrowed again and saved.
  await page.getByRole('radio', { name: /Public/ }).check();
  await expect(warning).toBeEmpty();
  await page.getByRole('radio', { name: /Connections only/ }).check();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(`/view-tip/${tipId}`);

  // A reader who is not a connection: "not shared with you", nothing of the tip, no "Private".
  await reader.page.goto(`/view-guide/${guideId}`);
  await waitForHydration(reader.page);
  const item = reader.page.getByTestId('itinerary-item');
  await expect(item).toHaveText(new RegExp(TEXTS.hiddenTipInGuide));
  await expect(item).not.toContainText(/private/i);
  await expect(reader.page.getByText(tipTitle)).toHaveCount(0);
  expect(await axeViolations(reader.page, 'main')).toEqual([]);
  await Promise.all([author.context.close(), reader.context.close()]);
});
