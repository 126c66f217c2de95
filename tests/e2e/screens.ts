/**
 * Every screen of the app, for walks that visit them all (phones.spec.ts, a11y.spec.ts), and one
 * setup that fills them with LONG content through the API: the longest names, titles, places,
 * tags and messages the rules allow, written as people write them (long unbroken words), so a
 * screen that cannot wrap them shows it.
 */
import { type APIRequestContext, type Browser, type BrowserContext, type Page, expect } from '@playwright/test';
import sharp from 'sharp';
import { CSRF, E2E_ADMIN, MEMBER_PASSWORD, createActiveMember, deactivateBanner, signIn, uniquePerson } from './fixtures';

export type Role = 'visitor' | 'pending' | 'member' | 'admin';
export type ColorScheme = 'light' | 'dark';

/** What the long-content setup made: ids the screens open, and a signed-in context per role. */
export type LongWorld = {
  tipId: string;
  guideId: string;
  /** Another member (long name, connected to the member), for "another member's profile". */
  otherId: string;
  otherName: string;
  memberName: string;
  sessions: Record<Role, BrowserContext>;
  /** The path of the guide's public link (ADR 068). */
  sharedGuidePath: string;
  /** The active system message with the long word: closeLongWorld deactivates it. */
  bannerId: string;
};

export type Screen = {
  name: string;
  /** Opens the screen and waits until its content (not a skeleton) is shown. */
  open: (page: Page, world: LongWorld) => Promise<void>;
};

const stamp = () => Date.now().toString(36);
/** 53 characters, the place name that made the tip page 425 px wide on a 360 px phone. */
export const LONG_PLACE = 'Sanctuaire-Notre-Dame-de-la-Garde-et-Basilique-Royale';
const LONG_WORD = 'Hippopotomonstrosesquippedaliophobia';

