/**
 * Issue 25 (ADR 082) in the browser: one author's public, connections-only and private tips as
 * the author, an accepted connection, a stranger and an admin see them in Explore's search, in
 * the author's list on their profile, and on the tip's page; at a phone's and a laptop's width.
 */
import { type Page, expect, test } from '@playwright/test';
import { axeViolations } from './axe';
import { CSRF, adminPage, createActiveMember, shootPhoneAndDesktop } from './fixtures';

const SHOTS = '.tmp/visibility-lists-shots';
type Level = 'public' | 'connections' | 'private';
const LEVELS: Level[] = ['public', 'connections', 'private'];

test('three levels as the owner, a connection, a stranger and an admin see them', async ({ browser }) => {
  test.setTimeout(240_000);
  const admin = await adminPage(browser);
  const author = await createActiveMember(browser, admin.request, 'Author');
  const friend = await createActiveMember(browser, admin.request, 'Friend');
  const stranger = await createActiveMember(browser, admin.request, 'Stranger');
  const mark = `Vesperine${Date.now().toString(36)}`;
  const title = (level: Level) => `${mark} ${level} cove`;

  const ids = {} as Record<Level, string>;
  for (const level of LEVELS) {
    const res = await author.context.request.post('/api/tips', {
      headers: CSRF,
      data: { title: title(level), country: 'Greece', city: 'Naxos', description: `A ${level} swim spot.`, visibility: level },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids[level] = ((await res.json()) as { id: string }).id;
  }
  const asked = await friend.context.request.post('/api/connections', { headers: CSRF, data: { addresseeId: author.userId } });
  expect(asked.status(), await asked.text()).toBe(201);
  const connectionId = ((await asked.json()) as { id: string }).id;
  expect((await author.context.request.post(`/api/connections/${connectionId}/accept`, { headers: CSRF })).status()).toBe(200);

  const viewers: { name: string; page: Page; sees: Level[] }[] = [
    { name: 'owner', page: author.page, sees: LEVELS },
    { name: 'connection', page: friend.page, sees: ['public', 'connections'] },
    { name: 'stranger', page: stranger.page, sees: ['public'] },
    { name: 'admin', page: admin, sees: ['public'] },
  ];
  for (const { name, page, sees } of viewers) {
    // Each member's context holds the session their sign-up started.
    await page.goto(`/explore?q=${mark}`);
    await expect(page.getByText(title('public'), { exact: true }).first()).toBeVisible();
    for (const level of LEVELS) {
      await expect(page.getByText(title(level), { exact: true }), `${name} sees ${level} in Explore`).toHaveCount(
        sees.includes(level) ? 1 : 0,
      );
    }
    expect(await axeViolations(page), `${name}: axe on Explore`).toEqual([]);
    await shootPhoneAndDesktop(page, SHOTS, `explore-${name}`);

    for (const level of LEVELS) {
      await page.goto(`/view-tip/${ids[level]}`);
      if (sees.includes(level)) {
        await expect(page.getByRole('heading', { name: title(level) }), `${name} opens ${level}`).toBeVisible();
      } else {
        await expect(page.getByText('Tip not found'), `${name} is refused ${level}`).toBeVisible();
        await expect(page.getByText(title(level))).toHaveCount(0);
      }
    }
    await page.goto(`/view-tip/${ids.connections}`);
    await shootPhoneAndDesktop(page, SHOTS, `connections-tip-${name}`);
  }
});
