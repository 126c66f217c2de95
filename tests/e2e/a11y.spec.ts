/**
 * Accessibility (issue 21, WCAG 2.1 AA): axe-core on every screen of the walk, signed out, as a
 * pending account, as a member and as an admin, at 1280 px (phones.spec.ts scans them at 360 px
 * in its own walk), with the toasts too: no violation of impact serious or critical (ADR 049).
 * Then the keyboard: a skip link, visible focus, focus back to the opener, the tag input's cap.
 */
import { type Locator, type Page, expect, test } from '@playwright/test';
import { SHOTS_DIR, axeViolations as violations } from './axe';
import { CSRF, E2E_ADMIN, createActiveMember } from './fixtures';
import { type LongWorld, type Role, closeLongWorld, createLongWorld, walkScreens } from './screens';

const ROLES: Role[] = ['visitor', 'pending', 'member', 'admin'];

/** Presses Tab until `target` has focus (keyboard only), failing after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/**
 * How the focused control shows focus: its outline or ring (box-shadow), or the ring of the card
 * it fills (content cards draw their link's ring, ADR 049). Empty when nothing shows it.
 */
async function focusIndicator(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    const shows = (node: Element) => {
      const style = getComputedStyle(node);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      return outline || style.boxShadow !== 'none';
    };
    // A control may draw its focus on its box (input groups), its label (a hidden file input's
    // peer) or its card (content cards, whose link fills them).
    const drawers = [
      el,
      el.nextElementSibling,
      el.parentElement,
      el.parentElement?.parentElement,
      el.closest('[data-testid="content-card"]'),
    ];
    return drawers.some((node) => node && shows(node))
      ? ''
      : `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').slice(0, 40)}"`;
  });
}