async function png(name: string, background: string) {
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

async function ok(response: import('@playwright/test').APIResponse, status = 201) {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as Record<string, unknown>;
}

async function adminSession(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.close();
  return context;
}

/** A tip type, a system message, members, content and connections, all as long as allowed. */
export async function createLongWorld(browser: Browser): Promise<LongWorld> {
  const mark = stamp();
  const adminContext = await adminSession(browser);
  const admin: APIRequestContext = adminContext.request;

  // Long tip type (60 is its limit) and an active system message with a long unbroken word.
  const tipType = await ok(
    await admin.post('/api/admin/tip-types', {
      headers: CSRF,
      data: { name: `Extraordinarily-long-category-${mark}`.padEnd(60, 'x') },
    }),
  );
  const banner = await ok(
    await admin.post('/api/admin/system-messages', {
      headers: CSRF,
      data: {
        title: `Scheduled maintenance ${LONG_WORD}${LONG_WORD} ${mark}`,
        content: `${LONG_WORD.repeat(4)} https://example.com/${'very-long-path-segment-'.repeat(6)} and then we are back.`,
      },
    }),
  );

  // Members: labels become long names and long e-mail addresses (uniquePerson).
  const member = await createActiveMember(browser, admin, 'Maximiliana Wolfeschlegelsteinhausenbergerdorff Longname');
  const other = await createActiveMember(browser, admin, 'Bartholomew Featherstonehaugh Cholmondeley Other');
  const asker = await createActiveMember(browser, admin, 'Requesting Traveller Someone');
  for (const m of [member, other, asker]) await m.page.close();
  const api = member.context.request;

  // The member's tip: every field long, two photos (the lightbox), long tags.
  const upload = await api.post('/api/uploads/tip-photos', {
    headers: CSRF,
    multipart: { photos: await png('cover.png', '#1d3557') },
  });
  const { urls } = (await ok(upload)) as { urls: string[] };
  const upload2 = await api.post('/api/uploads/tip-photos', {
    headers: CSRF,
    multipart: { photos: await png('two.png', '#e76f51') },
  });
  const { urls: urls2 } = (await ok(upload2)) as { urls: string[] };
  const longTags = Array.from({ length: 8 }, (_, i) => `${LONG_WORD}${i}`.slice(0, 40));
  const tip = await ok(
    await api.post('/api/tips', {
      headers: CSRF,
      data: {
        title: `${LONG_WORD} ${LONG_WORD}${LONG_WORD} ${mark}`.padEnd(100, 'z').slice(0, 100),
        tipTypeId: tipType.id,
        rating: 4,
        country: 'Saint Vincent and the Grenadines',
        city: `Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch${mark}`,
        placeName: LONG_PLACE,
        googleMapsUrl: `https://maps.app.goo.gl/${'a'.repeat(80)}`,
        experienceDate: '2024-04-02',
        valueSpent: 1234567.89,
        currency: 'EUR',
        description: `${LONG_WORD}${LONG_WORD}${LONG_WORD} ${mark}`,
        detailedContent: `${LONG_WORD.repeat(6)}\n\nA second paragraph.`,
        photoUrls: [...urls, ...urls2],
        tags: longTags,
      },
    }),
  );
  const tipId = String(tip.id);

  const guide = await ok(
    await api.post('/api/guides', {
      headers: CSRF,
      data: {
        title: `${LONG_WORD}${LONG_WORD} guide ${mark}`,
        location: `${LONG_PLACE} and ${LONG_WORD}`,
        countries: ['Saint Vincent and the Grenadines', 'Bosnia and Herzegovina', 'Central African Republic', 'Papua New Guinea'],
        description: LONG_WORD.repeat(5),
        daysCount: 2,
        tags: longTags.map((tag) => tag.toUpperCase()),
        items: [
          { dayNumber: 1, tipId },
          {
            dayNumber: 1,
            customTitle: `${LONG_WORD}${LONG_WORD}${LONG_WORD}`,
            customPlaceName: LONG_PLACE,
            customDescription: LONG_WORD.repeat(4),
          },
          { dayNumber: 2, customTitle: 'Ferry' },
        ],
      },
    }),
  );

  // The guide's public link, for the shared page (ADR 068).
  const shareLink = await ok(await api.put(`/api/guides/${String(guide.id)}/share-link`, { headers: CSRF, data: {} }), 200);
  const sharedGuidePath = new URL(String(shareLink.url)).pathname;

  // The other member: a long tip the member saves and likes, and an accepted connection.
  const otherTip = await ok(
    await other.context.request.post('/api/tips', {
      headers: CSRF,
      data: {
        title: `${LONG_WORD}${LONG_WORD}${LONG_WORD}`,
        country: 'Portugal',
        city: LONG_PLACE,
        description: LONG_WORD.repeat(3),
        tags: longTags,
      },
    }),
  );
  await ok(await api.post('/api/saves/toggle', { headers: CSRF, data: { contentType: 'tip', contentId: otherTip.id } }), 200);
  await ok(await api.post('/api/likes/toggle', { headers: CSRF, data: { contentType: 'tip', contentId: otherTip.id } }), 200);
  const connection = await ok(await api.post('/api/connections', { headers: CSRF, data: { addresseeId: other.userId } }));
  await ok(await other.context.request.post(`/api/connections/${String(connection.id)}/accept`, { headers: CSRF }), 200);
  // Requests (received) and Sent tabs are not empty; the other's like and the asker's request
  // leave the member unread notifications.
  await ok(await asker.context.request.post('/api/connections', { headers: CSRF, data: { addresseeId: member.userId } }));
  const adminMe = (await (await admin.get('/api/auth/me')).json()) as { id: string };
  await ok(await api.post('/api/connections', { headers: CSRF, data: { addresseeId: adminMe.id } }));
  await ok(
    await other.context.request.post('/api/likes/toggle', { headers: CSRF, data: { contentType: 'tip', contentId: tipId } }),
    200,
  );
  await ok(
    await other.context.request.post('/api/saves/toggle', { headers: CSRF, data: { contentType: 'tip', contentId: tipId } }),
    200,
  );

  // Issue 36: an open report for the admin's Reports tab, and a decided one for Handled and the audit log.
  await ok(
    await api.post('/api/reports', {
      headers: CSRF,
      data: { target: 'tip', targetId: otherTip.id, reason: 'other', details: LONG_WORD.repeat(2) },
    }),
  );
  await ok(await api.post('/api/reports', { headers: CSRF, data: { target: 'member', targetId: asker.userId, reason: 'spam' } }));
  await ok(
    await admin.post('/api/admin/moderation', {
      headers: CSRF,
      data: { action: 'dismiss', target: 'member', targetId: asker.userId, reason: 'other', note: LONG_WORD },
    }),
    200,
  );

  // A pending account (signed up without an approval link), with a long name and address.
  const pendingPerson = uniquePerson('Pending Penelope Wolfeschlegelsteinhausenbergerdorff');
  const pending = await browser.newContext();
  await ok(
    await pending.request.post('/api/auth/sign-up', {
      headers: CSRF,
      data: { fullName: pendingPerson.fullName, email: pendingPerson.email, password: MEMBER_PASSWORD },
    }),
  );

  await asker.context.close();
  return {
    tipId,
    guideId: String(guide.id),
    otherId: other.userId,
    otherName: other.person.fullName,
    memberName: member.person.fullName,
    sessions: { visitor: await browser.newContext(), pending, member: member.context, admin: adminContext },
    sharedGuidePath,
    bannerId: String(banner.id),
  };
}

/**
 * Ends a long world: its banner is deactivated, since it shows on every member's screen and would
 * change the layout other specs measure, and its sessions close.
 */
export async function closeLongWorld(world: LongWorld | undefined): Promise<void> {
  if (!world) return;
  await deactivateBanner(world.sessions.admin.request, world.bannerId);
  for (const context of Object.values(world.sessions)) await context.close();
}

/** Opens a member screen that reads its subject from navigation state (the original /profile, /user-connections). */
async function openWithState(page: Page, path: string, state: Record<string, string>) {
  if (!/\/(dashboard|explore)$/.test(page.url())) await goto(page, '/dashboard');
  await page.evaluate(
    ([to, usr]) => {
      const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
      window.history.pushState({ usr, key: `e2e${idx}`, idx }, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    },
    [path, state] as const,
  );
}

async function goto(page: Page, path: string) {
  await page.goto(path);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/** The screen's content is there: its heading, and no skeleton or spinner still loading. */
async function settled(page: Page, heading: string | RegExp = /./) {
  await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"], [data-slot="skeleton"]')).toHaveCount(0);
}

const at =
  (path: string, heading?: string | RegExp): Screen['open'] =>
  async (page) => {
    await goto(page, path);
    await settled(page, heading);
  };

const tab =
  (path: string, heading: string, name: string | RegExp): Screen['open'] =>
  async (page) => {
    await goto(page, path);
    await settled(page, heading);
    await page.getByRole('tab', { name }).click({ timeout: 10_000 });
    await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('[aria-busy="true"], [data-slot="skeleton"]')).toHaveCount(0);
  };

export const SCREENS: Record<Role, Screen[]> = {
  visitor: [
    { name: 'sign-in', open: at('/', 'Welcome to Waymark') },
    { name: 'signup', open: at('/signup') },
    { name: 'request-invitation', open: at('/request-invitation') },
    { name: 'confirm-email', open: at('/confirm-email?token=not-a-real-token') },
    { name: 'undo-email-change', open: at('/undo-email-change?token=not-a-real-token') },
    { name: 'forgot-password', open: at('/forgot-password', 'Forgot your password?') },
    { name: 'reset-password', open: at('/reset-password?token=not-a-real-token&email=someone%40example.com') },
    { name: 'not-found', open: at('/no-such-place') },
    { name: 'shared-guide', open: async (page, world) => at(world.sharedGuidePath)(page, world) },
  ],
  pending: [
    {
      name: 'waiting-for-activation',
      open: async (page) => {
        await goto(page, '/');
        await expect(page.getByText('Almost there!')).toBeVisible();
      },
    },
  ],
  member: [
    { name: 'dashboard', open: at('/dashboard', /Welcome/) },
    { name: 'notifications', open: at('/notifications', /Notifications/) },
    { name: 'explore', open: at('/explore', 'Explore') },
    {
      name: 'explore-map',
      open: async (page, world) => {
        await at('/explore?view=map', 'Explore')(page, world);
        await expect(page.getByText(/on the map$/)).toBeVisible();
        await expect.poll(() => page.locator('path.wm-country').count()).toBeGreaterThan(200);
      },
    },
    { name: 'tips', open: at('/tips') },
    { name: 'saved', open: at('/saved', 'Saved') },
    { name: 'connections-connected', open: tab('/connections', 'Connections', /Connected/) },
    { name: 'connections-requests', open: tab('/connections', 'Connections', /Requests/) },
    { name: 'connections-sent', open: tab('/connections', 'Connections', /Sent/) },
    { name: 'connections-discover', open: tab('/connections', 'Connections', /Discover/) },
    { name: 'new-tip', open: at('/new-tip') },
    { name: 'new-guide', open: at('/new-guide') },
    { name: 'view-tip', open: async (page, world) => at(`/view-tip/${world.tipId}`)(page, world) },
    { name: 'view-guide', open: async (page, world) => at(`/view-guide/${world.guideId}`)(page, world) },
    {
      name: 'guide-export-calendar',
      open: async (page, world) => {
        await at(`/view-guide/${world.guideId}`)(page, world);
        await page.getByRole('button', { name: 'Export' }).click();
        await page.getByRole('menuitem', { name: 'Add to calendar (.ics)' }).click();
        await expect(page.getByRole('dialog', { name: 'Add to calendar' })).toBeVisible();
      },
    },
    { name: 'print-guide', open: async (page, world) => at(`/print-guide/${world.guideId}`)(page, world) },
    {
      name: 'edit-tip',
      open: async (page, world) => {
        await at(`/edit-tip/${world.tipId}`)(page, world);
        await expect(page.getByLabel('Title', { exact: true })).not.toHaveValue('');
      },
    },
    {
      name: 'edit-guide',
      open: async (page, world) => {
        await at(`/edit-guide/${world.guideId}`, 'Edit Guide')(page, world);
        await expect(page.getByLabel('Title', { exact: true })).not.toHaveValue('');
      },
    },
    {
      name: 'profile',
      open: async (page, world) => {
        await at('/profile', world.memberName)(page, world);
        // The world map draws after hydration: axe and the screenshot see it drawn.
        await expect.poll(() => page.locator('path.wm-country').count()).toBeGreaterThan(200);
      },
    },
    {
      name: 'profile-edit',
      open: async (page, world) => {
        await at('/profile', world.memberName)(page, world);
        await page.getByRole('button', { name: 'Edit Profile' }).click();
        await expect(page.getByRole('form', { name: 'Edit profile' })).toBeVisible();
      },
    },
    {
      name: 'other-profile',
      open: async (page, world) => {
        await openWithState(page, '/profile', { userId: world.otherId });
        await settled(page, world.otherName);
      },
    },
    {
      name: 'user-connections',
      open: async (page, world) => {
        await openWithState(page, '/user-connections', { userId: world.otherId, userName: world.otherName });
        await settled(page, /Connections/);
      },
    },
    { name: 'design-options', open: at('/design-options', 'Design Options') },
    {
      name: 'share-guide',
      open: async (page, world) => {
        await at(`/view-guide/${world.guideId}`)(page, world);
        await page.getByRole('button', { name: 'Share' }).click();
        await expect(page.getByRole('textbox', { name: 'Anyone with this link can view' })).toHaveValue(/shared/);
      },
    },
  ],
  admin: [
    { name: 'admin-users', open: tab('/admin', 'Admin Panel', /User Management/) },
    { name: 'admin-invitations', open: tab('/admin', 'Admin Panel', /Invitations/) },
    { name: 'admin-system-messages', open: tab('/admin', 'Admin Panel', /System Messages/) },
    { name: 'admin-tip-types', open: tab('/admin', 'Admin Panel', /Tip Types/) },
    { name: 'admin-outbox', open: tab('/admin', 'Admin Panel', /Outbox/) },
    // Issue 36: the Reports tab's two views and the audit log in words.
    { name: 'admin-reports', open: tab('/admin', 'Admin Panel', /Reports/) },
    {
      name: 'admin-reports-handled',
      open: async (page, world) => {
        await tab('/admin', 'Admin Panel', /Reports/)(page, world);
        await page.getByRole('tab', { name: 'Handled' }).click();
        await expect(page.getByTestId('handled-report').first()).toBeVisible();
      },
    },
    { name: 'admin-audit-log', open: tab('/admin', 'Admin Panel', /Audit log/) },
  ],
};

export type WalkOptions = { colorScheme?: ColorScheme; viewport?: { width: number; height: number } };

/**
 * Opens every screen of a role in one page of that role's session and calls `visit` on each.
 * The color scheme is a parameter so the walk can run in dark mode too.
 */
export async function walkScreens(
  page: Page,
  role: Role,
  world: LongWorld,
  visit: (screen: Screen) => Promise<void>,
  { colorScheme = 'light', viewport }: WalkOptions = {},
) {
  await page.emulateMedia({ colorScheme });
  if (viewport) await page.setViewportSize(viewport);
  for (const screen of SCREENS[role]) {
    await screen.open(page, world);
    await visit(screen);
  }
}
