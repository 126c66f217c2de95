/**
 * Bundle budget (issues 7 and 38), on the build the server actually serves.
 * - On the wire (issue 38): what Chromium received for each script, compressed body and response
 *   headers (CDP `encodedDataLength`). The sign-in page's JavaScript <= 127 KB (issue 38 asked
 *   for 110: React, React DOM and the router alone are 84 KB, see ADR 123), and signing in to the
 *   dashboard adds <= 120 KB. The sign-in page fetches no module of a member feature, nor the
 *   libraries of members' screens or of later steps (checked on every module of every file).
 * - Gzip (issue 7): the sign-in page's JavaScript <= 140 KB and every lazily loaded chunk's own
 *   file <= 60 KB, gzip -6 (node:zlib gzipSync) of the uncompressed bodies.
 * 1 KB = 1024 bytes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Page, expect, test } from '@playwright/test';
import { chunkUrls } from '@server/plugins/chunk-preloads';
import { E2E_ADMIN, createActiveMember } from './fixtures';

const SIGN_IN_BUDGET = 140 * 1024;
const SIGN_IN_WIRE_BUDGET = 127 * 1024;
const DASHBOARD_WIRE_BUDGET = 120 * 1024;
const CHUNK_BUDGET = 60 * 1024;
const distDir = path.resolve(import.meta.dirname, '../../dist/web');

/** The member features a visitor's page must not fetch a module of (issue 38). */
const MEMBER_FEATURES = /^src\/features\/(?!auth\/|invitations\/)[^/]+\//;
/** Libraries of members' screens and of later steps (a form's validation, a toast). */
const LATER_LIBRARIES =
  /^node_modules\/(leaflet|react-leaflet|@dnd-kit|date-fns|qrcode|d3-geo|topojson-client|zod|react-hook-form|sonner)\//;

type ManifestChunk = { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[] };

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const gzipSize = (body: Buffer) => gzipSync(body).length;
const readManifest = () =>
  JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

type WireRow = { url: string; bytes: number; encoding: string };

/**
 * Records the scripts the page receives, with what each cost on the wire (compressed body and
 * headers, as Chromium counted them). `take()` returns those finished since the last take.
 */
async function recordScripts(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = new Map<string, { url: string; encoding: string }>();
  let rows: WireRow[] = [];
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    if (type === 'Script' || response.mimeType.includes('javascript')) {
      const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
      scripts.set(requestId, { url: new URL(response.url).pathname, encoding: headers['content-encoding'] ?? 'none' });
    }
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const script = scripts.get(requestId);
    if (script) rows.push({ ...script, bytes: encodedDataLength });
  });
  return {
    take: () => {
      const taken = rows.sort((a, b) => b.bytes - a.bytes);
      rows = [];
      return taken;
    },
  };
}

function printWire(title: string, rows: WireRow[], budget: number) {
  const manifest = readManifest();
  const srcOf = new Map(Object.values(manifest).map((chunk) => [`/${chunk.file}`, chunk.src ?? '']));
  const total = rows.reduce((sum, row) => sum + row.bytes, 0);
  console.log(
    [
      `${title} (on the wire, headers included):`,
      ...rows.map((r) => `${kb(r.bytes).padStart(8)} KB  ${r.encoding.padEnd(4)}  ${r.url}  ${srcOf.get(r.url) ?? ''}`),
      `${kb(total).padStart(8)} KB  total, ${rows.length} files (budget ${kb(budget)} KB)`,
    ].join('\n'),
  );
  return total;
}

/**
 * The source modules of the files these URLs loaded: each chunk's own `src` in Vite's manifest,
 * and every module bundled into it (`.vite/chunk-sources.json`, vite.config.ts chunkSources).
 */
function sourcesOf(urls: string[]) {
  const manifest = readManifest();
  const bundled = JSON.parse(readFileSync(path.join(distDir, '.vite/chunk-sources.json'), 'utf8')) as Record<string, string[]>;
  const files = new Set(urls.map((url) => url.slice(1)));
  const own = Object.values(manifest).flatMap((chunk) => (files.has(chunk.file) && chunk.src ? [chunk.src] : []));
  // Bundled module ids are relative to the project (web/src/...); the manifest's to web/.
  return [...own, ...[...files].flatMap((file) => (bundled[file] ?? []).map((id) => id.replace(/^web\//, '')))];
}

test('the sign-in page loads at most 127 KB of JavaScript on the wire, and no member feature', async ({ page }) => {
  const recorder = await recordScripts(page);
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  const rows = recorder.take();
  const total = printWire('Sign-in page JavaScript', rows, SIGN_IN_WIRE_BUDGET);

  expect(rows.length, 'the sign-in page loaded no JavaScript: is the build served?').toBeGreaterThan(0);
  // Files under 1 KB go uncompressed (vite.config.ts precompress); every larger one in brotli.
  expect(rows.filter((row) => row.bytes > 2048 && row.encoding !== 'br').map((row) => row.url)).toEqual([]);
  const sources = sourcesOf(rows.map((row) => row.url));
  expect(sources.length, 'no sources for the loaded files: is dist/web/.vite/chunk-sources.json built?').toBeGreaterThan(10);
  expect(
    sources.filter((src) => MEMBER_FEATURES.test(src) || LATER_LIBRARIES.test(src)),
    'member features and later libraries on the sign-in page',
  ).toEqual([]);
  expect(total, `the sign-in page loads ${kb(total)} KB on the wire, over ${kb(SIGN_IN_WIRE_BUDGET)} KB`).toBeLessThanOrEqual(
    SIGN_IN_WIRE_BUDGET,
  );
});

test('signing in to the dashboard adds at most 120 KB of JavaScript on the wire', async ({ browser, page }) => {
  const admin = await browser.newContext();
  await admin.request.post('/api/auth/sign-in', { headers: { 'x-waymark-csrf': '1' }, data: E2E_ADMIN });
  const member = await createActiveMember(browser, admin.request, 'Budget');
  await admin.close();
  await member.context.close();

  const recorder = await recordScripts(page);
  await page.goto('/', { waitUntil: 'networkidle' });
  recorder.take();
  await page.getByLabel('Email').fill(member.person.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#main-content')).toBeVisible();
  const rows = recorder.take();
  const total = printWire('Dashboard after sign-in, JavaScript added', rows, DASHBOARD_WIRE_BUDGET);

  expect(rows.length, 'the dashboard loaded no chunk of its own: are the routes lazy?').toBeGreaterThan(0);
  expect(total, `the dashboard adds ${kb(total)} KB on the wire, over ${kb(DASHBOARD_WIRE_BUDGET)} KB`).toBeLessThanOrEqual(
    DASHBOARD_WIRE_BUDGET,
  );
});

test('the sign-in page loads at most 140 KB of gzipped JavaScript', async ({ page }) => {
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
  const manifest = readManifest();
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
