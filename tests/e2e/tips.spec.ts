import { type APIRequestContext, type Page, expect, request, test } from '@playwright/test';
import sharp from 'sharp';
import { TIP_TEXTS } from '@common/schemas/tip';
import {
  choose,
  createActiveMember,
  CSRF,
  dismissToasts,
  E2E_ADMIN,
  expectToast,
  signIn,
  uniquePerson,
  waitForHydration,
} from './fixtures';

/** A small real PNG (the server checks uploads by content and re-encodes them). */
async function png(name: string, background: string) {
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

async function signInAsAdmin(page: Page) {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The id of the caller's tip with this title, from the guide picker's list of own tips. */
async function ownTipId(page: Page, title: string): Promise<string> {
  const options = (await (await page.request.get('/api/tips/options')).json()) as { id: string; title: string }[];
  const tip = options.find((o) => o.title === title);
  expect(tip, `tip "${title}" exists`).toBeTruthy();
  return tip!.id;
}

test('a member creates a tip with photos, views it in the lightbox, edits it and deletes it', async ({ page }) => {
  const title = `Sunrise at the shrine ${Date.now().toString(36)}`;
  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'New Tip' }).click();
  await expect(page).toHaveURL(/\/new-tip$/);

  await page.getByLabel('Title').fill(title);
  await choose(page, 'Rating', '★★★★ 4/5');
  await choose(page, 'Country', 'Japan');
  await page.getByLabel('City').fill('Kyoto');
  await page.getByLabel('Specific place').fill('Fushimi Inari Taisha');
  await page.getByLabel('Maps link').fill('https://maps.app.goo.gl/abc123');
  await page.getByLabel('Experience date').fill('2024-04-02');
  await page.getByLabel('Cost').fill('12.50');
  await expect(page.getByRole('combobox', { name: 'Currency' })).toContainText('USD');
  await page.getByLabel('Short description').fill('Go before six to have the gates to yourself.');
  await expect(page.getByText('44/200')).toBeVisible();
  await page.getByLabel('Detailed content').fill('The lower gates fill up by eight.');

  await page.locator('input[type=file]').setInputFiles([await png('one.png', '#2a9d8f'), await png('two.png', '#e76f51')]);
  const picked = page.getByRole('list', { name: 'Selected photos' }).getByRole('listitem');
  await expect(picked).toHaveCount(2);
  await expect(picked.first()).toContainText('Main');
  await expect(page.getByText('2 / 5 photos')).toBeVisible();

  // Tag input: a suggestion by keyboard, a typed tag (lowercased), Backspace removes the last.
  const tags = page.getByRole('combobox', { name: 'Tags' });
  await tags.fill('cult');
  await tags.press('ArrowDown');
  await tags.press('Enter');
  await tags.fill('Early Start');
  await tags.press('Enter');
  await tags.fill('Extra');
  await tags.press('Enter');
  await tags.press('Backspace');
  await tags.press('Escape');
  await expect(page.getByRole('button', { name: 'Remove tag culture' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove tag early start' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove tag extra' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Create Tip' }).click();
  await expectToast(page, 'Your tip has been created successfully');
  await expect(page).toHaveURL(/\/tips$/);
  await expect(page.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();
  await page.goto(`/explore?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();
  // Search as the member types, by words (ADR 020): the last word may be the beginning of one.
  const stamp = title.split(' ').at(-1) ?? '';
  const searchBox = page.getByRole('searchbox', { name: 'Search' });
  await searchBox.fill(`SHRINE ${stamp.slice(0, 3)}`);
  await expect(page).toHaveURL(/q=SHRINE/);
  await expect(page.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();
  await searchBox.fill(`hrine ${stamp}`);
  // "hrine" begins no word: nothing matches it as typed. Explore says so, and may then show what
  // "shrine" finds (ADR 105) when the words it knows offer that correction.
  await expect(page.getByText(new RegExp(`No content found|No results for “hrine ${stamp}”`)).first()).toBeVisible();

  // Detail: facts, photo grid and a lightbox that wraps around.
  const id = await ownTipId(page, title);
  await page.goto(`/view-tip/${id}`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('Kyoto, Japan')).toBeVisible();
  await expect(page.getByText('4/5')).toBeVisible();
  await expect(page.getByText('#culture')).toBeVisible();
  const maps = page.getByRole('link', { name: 'View on Maps' });
  await expect(maps).toHaveAttribute('target', '_blank');
  await expect(maps).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.getByRole('button', { name: 'Like' })).toHaveCount(0); // own tip
  const grid = page.getByRole('list', { name: 'Photos' }).getByRole('button');
  await expect(grid).toHaveCount(2);
  await grid.first().click();
  const lightbox = page.getByRole('dialog');
  await expect(lightbox).toContainText('1 / 2');
  await lightbox.getByRole('button', { name: 'Next photo' }).click();
  await expect(lightbox).toContainText('2 / 2');
  await lightbox.getByRole('button', { name: 'Next photo' }).click();
  await expect(lightbox).toContainText('1 / 2');
  await page.keyboard.press('ArrowLeft');
  await expect(lightbox).toContainText('2 / 2');
  await page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();

  // Edit: prefilled, the title changes, back on the detail.
  await page.getByRole('link', { name: 'Edit Tip' }).click();
  await expect(page).toHaveURL(new RegExp(`/edit-tip/${id}$`));
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByLabel('Currency')).toHaveValue('USD');
  await expect(page.getByRole('list', { name: 'Selected photos' }).getByRole('listitem')).toHaveCount(2);
  await page.getByLabel('Title').fill(`${title} (updated)`);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Tip updated successfully');
  await expect(page).toHaveURL(new RegExp(`/view-tip/${id}$`));
  await expect(page.getByRole('heading', { name: `${title} (updated)` })).toBeVisible();

  // Delete through the confirmation dialog; the tip is gone.
  await dismissToasts(page);
  await page.getByRole('link', { name: 'Edit Tip' }).click();
  await page.getByRole('button', { name: 'Delete Tip' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this tip? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Tip deleted successfully');
  await expect(page).toHaveURL(/\/tips$/);
  await page.goto(`/view-tip/${id}`);
  await expect(page.getByRole('heading', { name: 'Tip not found' })).toBeVisible();
});

test('the create form explains what is missing, a bad maps link and too many photos', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/new-tip');
  const create = page.getByRole('button', { name: 'Create Tip' });

  await create.click();
  await expectToast(page, TIP_TEXTS.missingInformation);
  await dismissToasts(page);

  await page.getByLabel('Title').fill('Night market');
  await choose(page, 'Country', 'Thailand');
  await page.getByLabel('City').fill('Chiang Mai');
  await page.getByLabel('Short description').fill('Come hungry.');
  await page.getByLabel('Maps link').fill('https://maps.google.com.evil.example/place');
  await create.click();
  await expectToast(page, TIP_TEXTS.invalidUrl);
  await dismissToasts(page);

  const six = await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map((n) => png(`${n}.png`, '#264653')));
  await page.locator('input[type=file]').setInputFiles(six);
  await expectToast(page, TIP_TEXTS.tooManyPhotos);
  await expect(page.getByRole('list', { name: 'Selected photos' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/new-tip$/);

  await dismissToasts(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/tips$/);
});

/** An active member through the real invitation flow, by API (the UI flow has its own spec). */
async function createMember(baseURL: string) {
  const person = uniquePerson('Liker');
  const headers = { 'x-waymark-csrf': '1' };
  const visitor = await request.newContext({ baseURL, extraHTTPHeaders: headers });
  expect(
    (
      await visitor.post('/api/invitations', {
        data: {
          fullName: person.fullName,
          email: person.email,
          country: 'Portugal',
          howDidYouKnow: 'friend_family',
          aboutYourself: 'I travel slowly and love sharing small local discoveries with other people.',
        },
      })
    ).status(),
  ).toBe(201);
  const admin = await request.newContext({ baseURL, extraHTTPHeaders: headers });
  await admin.post('/api/auth/sign-in', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  const invitations = (await (await admin.get('/api/admin/invitations?limit=50')).json()) as {
    items: { id: string; email: string }[];
  };
  const invitation = invitations.items.find((i) => i.email === person.email)!;
  expect((await admin.post(`/api/admin/invitations/${invitation.id}/approve`)).ok()).toBe(true);
  const outbox = (await (await admin.get('/api/admin/outbox?limit=50')).json()) as { items: { to: string; links: string[] }[] };
  const link = outbox.items.find((m) => m.to === person.email)!.links.find((l) => l.includes('token='))!;
  const token = new URL(link).searchParams.get('token')!;
  const password = 'liker-pass-1';
  expect(
    (
      await visitor.post('/api/auth/sign-up', { data: { fullName: person.fullName, email: person.email, password, token } })
    ).status(),
  ).toBe(201);
  await visitor.dispose();
  return { admin, email: person.email, password };
}

async function createTipByApi(admin: APIRequestContext, title: string) {
  const response = await admin.post('/api/tips', {
    data: { title, country: 'Peru', city: 'Cusco', description: 'Acclimatise for two days first.' },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test('another member likes and saves a tip, and cannot edit it', async ({ page, baseURL }) => {
  const { admin, email, password } = await createMember(baseURL!);
  const id = await createTipByApi(admin, `Altitude tip ${Date.now().toString(36)}`);
  await admin.dispose();

  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/view-tip/${id}`);
  await waitForHydration(page);
  await expect(page.getByText('Acclimatise for two days first.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit Tip' })).toHaveCount(0);

  await page.getByRole('button', { name: /^Like/ }).click();
  await expectToast(page, 'You liked this tip');
  await expect(page.getByRole('button', { name: /^Liked/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Liked (1 like)' })).toBeVisible();
  await expect(page.getByTestId('tip-likes')).toHaveText('1 like');
  await page.getByRole('button', { name: /^Liked/ }).click();
  await expectToast(page, 'You removed your like');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'Added to your saved tips');
  await page.getByRole('button', { name: 'Saved', exact: true }).click();
  await expectToast(page, 'Removed from your saved tips');

  await page.goto(`/edit-tip/${id}`);
  await expect(page.getByText('You can only edit your own tips')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
});

/** A multipart body with every file in the `photos` field, as the upload form sends it. */
function photoForm(files: { name: string; mimeType: string; buffer: Buffer }[]): FormData {
  const form = new FormData();
  for (const file of files) form.append('photos', new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  return form;
}

/** How many requests the page made to each path (with its query) during the action. */
async function requestsTo(page: Page, paths: string[], action: () => Promise<unknown>): Promise<number[]> {
  const counts = paths.map(() => 0);
  const listener = (req: { url(): string }) => {
    const url = new URL(req.url());
    paths.forEach((path, i) => {
      if (url.pathname + url.search === path) counts[i] = (counts[i] ?? 0) + 1;
    });
  };
  page.on('request', listener);
  await action();
  page.off('request', listener);
  return counts;
}

test('a tip page shows photos at their display size, with its data in the HTML and each preloaded file fetched once', async ({
  browser,
  page: adminTab,
}) => {
  // A member of its own, not the shared admin: other tests' admin pages stay open with their
  // live streams, and at the admin's tenth the stream is refused (429), after which the page
  // rightly asks who is signed in: a request this test counts.
  await signInAsAdmin(adminTab);
  const member = await createActiveMember(browser, adminTab.request, 'Harbour');
  const page = member.page;
  const upload = await page.request.post('/api/uploads/tip-photos', {
    headers: CSRF,
    multipart: photoForm([await png('cover.png', '#1d3557'), await png('second.png', '#a8dadc')]),
  });
  expect(upload.status()).toBe(201);
  const { urls } = (await upload.json()) as { urls: string[] };
  const created = await page.request.post('/api/tips', {
    headers: CSRF,
    data: {
      title: `Harbour light ${Date.now().toString(36)}`,
      country: 'Portugal',
      city: 'Porto',
      description: 'Walk down at dusk.',
      photoUrls: urls,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  // The server draws the page: its HTML holds the tip itself, readable before (and without) any
  // JavaScript, with the responses it was drawn from, a preload of its cover, and the route's
  // own chunk among the scripts it starts once the cover is painted (ADR 022). The page uses
  // those downloads instead of second ones: no request for the tip or the member, one for the
  // chunk, one for the cover's copy.
  const html = await (await page.request.get(`/view-tip/${id}`)).text();
  expect(html).toMatch(/<div id="root">.*Walk down at dusk\./s);
  expect(html).toContain('<script type="application/json" id="waymark-first-paint">');
  expect(html).toContain(`<link rel="preload" as="image" href="${urls[0]}"`);
  const routeChunk = /<script data-entry="[^"]+" data-modules="[^"]*?(\/assets\/view-tip-[^" ]+\.js)/.exec(html)?.[1];
  expect(routeChunk, 'the view-tip chunk starts with the page').toBeTruthy();

  const withoutScripts = await page
    .context()
    .browser()!
    .newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const staticPage = await withoutScripts.newPage();
  await staticPage.goto(`/view-tip/${id}`);
  await expect(staticPage.getByRole('heading', { name: /Harbour light/ })).toBeVisible();
  await expect(staticPage.getByText('Walk down at dusk.')).toBeVisible();
  await withoutScripts.close();

  // The browser takes the drawn page over (hydration) without drawing it anew: the cover the
  // parser made is still the one on screen, nothing is reported, and the page responds.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { drawnCover: Element | null }).drawnCover = document.querySelector(
        '#root img[fetchpriority="high"]',
      );
    });
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const coverCopy = urls[0]!.replace(/\.webp$/, '.mid.webp');
  const tipRequests = await requestsTo(page, [`/api/tips/${id}`, '/api/auth/me', routeChunk!, coverCopy], async () => {
    await page.goto(`/view-tip/${id}`);
    await expect(page.getByText('Walk down at dusk.')).toBeVisible();
    await expect
      .poll(() =>
        page
          .locator('img[fetchpriority="high"]')
          .first()
          .evaluate((img: HTMLImageElement) => img.complete),
      )
      .toBe(true);
    await expect(async () => {
      await page.getByRole('button', { name: 'Open photo 1 of 2' }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible({ timeout: 500 });
    }).toPass();
  });
  expect(tipRequests).toEqual([0, 0, 1, 1]);
  expect(await page.evaluate(() => (window as unknown as { drawnCover: Element | null }).drawnCover?.isConnected)).toBe(true);
  expect(errors).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The cover is eager and picks the 1024 px copy for a 1024 px column; the grid shows thumbnails, lazily.
  const cover = page.getByRole('button', { name: 'Open photo 1 of 2' }).first().locator('img');
  await expect(cover).toHaveAttribute('loading', 'eager');
  await expect(cover).toHaveAttribute('fetchpriority', 'high');
  await expect(cover).toHaveAttribute('srcset', new RegExp(`${urls[0]!.replace('.webp', '\\.thumb\\.webp')} 480w`));
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.mid\.webp$/);
  const thumbs = page.getByRole('list', { name: 'Photos' }).locator('img');
  await expect(thumbs).toHaveCount(2);
  await expect(thumbs.first()).toHaveAttribute('loading', 'lazy');
  await expect(thumbs.first()).toHaveAttribute('src', /\.thumb\.webp$/);

  // Explore's first page comes in the HTML too, drawn on the server (ADR 023), with a preload of
  // its first card's thumbnail. Another test may have added a newer item meanwhile, so the first
  // card is read from the page's own HTML (its photo is this tip's unless that newer item came in
  // between).
  const requested: string[] = [];
  const record = (req: { url(): string }) => requested.push(new URL(req.url()).pathname + new URL(req.url()).search);
  page.on('request', record);
  const exploreHtml = await (await page.goto('/explore'))!.text();
  const inlined = JSON.parse(/<script type="application\/json" id="waymark-first-paint">(.*?)<\/script>/.exec(exploreHtml)![1]!);
  const first: { kind: string; id: string; photoUrl: string | null } = inlined['/api/explore?limit=12'].items[0];
  expect(exploreHtml).toMatch(
    new RegExp(`<div id="root">.*<div role="list" aria-label="Content".*href="/view-${first.kind}/${first.id}"`, 's'),
  );
  await waitForHydration(page);
  // Taken over without a mismatch, the grid is then the windowed one (its rows placed by height).
  await expect(page.getByRole('list', { name: 'Content' })).toHaveAttribute('style', /height/);
  await expect(page.getByRole('link', { name: /Harbour light/ }).first()).toBeVisible();
  const preloaded = /<link rel="preload" as="image" href="([^"]+)"/.exec(exploreHtml)?.[1];
  if (first.photoUrl) {
    const thumbnail = first.photoUrl.replace(/\.webp$/, '.thumb.webp');
    expect(preloaded).toBe(thumbnail);
    await expect
      .poll(() =>
        page
          .locator(`img[src="${thumbnail}"]`)
          .first()
          .evaluate((img: HTMLImageElement) => img.complete),
      )
      .toBe(true);
    expect(requested.filter((url) => url === thumbnail)).toHaveLength(1);
  } else {
    expect(preloaded, 'no photo to preload').toBeUndefined();
  }
  page.off('request', record);
  expect(errors).toEqual([]);
  expect(requested.filter((url) => url === '/api/explore?limit=12')).toEqual([]);
  await member.context.close();
});
