/**
 * Phones (issue 21): at 360 and 414 px no screen, filled with the longest content the rules
 * allow, scrolls sideways; at 360 px axe finds nothing serious on them either (a11y.spec.ts does
 * 1280 px; one walk does both checks, to keep the suite quick); the tab bars are reachable and
 * tappable; the unread count shows without opening the menu.
 */
import { type Page, expect, test } from '@playwright/test';
import { SHOTS_DIR, axeViolations } from './axe';
import { type LongWorld, type Role, closeLongWorld, createLongWorld, walkScreens } from './screens';

const ROLES: Role[] = ['visitor', 'pending', 'member', 'admin'];

/** The page's width beyond the viewport, and the deepest elements that stick out (to name in a failure). */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const limit = window.innerWidth;
    const culprits: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= limit + 0.5) continue;
      const hasWideChild = [...element.children].some((child) => child.getBoundingClientRect().right > limit + 0.5);
      if (hasWideChild || culprits.length >= 5) continue;
      const classes = typeof element.className === 'string' ? element.className.split(' ').slice(0, 4).join('.') : '';
      culprits.push(
        `<${element.tagName.toLowerCase()} ${classes}> ${Math.round(box.right)}px "${(element.textContent ?? '').slice(0, 30)}"`,
      );
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: limit, culprits };
  });
}

// One worker builds the long content once; a failed test does not skip the others.
test.describe('phones', () => {
  test.describe.configure({ mode: 'default' });
  let world: LongWorld;
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    world = await createLongWorld(browser);
  });
  test.afterAll(() => closeLongWorld(world));

  for (const width of [360, 414]) {
    for (const role of ROLES) {
      const title =
        width === 360
          ? `${role}: no screen is wider than a ${width} px phone, and axe passes`
          : `${role}: no screen is wider than a ${width} px phone`;
      test(title, async () => {
        test.setTimeout(240_000);
        const page = await world.sessions[role].newPage();
        const wide: string[] = [];
        const axe: string[] = [];
        await walkScreens(
          page,
          role,
          world,
          async (screen) => {
            const { scrollWidth, innerWidth, culprits } = await overflow(page);
            if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/${screen.name}-${width}.png`, fullPage: true });
            if (scrollWidth > innerWidth)
              wide.push(`${screen.name}: ${scrollWidth} px > ${innerWidth} px\n    ${culprits.join('\n    ')}`);
            if (width === 360) for (const line of await axeViolations(page)) axe.push(`${screen.name}: ${line}`);
          },
          { viewport: { width, height: 800 } },
        );
        await page.close();
        expect(wide, wide.join('\n')).toEqual([]);
        expect(axe, axe.join('\n')).toEqual([]);
      });
    }
  }

  test('Admin Panel at 360 px: every tab, Outbox too, is tapped for real and shows its content', async () => {
    const page = await world.sessions.admin.newPage();
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/admin');
    for (const name of ['Outbox', 'Tip Types', 'System Messages', 'Invitations', 'User Management']) {
      // A plain click: Playwright refuses it when another element (the content) covers the tab.
      await page.getByRole('tab', { name }).click({ timeout: 5_000 });
      await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
    }
    // The tab bar does not overlap what follows it.
    const bar = await page.getByRole('tablist').boundingBox();
    const panel = await page.getByRole('tabpanel').boundingBox();
    expect(bar!.y + bar!.height).toBeLessThanOrEqual(panel!.y);
    await page.close();
  });

  test('Connections at 360 px: all four tabs are inside the screen and tappable', async () => {
    const page = await world.sessions.member.newPage();
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/connections');
    for (const name of [/Discover/, /Sent/, /Requests/, /Connected/]) {
      const tab = page.getByRole('tab', { name });
      const box = await tab.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
      await tab.click({ timeout: 5_000 });
      await expect(tab).toHaveAttribute('aria-selected', 'true');
    }
    await page.close();
  });

  test('the unread count shows in the header at 360 px, without opening the menu', async () => {
    const page = await world.sessions.member.newPage();
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/explore');
    const counts = (await (await page.request.get('/api/notifications/counts')).json()) as { unread: number };
    expect(counts.unread).toBeGreaterThan(0);
    const bell = page.getByRole('banner').getByRole('link', { name: `Notifications, ${counts.unread} unread` });
    await expect(bell).toBeVisible();
    await expect(bell).toContainText(String(counts.unread));
    await bell.click();
    await expect(page).toHaveURL(/\/notifications$/);
    await page.close();
  });
});