test.describe('accessibility', () => {
  // One worker builds the long content once; a failed test does not skip the others.
  test.describe.configure({ mode: 'default' });
  let world: LongWorld;
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    world = await createLongWorld(browser);
  });
  test.afterAll(() => closeLongWorld(world));

  // At 360 px phones.spec.ts scans the same screens in its walk (light), dark-mode.spec.ts a set
  // of them in dark. Here every screen in both themes: the system's dark setting with no choice
  // made is the dark theme (ADR 052).
  for (const colorScheme of ['light', 'dark'] as const) {
    const width = 1280;
    for (const role of ROLES) {
      test(`${role} at ${width} px, ${colorScheme}: no serious or critical axe violation on any screen`, async () => {
        // Every screen of the role, each scanned: 2-3 minutes on a quiet 2-core host, up to 5 under load.
        test.setTimeout(420_000);
        const page = await world.sessions[role].newPage();
        const found: string[] = [];
        await walkScreens(
          page,
          role,
          world,
          async (screen) => {
            if (SHOTS_DIR)
              await page.screenshot({ path: `${SHOTS_DIR}/${screen.name}-${width}-${colorScheme}.png`, fullPage: true });
            for (const line of await violations(page)) found.push(`${screen.name}: ${line}`);
          },
          { colorScheme, viewport: { width, height: 900 } },
        );
        await page.close();
        expect(found, found.join('\n')).toEqual([]);
      });
    }
  }

  test('success and error toasts pass axe', async () => {
    const page = await world.sessions.member.newPage();
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const success = page.locator('[data-sonner-toast][data-type="success"]');
    await expect(success).toBeVisible();
    // Sonner fades a toast in: scan once it is fully shown.
    await expect(success).toHaveAttribute('data-mounted', 'true');
    await page.waitForTimeout(500);
    const found = await violations(page, '[data-sonner-toaster]');
    await page.close();

    const visitor = await world.sessions.visitor.newPage();
    await visitor.goto('/');
    await visitor.getByLabel('Email').fill('nobody@example.com');
    await visitor.getByLabel('Password').fill('wrong-password');
    await visitor.getByRole('button', { name: 'Sign In' }).click();
    const error = visitor.locator('[data-sonner-toast][data-type="error"]');
    await expect(error).toBeVisible();
    await visitor.waitForTimeout(500);
    found.push(...(await violations(visitor, '[data-sonner-toaster]')));
    await visitor.close();
    expect(found, found.join('\n')).toEqual([]);
  });

  test('a skip link is the first stop on every page, shows when focused and moves focus to the content', async () => {
    for (const [role, path] of [
      ['visitor', '/'],
      ['visitor', '/no-such-place'],
      ['pending', '/'],
      ['member', '/explore'],
    ] as const) {
      const page = await world.sessions[role].newPage();
      await page.goto(path);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await page.locator('#main-content').waitFor();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      expect(await isFocused(skip), `${path} as ${role}: the first Tab stop`).toBe(true);
      const box = await skip.boundingBox();
      expect(box && box.width > 20 && box.height > 10, 'the focused skip link is visible').toBe(true);
      await page.keyboard.press('Enter');
      await expect(page.locator('#main-content')).toBeFocused();
      await page.close();
    }
  });

  test('keyboard focus is visible on every control, the content cards included', async () => {
    const page = await world.sessions.member.newPage();
    const hidden: string[] = [];
    for (const path of ['/explore', `/view-tip/${world.tipId}`, '/new-tip', '/connections']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expect(page.locator('[aria-busy="true"], [data-slot="skeleton"]')).toHaveCount(0);
      for (let i = 0; i < 30; i += 1) {
        await page.keyboard.press('Tab');
        const missing = await focusIndicator(page);
        if (missing && missing !== 'body') hidden.push(`${path}: ${missing}`);
      }
    }
    // A card's ring is drawn by the card, not clipped by it.
    await page.goto('/explore');
    const cardLink = page.getByTestId('content-card').first().getByRole('link');
    await tabTo(page, cardLink);
    // Polled: the ring grows in with a transition, and a read mid-way sees it under 1 px.
    await expect
      .poll(() =>
        page
          .getByTestId('content-card')
          .first()
          .evaluate((card) => getComputedStyle(card).boxShadow),
      )
      .toMatch(/0px 0px 0px [1-9]/);
    await page.close();
    expect(hidden, hidden.join('\n')).toEqual([]);
  });

  test('focus returns to the opener after the lightbox, a dialog and the phone menu close', async () => {
    const page = await world.sessions.member.newPage();
    await page.goto(`/view-tip/${world.tipId}`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const photo = page.getByRole('button', { name: 'Open photo 2 of 2' });
    await tabTo(page, photo);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(photo).toBeFocused();

    await page.goto(`/edit-tip/${world.tipId}`);
    const remove = page.getByRole('button', { name: 'Delete Tip' });
    await tabTo(page, remove, 150);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(remove).toBeFocused();

    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/explore');
    const menu = page.getByRole('button', { name: 'Open menu' });
    await tabTo(page, menu, 5);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(menu).toBeFocused();
    await page.close();
  });

  test('the tag input keeps focus when its cap of tags is reached', async () => {
    const page = await world.sessions.member.newPage();
    await page.goto('/new-tip');
    const tags = page.getByRole('combobox', { name: 'Tags' });
    await tabTo(page, tags, 120);
    for (let i = 1; i <= 20; i += 1) {
      await page.keyboard.type(`tag${i}`);
      await page.keyboard.press('Enter');
    }
    await expect(page.getByRole('button', { name: /^Remove tag / })).toHaveCount(20);
    await expect(tags).toBeFocused();
    await page.keyboard.type('one-more');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: /^Remove tag / })).toHaveCount(20);
    await page.keyboard.press('Backspace');
    await expect(page.getByRole('button', { name: /^Remove tag / })).toHaveCount(19);
    await expect(tags).toBeFocused();
    await page.close();
  });
});

/**
 * Issue 36 item 6 (WCAG 2.4.3): every keyboard action that takes away the item it was pressed on
 * leaves focus on a neighbour (the next item's same control, else the previous one's), else on
 * the list's heading or add control; never on the page itself.
 */
