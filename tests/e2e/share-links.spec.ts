/**
 * Share links (issue 23, ADRs 068-069) in one flow: Copy link on a guide; the owner creates a
 * public link; a signed-out visitor sees the guide, its public tip and photos, never the private
 * tip; link unfurlers see the guide's preview, while every members-only URL says only "Waymark";
 * the owner revokes, and the link stops working for the visitor and the unfurler alike.
 */
import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { CSRF, E2E_ADMIN, createActiveMember, expectToast, waitForHydration } from './fixtures';

const SHOTS = '.tmp/share-links-shots';

async function adminRequest(browser: Browser) {
  const context = await browser.newContext();
  const res = await context.request.post('/api/auth/sign-in', { headers: CSRF, data: E2E_ADMIN });
  expect(res.status()).toBe(200);
  return context.request;
}

async function uploadPhoto(api: APIRequestContext, bucket: 'tip-photos' | 'guide-photos', background: string) {
  const buffer = await sharp({ create: { width: 96, height: 64, channels: 3, background } })
    .png()
    .toBuffer();
  const res = await api.post(`/api/uploads/${bucket}`, {
    headers: CSRF,
    multipart: { photos: { name: 'photo.png', mimeType: 'image/png', buffer } },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { urls: string[] }).urls[0]!;
}

async function created(res: import('@playwright/test').APIResponse) {
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

test('a public link of a guide: copy, create, open signed out, previews, revoke', async ({ browser, baseURL }) => {
  const admin = await adminRequest(browser);
  const owner = await createActiveMember(browser, admin, 'Sharer');
  const api = owner.context.request;
  const mark = Date.now().toString(36);
  const content = {
    guide: `Lisbon slow weekend ${mark}`,
    guideText: `Trams, tiles and custard ${mark}`,
    place: `Alfama quarter ${mark}`,
    publicTip: `Pastel at Belem ${mark}`,
    privateTip: `Hidden rooftop bar ${mark}`,
  };

  const tipPhoto = await uploadPhoto(api, 'tip-photos', '#e76f51');
  const coverPhoto = await uploadPhoto(api, 'guide-photos', '#1d3557');
  const tipFields = { country: 'Portugal', city: 'Lisbon', description: `Worth the queue ${mark}` };
  const publicTip = await created(
    await api.post('/api/tips', { headers: CSRF, data: { ...tipFields, title: content.publicTip, photoUrls: [tipPhoto] } }),
  );
  const privateTip = await created(
    await api.post('/api/tips', { headers: CSRF, data: { ...tipFields, title: content.privateTip, isPrivate: true } }),
  );
  const guide = await created(
    await api.post('/api/guides', {
      headers: CSRF,
      data: {
        title: content.guide,
        location: content.place,
        countries: ['Portugal'],
        description: content.guideText,
        daysCount: 2,
        photoUrls: [coverPhoto],
        items: [
          { dayNumber: 1, tipId: publicTip.id },
          { dayNumber: 1, tipId: privateTip.id },
          { dayNumber: 2, customTitle: 'Train to Sintra' },
        ],
      },
    }),
  );

  // Copy link: the guide's own address, for members.
  const page = owner.page;
  await owner.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.goto(`/view-guide/${guide.id}`);
  await waitForHydration(page);
  await page.screenshot({ path: `${SHOTS}/guide-page-desktop.png` });
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expectToast(page, 'Link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/view-guide/${guide.id}`);

  // The owner creates the public link (off by default), by keyboard.
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this guide' });
  await dialog.getByRole('button', { name: 'Create link' }).focus();
  await page.keyboard.press('Enter');
  const linkField = dialog.getByRole('textbox', { name: 'Anyone with this link can view' });
  await expect(linkField).toHaveValue(/\/shared\/guides\/[\w-]{43}$/);
  const sharedUrl = await linkField.inputValue();
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: `${SHOTS}/share-dialog-360.png` });
  await page.keyboard.press('Escape');

  // A signed-out visitor: the guide, its public tip and photos; not the private tip, no member app.
  const visitor = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(sharedUrl);
  await expect(visitorPage.getByRole('heading', { level: 1, name: content.guide })).toBeVisible();
  await expect(visitorPage.getByText(content.publicTip).first()).toBeVisible();
  await expect(visitorPage.getByText('Train to Sintra')).toBeVisible();
  await expect(visitorPage.getByRole('link', { name: 'Request an invitation' }).first()).toBeVisible();
  for (const alt of [content.guide, content.publicTip]) {
    const photo = visitorPage.getByRole('img', { name: alt }).first();
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
  await expect(visitorPage.getByText(content.privateTip)).toHaveCount(0);
  await expect(visitorPage.getByRole('navigation')).toHaveCount(0);
  await visitorPage.screenshot({ path: `${SHOTS}/shared-guide-360.png`, fullPage: true });

  // Unfurlers (no cookie): the link has the guide's preview; a members-only URL says only "Waymark".
  const unfurler = visitor.request;
  const preview = await (await unfurler.get(sharedUrl)).text();
  expect(preview).toContain(`<meta property="og:title" content="${content.guide}" />`);
  expect(preview).toMatch(
    /<meta property="og:image" content="http[^"]+\/api\/shared\/guides\/[\w-]{43}\/photos\/guide-photos\/[^"]+\.mid\.webp"/,
  );
  expect(preview).toContain('<meta name="twitter:card" content="summary_large_image" />');
  expect(preview).not.toContain(content.privateTip);
  const me = (await (await api.get('/api/auth/me')).json()) as { username: string };
  const memberUrls = [
    `/view-guide/${guide.id}`,
    `/edit-guide/${guide.id}`,
    `/view-tip/${publicTip.id}`,
    `/view-tip/${privateTip.id}`,
    `/edit-tip/${publicTip.id}`,
    `/members/${me.username}`,
    `/members/${me.username}/tips`,
    `/members/${me.username}/connections`,
    '/profile',
    '/dashboard',
    '/explore',
    '/tips',
    '/saved',
  ];
  const revealing = [...Object.values(content), owner.person.fullName, owner.person.email];
  for (const url of memberUrls) {
    const html = await (await unfurler.get(url)).text();
    expect(html, url).toContain('<title>Waymark</title>');
    expect(html, url).toContain('<meta property="og:title" content="Waymark" />');
    for (const text of revealing) expect(html, `${url} reveals "${text}"`).not.toContain(text);
  }

  // The owner revokes: the visitor's reload and the unfurler find nothing any more.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Share' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke link' }).click();
  await expectToast(page, 'Link revoked');
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Create link' })).toBeVisible();
  await visitorPage.reload();
  await expect(visitorPage.getByRole('heading', { level: 1, name: 'This link no longer works' })).toBeVisible();
  await expect(visitorPage.getByText(content.guide)).toHaveCount(0);
  const revokedPage = await unfurler.get(sharedUrl);
  expect(revokedPage.status()).toBe(404);
  const revoked = await revokedPage.text();
  for (const text of revealing) expect(revoked).not.toContain(text);
  await visitorPage.screenshot({ path: `${SHOTS}/link-gone-360.png`, fullPage: true });

  await visitor.close();
  await owner.context.close();
});
