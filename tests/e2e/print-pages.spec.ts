/**
 * Issue 36 item 8: a printed guide has no blank page, on A4 or Letter, whatever its size. Chromium
 * prints /print-guide/:id to PDF (as the browser's Print does: print media), Mozilla's reader
 * reads each page's text back, and a page without any text is a blank sheet of paper.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { CSRF, E2E_ADMIN, createActiveMember, waitForHydration } from './fixtures';
import { pdfPages } from './pdf-pages';

type Item = { dayNumber: number; customTitle: string; customDescription?: string; customPlaceName?: string };

const LONG_TEXT =
  'Start early before the crowds, walk the old walls, then take the small lane down to the river ' +
  'where the fishermen sell their catch; the café on the corner opens at seven and the bus back ' +
  'leaves every twenty minutes from the square.';

async function uploadPhotos(api: APIRequestContext, colors: string[]) {
  const urls: string[] = [];
  for (const color of colors) {
    const buffer = await sharp({ create: { width: 800, height: 500, channels: 3, background: color } })
      .png()
      .toBuffer();
    const res = await api.post('/api/uploads/guide-photos', {
      headers: CSRF,
      multipart: { photos: { name: 'p.png', mimeType: 'image/png', buffer } },
    });
    expect(res.status(), await res.text()).toBe(201);
    urls.push(...((await res.json()) as { urls: string[] }).urls);
  }
  return urls;
}

const manyDays = (days: number, perDay: number): Item[] =>
  Array.from({ length: days * perDay }, (_, i) => ({
    dayNumber: Math.floor(i / perDay) + 1,
    customTitle: `Stop ${i + 1}`,
    customPlaceName: 'Old town',
    customDescription: LONG_TEXT,
  }));

test('a printed guide has no blank page on A4 or Letter, short, long or with photos', async ({ browser }) => {
  test.setTimeout(240_000);
  const adminContext = await browser.newContext();
  expect((await adminContext.request.post('/api/auth/sign-in', { headers: CSRF, data: E2E_ADMIN })).status()).toBe(200);
  const member = await createActiveMember(browser, adminContext.request, 'Printer');
  const api = member.context.request;
  const photos = await uploadPhotos(api, ['#1d3557', '#e76f51', '#2a9d8f', '#264653', '#f4a261']);

  const guides: { name: string; daysCount: number; photoUrls: string[]; items: Item[]; description?: string }[] = [
    { name: 'one short day', daysCount: 1, photoUrls: [], items: [{ dayNumber: 1, customTitle: 'Coffee' }] },
    { name: 'one empty day', daysCount: 1, photoUrls: [], items: [] },
    { name: 'one day with a cover', daysCount: 1, photoUrls: photos.slice(0, 1), items: [{ dayNumber: 1, customTitle: 'Tea' }] },
    { name: 'photos and two days', daysCount: 2, photoUrls: photos, items: manyDays(2, 2), description: LONG_TEXT },
    { name: 'fourteen full days', daysCount: 14, photoUrls: photos.slice(0, 2), items: manyDays(14, 3) },
  ];

  const { page } = member;
  for (const g of guides) {
    const res = await api.post('/api/guides', {
      headers: CSRF,
      data: { title: `Print ${g.name}`, location: 'Lisbon', countries: ['Portugal'], ...g },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { id } = (await res.json()) as { id: string };
    await page.goto(`/print-guide/${id}`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: `Print ${g.name}` })).toBeVisible();
    await expect(page.getByTestId('print-item')).toHaveCount(g.items.length);
    await expect
      .poll(() => page.locator('img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete)))
      .toBe(true);

    for (const format of ['A4', 'Letter'] as const) {
      const pages = await pdfPages(await page.pdf({ format }));
      const blank = pages.flatMap((text, index) => (text.trim() === '' ? [index + 1] : []));
      expect(blank, `${g.name} on ${format}: blank page(s) ${blank.join(', ')} of ${pages.length}`).toEqual([]);
      if (g.items.length <= 1 && g.photoUrls.length <= 1) expect(pages.length, `${g.name} on ${format}`).toBe(1);
      expect(pages.join('\n')).toContain(`Print ${g.name}`);
    }
  }
});
