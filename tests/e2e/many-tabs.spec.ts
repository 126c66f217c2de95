/**
 * Issue 19 item 12 (docs/product.md#live-updates, ADR 034): ten tabs of one member in one browser
 * stay usable (a stream per tab used the browser's six connections per host and froze the
 * seventh tab), the server sees one live stream for the browser, every tab shows a notification
 * live, and when the tab holding the stream closes another takes over.
 */
import { type Page, expect, test } from '@playwright/test';
import { CSRF, E2E_ADMIN, createActiveMember, signIn } from './fixtures';

const TABS = 10;
/** Member screens, each loading its own data. */
const SCREENS = [
  '/dashboard',
  '/tips',
  '/connections',
  '/notifications',
  '/saved',
  '/explore',
  '/dashboard',
  '/tips',
  '/connections',
  '/notifications',
];

const badgeOf = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' }).getByLabel(/unread$/);

test('ten tabs of one member share one live stream and all get notifications live', async ({ browser }) => {
  test.setTimeout(180_000);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(admin).toHaveURL(/\/dashboard$/);

  const receiver = await createActiveMember(browser, admin.request, 'Tabby');
  const sender = await createActiveMember(browser, admin.request, 'Poker');
  const { context } = receiver;

  // Which tab opened /api/events last: the one holding the browser's stream.
  const streamOpeners: Page[] = [];
  const pages: Page[] = [receiver.page];
  for (let i = 1; i < TABS; i++) pages.push(await context.newPage());
  for (const page of pages) {
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/events') streamOpeners.push(page);
    });
  }

  // Every tab navigates and loads its screen: all usable, none waiting for a connection.
  for (const [i, page] of pages.entries()) {
    await page.goto(SCREENS[i]!);
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  // ...and each can still fetch data after all ten are open.
  for (const page of pages) {
    const status = await page.evaluate(async () => (await fetch('/api/notifications/counts')).status);
    expect(status).toBe(200);
  }

  // The server holds one stream for this browser (this session, and this member).
  const openStreams = async () =>
    (await (await context.request.get('/api/events/open')).json()) as { member: number; session: number };
  await expect.poll(openStreams, { timeout: 15_000 }).toEqual({ member: 1, session: 1 });
  const browserStreams = new Set(streamOpeners);
  expect(browserStreams.size).toBe(1);

  // Another member sends a connection request: every tab shows the unread badge live (without
  // the stream the counts poll every 60 s; the expectation waits 10 s).
  for (const page of pages) await expect(badgeOf(page)).toHaveCount(0);
  const requested = await sender.context.request.post('/api/connections', {
    headers: CSRF,
    data: { addresseeId: receiver.userId },
  });
  expect(requested.status()).toBe(201);
  for (const page of pages) await expect(badgeOf(page)).toHaveText('1');
  expect(await openStreams()).toEqual({ member: 1, session: 1 });

  // The tab holding the stream closes: another takes over.
  const leader = streamOpeners.at(-1)!;
  const openersBefore = streamOpeners.length;
  await leader.close();
  const remaining = pages.filter((page) => page !== leader);
  await expect.poll(() => streamOpeners.length, { timeout: 15_000 }).toBeGreaterThan(openersBefore);
  expect(remaining).toContain(streamOpeners.at(-1));
  await expect.poll(openStreams, { timeout: 15_000 }).toEqual({ member: 1, session: 1 });

  // A new notification (a like of the receiver's tip) still reaches every remaining tab live.
  const tip = await context.request.post('/api/tips', {
    headers: CSRF,
    data: { title: 'Tide pools at dawn', country: 'Portugal', city: 'Sagres', description: 'Go at low tide.' },
  });
  expect(tip.status()).toBe(201);
  const { id: tipId } = (await tip.json()) as { id: string };
  const liked = await sender.context.request.post('/api/likes/toggle', {
    headers: CSRF,
    data: { contentType: 'tip', contentId: tipId },
  });
  expect(liked.status()).toBe(200);
  for (const page of remaining) await expect(badgeOf(page)).toHaveText('2');
  expect(await openStreams()).toEqual({ member: 1, session: 1 });

  // Signing out in one tab ends the stream and signs every tab out.
  await remaining[0]!.getByRole('button', { name: 'Sign Out' }).first().click();
  for (const page of remaining) await expect(page).toHaveURL(/\/($|\?)/, { timeout: 15_000 });

  await Promise.all([context.close(), sender.context.close(), adminContext.close()]);
});