test.describe('focus after an item goes', () => {
  const focusedIsNotBody = (page: Page) =>
    page.evaluate(() => document.activeElement !== document.body && !!document.activeElement);

  /** Presses Enter on `control` from the keyboard, then waits until `gone` has left the page. */
  async function pressAndWait(page: Page, control: Locator, gone: Locator) {
    await control.focus();
    await page.keyboard.press('Enter');
    await expect(gone).toHaveCount(0);
  }

  test('remove, accept, reject, connect, unblock, mark read, unsave: focus stays on a neighbour', async ({ browser }) => {
    test.setTimeout(240_000);
    const adminContext = await browser.newContext();
    const admin = adminContext.request;
    expect((await admin.post('/api/auth/sign-in', { headers: CSRF, data: E2E_ADMIN })).status()).toBe(200);
    const member = await createActiveMember(browser, admin, 'Focus walker');
    const others = [];
    for (const label of ['Focus asker one', 'Focus asker two', 'Focus blocked one', 'Focus blocked two']) {
      others.push(await createActiveMember(browser, admin, label));
    }
    const [askerOne, askerTwo, blockedOne, blockedTwo] = others;
    const api = member.context.request;
    for (const asker of [askerOne!, askerTwo!]) {
      const res = await asker.context.request.post('/api/connections', { headers: CSRF, data: { addresseeId: member.userId } });
      expect(res.status()).toBe(201);
    }
    for (const blocked of [blockedOne!, blockedTwo!]) {
      expect((await api.post('/api/blocks', { headers: CSRF, data: { memberId: blocked.userId } })).status()).toBe(204);
    }
    for (const title of ['Focus tip one', 'Focus tip two']) {
      const tip = await askerOne!.context.request.post('/api/tips', {
        headers: CSRF,
        data: { title, country: 'Japan', city: 'Kyoto', description: 'Go early.', visibility: 'public' },
      });
      const tipId = ((await tip.json()) as { id: string }).id;
      const saved = await api.post('/api/saves/toggle', { headers: CSRF, data: { contentType: 'tip', contentId: tipId } });
      expect(saved.status()).toBe(200);
    }
    const { page } = member;

    // Notifications, Unread tab: marking one read takes it out; focus goes to the next one's button.
    await page.goto('/notifications');
    await page.getByRole('tab', { name: /^Unread/ }).click();
    const unread = page.getByTestId('notification-item');
    await expect(unread).toHaveCount(2);
    await unread.first().getByRole('button', { name: 'Mark read' }).focus();
    await page.keyboard.press('Enter');
    await expect(unread).toHaveCount(1);
    await expect(unread.first().getByRole('button', { name: 'Mark read' })).toBeFocused();

    // Requests: Accept takes the card away; focus is on the next card's Accept, then the tab.
    await page.goto('/connections?tab=requests');
    const cards = page.getByTestId('member-card');
    await expect(cards).toHaveCount(2);
    const firstName = await cards.first().locator('a').nth(1).textContent();
    await pressAndWait(
      page,
      cards.first().getByRole('button', { name: 'Accept', exact: true }),
      cards.filter({ hasText: firstName ?? '' }),
    );
    await expect(cards.first().getByRole('button', { name: 'Accept', exact: true })).toBeFocused();
    await pressAndWait(page, cards.first().getByRole('button', { name: 'Reject', exact: true }), cards);
    await expect(page.getByRole('tab', { name: /^Requests/ })).toBeFocused();

    // Discover: Connect takes the card away; focus is on a Connect button of another card.
    await page.getByRole('tab', { name: 'Discover' }).click();
    await expect(cards.first()).toBeVisible();
    const discovered = await cards.first().locator('a').nth(1).textContent();
    await pressAndWait(page, cards.first().getByRole('button', { name: 'Connect' }), cards.filter({ hasText: discovered ?? '' }));
    await expect(page.locator(':focus')).toHaveAccessibleName(/Connect/);

    // Saved: Remove from Saved hands focus to the next card's button, then to the heading.
    await page.goto('/saved');
    const savedCards = page.getByTestId('content-card');
    await expect(savedCards).toHaveCount(2);
    await page.getByRole('button', { name: 'Remove from Saved' }).first().focus();
    await page.keyboard.press('Enter');
    await expect(savedCards).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Remove from Saved' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(savedCards).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Saved' })).toBeFocused();

    // Blocked members: Unblock hands focus to the next Unblock.
    await page.goto('/profile');
    const unblock = page.getByRole('button', { name: /^Unblock / });
    await expect(unblock).toHaveCount(2);
    await unblock.first().focus();
    await page.keyboard.press('Enter');
    await expect(unblock).toHaveCount(1);
    await expect(unblock).toBeFocused();

    // The guide form's itinerary: the next item's remove button, then the day's heading.
    await page.goto('/new-guide');
    const custom = page.getByRole('textbox', { name: 'Custom item for day 1' });
    for (const title of ['Morning ferry', 'Harbour lunch']) {
      await custom.fill(title);
      await custom.press('Enter');
    }
    const removeItem = page.getByRole('button', { name: /^Remove .* from day 1$/ });
    await expect(removeItem).toHaveCount(2);
    await removeItem.first().focus();
    await page.keyboard.press('Enter');
    await expect(removeItem).toHaveCount(1);
    await expect(removeItem).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(removeItem).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Day 1' })).toBeFocused();

    // Tags: the next tag's remove button, then the input.
    const tags = page.getByRole('combobox', { name: 'Tags' });
    for (const tag of ['ferries', 'islands']) {
      await tags.fill(tag);
      await tags.press('Enter');
    }
    const removeTag = page.getByRole('button', { name: /^Remove tag / });
    await removeTag.first().focus();
    await page.keyboard.press('Enter');
    await expect(removeTag).toHaveCount(1);
    await expect(removeTag).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(removeTag).toHaveCount(0);
    await expect(tags).toBeFocused();

    expect(await focusedIsNotBody(page)).toBe(true);
    await Promise.all([adminContext.close(), member.context.close(), ...others.map((o) => o.context.close())]);
  });
});
