/**
 * Bundle budget (issue 7), on the build the server actually serves: the JavaScript the sign-in
 * page loads stays <= 170 KB gzipped, and every lazily loaded chunk's own file <= 60 KB gzipped.
 * Sizes are gzip at the default level (6, node:zlib gzipSync) of the uncompressed bodies, whatever
 * the server sends on the wire; 1 KB = 1024 bytes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { chunkUrls } from '@server/plugins/chunk-preloads';

const SIGN_IN_BUDGET = 170 * 1024;
const CHUNK_BUDGET = 60 * 1024;
const distDir = path.resolve(import.meta.dirname, '../../dist/web');

type ManifestChunk = { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[] };

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const gzipSize = (body: Buffer) => gzipSync(body).length;

test('the sign-in page loads at most 170 KB of gzipped JavaScript', async ({ page }) => {
  const scripts = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (response.request().resourceType() === 'script' || type.includes('javascript')) {
      scripts.set(new URL(response.url()).pathname, response.body());
    }
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

  const rows = await Promise.all([...scripts].map(async ([url, body]) => ({ url, gzip: gzipSize(await body) })));
  rows.sort((a, b) => b.gzip - a.gzip);
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  console.log(
    [
      'Sign-in page JavaScript (gzip -6):',
      ...rows.map((r) => `${kb(r.gzip).padStart(8)} KB  ${r.url}`),
      `${kb(total).padStart(8)} KB  total (budget ${kb(SIGN_IN_BUDGET)} KB)`,
    ].join('\n'),
  );
  expect(rows.length, 'the sign-in page loaded no JavaScript: is the build served?').toBeGreaterThan(0);
  expect(
    total,
    `the sign-in page loads ${kb(total)} KB of gzipped JavaScript, over the ${kb(SIGN_IN_BUDGET)} KB budget`,
  ).toBeLessThanOrEqual(SIGN_IN_BUDGET);
});

test('every lazily loaded chunk is at most 60 KB gzipped', () => {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const sizeOf = (file: string) => gzipSize(readFileSync(path.join(distDir, file)));

  // A route's shared imports beyond what the entry already brought are what visiting it costs
  // (the same chunks the server names as modulepreloads).
  const rows = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry)
    .map(([key, chunk]) => {
      const extra = chunkUrls(manifest, [key])
        .map((url) => url.slice(1))
        .filter((file) => file !== chunk.file);
      return {
        name: chunk.src ?? key,
        file: chunk.file,
        own: sizeOf(chunk.file),
        withShared: sizeOf(chunk.file) + extra.reduce((sum, file) => sum + sizeOf(file), 0),
      };
    })
    .sort((a, b) => b.own - a.own);
  console.log(
    [
      'Lazy chunks (gzip -6): own file, and own + shared chunks the entry does not load already',
      ...rows.map((r) => `${kb(r.own).padStart(8)} KB ${kb(r.withShared).padStart(8)} KB  ${r.name} (${r.file})`),
    ].join('\n'),
  );

  expect(rows.length, 'no lazy chunks in dist/web/.vite/manifest.json: are the routes lazy?').toBeGreaterThan(10);
  const over = rows.filter((r) => r.own > CHUNK_BUDGET);
  expect(over.map((r) => `${r.name} (${r.file}) is ${kb(r.own)} KB gzipped, over the ${kb(CHUNK_BUDGET)} KB budget`)).toEqual([]);
});
