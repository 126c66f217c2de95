import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from './error-handler';
import { cookieValue } from '../modules/auth/auth.service';
import { webClientPlugin } from './web-client';

let root: string;
const app = Fastify({ logger: false });

/** A build's manifest: the entry, the member shell, two routes and the chunks they share. */
const manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_vendor-1.js'] },
  '_vendor-1.js': { file: 'assets/vendor-1.js' },
  '_select-1.js': { file: 'assets/select-1.js', imports: ['_vendor-1.js'] },
  'src/app/routes/app-root.tsx': { file: 'assets/app-root-1.js', imports: ['index.html', '_vendor-1.js'] },
  'src/app/routes/explore.tsx': { file: 'assets/explore-1.js', imports: ['index.html', '_select-1.js'] },
  'src/app/routes/view-tip.tsx': { file: 'assets/view-tip-1.js', imports: ['index.html', '_vendor-1.js'] },
};

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'waymark-web-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><head><title>Waymark</title></head>');
  writeFileSync(path.join(root, 'assets/app-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(root, 'assets/big-123abc.js'), 'x'.repeat(5000));
  writeFileSync(path.join(root, 'assets/big-123abc.js.br'), brotliCompressSync('x'.repeat(5000)));
  mkdirSync(path.join(root, '.vite'));
  writeFileSync(path.join(root, '.vite/manifest.json'), JSON.stringify(manifest));
  await app.register(errorHandlerPlugin);
  await app.register(webClientPlugin, { root, hasSession: (cookie) => cookieValue(cookie, 'waymark.session_token') !== undefined });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

describe('web client serving', () => {
  it.each(['/', '/dashboard', '/view-tip/123', '/no/such/page'])('answers %s with index.html, not cached', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>Waymark</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets cached for a year', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed file of the build to a browser that accepts it, the plain one otherwise', async () => {
    const br = await app.inject({ method: 'GET', url: '/assets/big-123abc.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('x'.repeat(5000));
    const plain = await app.inject({ method: 'GET', url: '/assets/big-123abc.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('x'.repeat(5000));
  });

  it('serves a file built after start without a restart', async () => {
    writeFileSync(path.join(root, 'assets/later-def456.js'), 'console.log(2)');
    const res = await app.inject({ method: 'GET', url: '/assets/later-def456.js' });
    expect(res.statusCode).toBe(200);
  });

  it('names the API requests a page needs first as preloads in its HTML, for a signed-in browser', async () => {
    const tipId = '0b6f3a6e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
    const cookie = 'waymark.session_token=abc';
    const page = (url: string, headers: Record<string, string> = { cookie }) => app.inject({ method: 'GET', url, headers });
    const preloadsOf = (html: string) => [...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin="anonymous" \/>/g)].map((m) => m[1]);

    const explore = await page('/explore');
    expect(explore.statusCode).toBe(200);
    expect(explore.headers['content-type']).toContain('text/html');
    expect(explore.headers['cache-control']).toBe('no-cache');
    expect(explore.body).toMatch(/<title>Waymark<\/title><link rel="preload"[^>]+>(<link rel="modulepreload"[^>]+>)+<\/head>/);
    expect(preloadsOf(explore.body)).toEqual(['/api/explore?limit=12']);
    expect(preloadsOf((await page(`/view-tip/${tipId}`)).body)).toEqual([`/api/tips/${tipId}`]);
    expect(preloadsOf((await page(`/view-guide/${tipId}`)).body)).toEqual([`/api/guides/${tipId}`]);
    // A filtered list, an id that is no id, other pages and a signed-out browser get none.
    for (const url of ['/explore?q=x', '/view-tip/123', '/view-tip/%22%3E%3Cscript%3E', '/dashboard', '/']) {
      expect(preloadsOf((await page(url)).body), url).toEqual([]);
    }
    expect(preloadsOf((await page('/explore', {})).body)).toEqual([]);
  });

  it("names a member page's route chunks that the entry does not load as modulepreloads, for a signed-in browser", async () => {
    const cookie = 'waymark.session_token=abc';
    const modulesOf = async (url: string, headers: Record<string, string> = { cookie }) => {
      const html = (await app.inject({ method: 'GET', url, headers })).body;
      return [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" \/>/g)].map((m) => m[1]);
    };
    expect(await modulesOf('/explore')).toEqual(['/assets/app-root-1.js', '/assets/explore-1.js', '/assets/select-1.js']);
    expect(await modulesOf('/explore?q=lisbon')).toEqual(['/assets/app-root-1.js', '/assets/explore-1.js', '/assets/select-1.js']);
    expect(await modulesOf('/view-tip/123')).toEqual(['/assets/app-root-1.js', '/assets/view-tip-1.js']);
    // A page outside the member area, an unknown one, and a signed-out browser get none.
    for (const url of ['/', '/signup', '/no/such/page', '/explore/a/b']) expect(await modulesOf(url), url).toEqual([]);
    expect(await modulesOf('/explore', {})).toEqual([]);
  });

  it('answers unknown API paths with a JSON 404, never the page', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('answers a POST to a page path with a JSON 404', async () => {
    const res = await app.inject({ method: 'POST', url: '/dashboard' });
    expect(res.statusCode).toBe(404);
  });
});
