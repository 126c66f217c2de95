/**
 * Block, unblock and remove a connection (issue 25, ADRs 086, 087): from a member's profile and
 * from a card, each confirmed; the other member's open screen follows at once (the live
 * connection event); a blocked member's profile is gone for the other; Unblock from the own
 * profile's Blocked members. Axe on the menu, the dialogs and the card; phone screenshots.
 */
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { BLOCK_TEXTS } from '@common/schemas/block';
import { CSRF, adminPage, createActiveMember, expectToast, shootPhoneAndDesktop } from './fixtures';

const SHOTS = 'test-results/blocks';

/** A asks, B accepts, through the API. */
async function connect(a: APIRequestContext, b: APIRequestContext, bId: string) {
  const sent = await a.post('/api/connections', { headers: CSRF, data: { addresseeId: bId } });
  expect(sent.status()).toBe(201);
  const { id } = (await sent.json()) as { id: string };
  expect((await b.post(`/api/connections/${id}/accept`, { headers: CSRF })).status()).toBe(200);
}

async function usernameOf(request: APIRequestContext, userId: string) {
  return ((await (await request.get(`/api/profiles/${userId}`)).json()) as { username: string }).username;
}

test('remove from a profile, block from a card, both seen live by the other; unblock from the profile', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await adminPage(browser);
  const a = await createActiveMember(browser, admin.request, 'Blocker');
  const b = await createActiveMember(browser, admin.request, 'Blockee');
  await connect(a.context.request, b.context.request, b.userId);

  // B watches their Connected tab; it must follow A's changes without a reload.
  await b.page.goto('/connections');
  const bConnected = b.page.getByRole('tab', { name: /^Connected/ });
  await expect(bConnected).toContainText('(1)');

  // A removes the connection from B's profile: menu, confirmation.
  await a.page.goto(`/members/${await usernameOf(a.context.request, b.userId)}`);
  await expect(a.page.getByRole('button', { name: 'Connected' })).toBeVisible();
  await a.page.getByRole('button', { name: `${BLOCK_TEXTS.moreActions}: ${b.person.fullName}` }).click();
  await expect(a.page.getByRole('menuitem', { name: BLOCK_TEXTS.removeConnection })).toBeVisible();
  await shootPhoneAndDesktop(a.page, SHOTS, 'profile-menu', { check: true });
  await a.page.getByRole('menuitem', { name: BLOCK_TEXTS.removeConnection }).click();
  const removeDialog = a.page.getByRole('alertdialog', { name: BLOCK_TEXTS.removeTitle(b.person.fullName) });
  await expect(removeDialog).toBeVisible();
  // Cancel is focused first and changes nothing.
  await expect(removeDialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await shootPhoneAndDesktop(a.page, SHOTS, 'remove-dialog', { check: true });
  await removeDialog.getByRole('button', { name: BLOCK_TEXTS.removeConnection }).click();
  await expectToast(a.page, BLOCK_TEXTS.removed);
  // A's profile view of B updates at once: Connect again, no Remove in the menu.
  await expect(a.page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();
  await expect(bConnected).toContainText('(0)');

  // Connected again; A blocks B from the card on the Connections screen, by keyboard.
  await connect(b.context.request, a.context.request, a.userId);
  await expect(bConnected).toContainText('(1)');
  await a.page.goto('/connections');
  const card = a.page.getByTestId('member-card').filter({ hasText: b.person.fullName });
  const menuButton = card.getByRole('button', { name: `${BLOCK_TEXTS.moreActions}: ${b.person.fullName}` });
  await menuButton.focus();
  await a.page.keyboard.press('Enter');
  const blockItem = a.page.getByRole('menuitem', { name: BLOCK_TEXTS.block, exact: true });
  await expect(blockItem).toBeVisible();
  await blockItem.focus();
  await a.page.keyboard.press('Enter');
  const blockDialog = a.page.getByRole('alertdialog', { name: BLOCK_TEXTS.blockTitle(b.person.fullName) });
  await expect(blockDialog).toContainText(BLOCK_TEXTS.blockExplanation);
  await shootPhoneAndDesktop(a.page, SHOTS, 'block-dialog', { check: true });
  await blockDialog.getByRole('button', { name: BLOCK_TEXTS.block, exact: true }).click();
  await expectToast(a.page, BLOCK_TEXTS.blocked(b.person.fullName));
  await expect(a.page.getByRole('tab', { name: /^Connected/ })).toContainText('(0)');
  await expect(bConnected).toContainText('(0)');

  // Each is gone for the other: B's view of A's profile, and Discover both ways.
  await b.page.goto(`/members/${await usernameOf(a.context.request, a.userId)}`);
  await expect(b.page.getByRole('heading', { name: 'Profile not found' })).toBeVisible();
  expect((await b.context.request.post('/api/connections', { headers: CSRF, data: { addresseeId: a.userId } })).status()).toBe(
    404,
  );

  // A unblocks B from the own profile's Blocked members.
  await a.page.goto('/profile');
  const blockedCard = a.page.getByRole('list', { name: BLOCK_TEXTS.blockedMembersTitle });
  await expect(blockedCard.getByText(b.person.fullName)).toBeVisible();
  await blockedCard.scrollIntoViewIfNeeded();
  await shootPhoneAndDesktop(a.page, SHOTS, 'blocked-members', { check: true });
  await a.page.getByRole('button', { name: `${BLOCK_TEXTS.unblock} ${b.person.fullName}` }).click();
  await expectToast(a.page, BLOCK_TEXTS.unblocked(b.person.fullName));
  await expect(a.page.getByText(BLOCK_TEXTS.blockedMembersEmpty)).toBeVisible();
  await b.page.reload();
  await expect(b.page.getByRole('heading', { name: a.person.fullName })).toBeVisible();

  // B blocks A from A's profile: the profile is gone for B, who lands on Connections.
  await b.page.getByRole('button', { name: `${BLOCK_TEXTS.moreActions}: ${a.person.fullName}` }).click();
  await expect(b.page.getByRole('menuitem', { name: BLOCK_TEXTS.removeConnection })).toHaveCount(0);
  await b.page.getByRole('menuitem', { name: BLOCK_TEXTS.block, exact: true }).click();
  await b.page
    .getByRole('alertdialog', { name: BLOCK_TEXTS.blockTitle(a.person.fullName) })
    .getByRole('button', { name: BLOCK_TEXTS.block, exact: true })
    .click();
  await expectToast(b.page, BLOCK_TEXTS.blocked(a.person.fullName));
  await expect(b.page).toHaveURL(/\/connections$/);
  await b.page.goto('/profile');
  await expect(b.page.getByRole('list', { name: BLOCK_TEXTS.blockedMembersTitle }).getByText(a.person.fullName)).toBeVisible();

  for (const context of [a.context, b.context, admin.context()]) await context.close();
});

test.describe('the offline copy', () => {
  test.use({ serviceWorkers: 'allow' });

  /** The stored answers (URL and body) of the member caches that name `id`. */
  const storedNaming = (page: Page, id: string) =>
    page.evaluate(async (memberId) => {
      const found: string[] = [];
      for (const name of (await caches.keys()).filter((n) => n.startsWith('waymark-member-'))) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          const body = (await (await cache.match(request))?.text()) ?? '';
          if (request.url.includes(memberId) || body.includes(memberId)) found.push(new URL(request.url).pathname);
        }
      }
      return found;
    }, id);

  test("drops the blocker's stored pages from the blocked member's copy, told nobody's name", async ({ browser }) => {
    test.setTimeout(120_000);
    const admin = await adminPage(browser);
    const a = await createActiveMember(browser, admin.request, 'Cached');
    const b = await createActiveMember(browser, admin.request, 'Reader');
    await connect(a.context.request, b.context.request, b.userId);

    // B reads A's profile with the service worker in charge: it is stored for B.
    await b.page.goto('/dashboard');
    await b.page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await b.page.goto(`/members/${await usernameOf(a.context.request, a.userId)}`);
    await expect(b.page.getByRole('heading', { name: a.person.fullName })).toBeVisible();
    await expect.poll(() => storedNaming(b.page, a.userId)).not.toEqual([]);

    // A blocks B elsewhere. B's open page hears only that the connection went (no name, ADR 109),
    // reads again, and each answer the server now refuses leaves B's copy.
    expect((await a.context.request.post('/api/blocks', { headers: CSRF, data: { memberId: b.userId } })).status()).toBe(204);
    await expect(b.page.getByRole('heading', { name: 'Profile not found' })).toBeVisible();
    await expect.poll(() => storedNaming(b.page, a.userId), { timeout: 15_000 }).toEqual([]);

    for (const context of [a.context, b.context, admin.context()]) await context.close();
  });
});
