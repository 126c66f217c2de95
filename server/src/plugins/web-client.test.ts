import { writeFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from './error-handler';
import { cookieValue } from '../modules/auth/auth.service';
import { type StandInClient, standInBundle, standInClient } from '@server-test/stand-in-client';
import { webClientPlugin } from './web-client';

let client: StandInClient;
const app = Fastify({ logger: false });
const SESSION = 'waymark.session_token=abc';
const AGENT = 'Mozilla/5.0 (test)';
const TIP_ID = '0b6f3a6e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const PHOTO = '/api/media/tip-photos/u1/p1.webp';

/** A build's manifest: the entry, the member shell, two routes and the chunks they share. */
const manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_vendor-1.js'] },
  '_vendor-1.js': { file: 'assets/vendor-1.js' },
  '_select-1.js': { file: 'assets/select-1.js', imports: ['_vendor-1.js'] },
  'src/app/routes/app-root.tsx': { file: 'assets/app-root-1.js', imports: ['index.html', '_vendor-1.js'] },
  'src/app/routes/explore.tsx': { file: 'assets/explore-1.js', imports: ['index.html', '_select-1.js'] },
  'src/app/routes/view-tip.tsx': { file: 'assets/view-tip-1.js', imports: ['index.html', '_vendor-1.js'] },
};

const ME = { id: 'member-1' };

beforeAll(async () => {
  // Nothing is drawn here (web-client-drawn.test.ts draws): the pages are the browser's.
  client = standInClient({ bundle: standInBundle('return undefined;'), manifest });
  const root = client.root;
  writeFileSync(path.join(root, 'assets/app-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(root, 'assets/big-123abc.js'), 'x'.repeat(5000));
  writeFileSync(path.join(root, 'assets/big-123abc.js.br'), brotliCompressSync('x'.repeat(5000)));
  await app.register(errorHandlerPlugin);
  app.get('/api/auth/me', async (request, reply) =>
    request.headers.cookie?.includes(SESSION)
      ? ME
      : reply.status(401).send({ statusCode: 401, error: 'Unauthorized', message: 'Sign in' }),
  );
  // Stand-ins for the API routes a page's first paint asks (the real ones have their own tests).
  app.get('/api/explore', async (request, reply) =>
    request.headers.cookie?.includes(SESSION) && request.headers['user-agent'] === AGENT
      ? { items: [{ id: 'c1', photoUrl: PHOTO, title: '</script><script>alert(1)</script>' }], nextCursor: null }
      : reply.status(401).send({ statusCode: 401, error: 'Unauthorized', message: 'Sign in' }),
  );
  app.get('/api/tips/:id', async (request, reply) =>
    (request.params as { id: string }).id === TIP_ID
      ? { id: TIP_ID, photoUrls: [PHOTO] }
      : reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'Tip not found' }),
  );
  await app.register(webClientPlugin, {
    root: client.root,
    ssrEntry: client.ssrEntry,
    hasSession: (cookie) => cookieValue(cookie, 'waymark.session_token') !== undefined,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  client.remove();
});

describe('web client serving', () => {
  it('varies every page on the cookie: `/` is a different page with a session (issue 19 item 8)', async () => {
    for (const cookie of [undefined, SESSION]) {
      for (const url of ['/', '/dashboard', '/explore']) {
        const res = await app.inject({ method: 'GET', url, headers: cookie ? { cookie, 'user-agent': AGENT } : {} });
        expect(res.statusCode, url).toBe(200);
        expect(String(res.headers.vary), `${url} ${cookie ?? 'no session'}`).toMatch(/\bcookie\b/);
      }
    }
  });

  it.each(['/', '/dashboard', '/view-tip/123', '/no/such/page'])(
    'answers %s with the page template filled, not cached',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>Waymark</title>');
      expect(res.body).not.toContain('<!--app-');
      expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
      // "Who is signed in" comes with the page: its answer ("signed out", known without asking) on
      // the sign-in page, a preload elsewhere.
      expect(res.body).toContain(
        url === '/'
          ? '<script type="application/json" id="waymark-first-paint">{"/api/auth/me":null}</script>'
          : '<link rel="preload" href="/api/auth/me" as="fetch" crossorigin="anonymous" />',
      );
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('never sends the page template itself', async () => {
    const res = await app.inject({ method: 'GET', url: '/index.html' });
    expect(res.body).not.toContain('<!--app-');
  });

  it('serves hashed assets cached for a year', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed file of the build to a browser that accepts it, the plain one otherwise', async () => {
    const br = await app.inject({
      method: 'GET',
      url: '/assets/big-123abc.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
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
    writeFileSync(path.join(client.root, 'assets/later-def456.js'), 'console.log(2)');
    const res = await app.inject({ method: 'GET', url: '/assets/later-def456.js' });
    expect(res.statusCode).toBe(200);
  });

  it("inlines a member page's first API responses with a preload of its largest photo, and preloads what failed", async () => {
    const otherTip = '1c7a4b7f-2d3e-4f60-9bac-1d2e3f4a5b6c';
    const page = (url: string, headers: Record<string, string> = { cookie: SESSION, 'user-agent': AGENT }) =>
      app.inject({ method: 'GET', url, headers });
    const preloadsOf = (html: string) =>
      [...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin="anonymous" \/>/g)].map((m) => m[1]);
    const inlinedOf = (html: string) => {
      const json = /<script type="application\/json" id="waymark-first-paint">(.*?)<\/script>/.exec(html)?.[1];
      return json === undefined ? undefined : (JSON.parse(json) as Record<string, unknown>);
    };

    const explore = await page('/explore');
    expect(explore.statusCode).toBe(200);
    expect(explore.headers['content-type']).toContain('text/html');
    expect(explore.headers['cache-control']).toBe('private, no-store');
    expect(explore.headers.vary).toContain('cookie');
    expect(inlinedOf(explore.body)).toEqual({
      '/api/auth/me': ME,
      '/api/explore?limit=12': {
        items: [{ id: 'c1', photoUrl: PHOTO, title: '</script><script>alert(1)</script>' }],
        nextCursor: null,
      },
    });
    // A value cannot close the script element: every < in the JSON is escaped.
    expect(explore.body).not.toContain('<script>alert(1)');
    // The photo the bundle names from the answers, first in the head (right after the viewport).
    expect(explore.body).toContain(
      `<meta name="viewport" content="width=device-width" /><link rel="preload" as="image" href="${PHOTO}" imagesrcset="${PHOTO} 2048w" imagesizes="100vw" fetchpriority="high" />`,
    );
    expect(preloadsOf(explore.body)).toEqual([]);

    const tip = await page(`/view-tip/${TIP_ID}`);
    expect(inlinedOf(tip.body)).toEqual({ '/api/auth/me': ME, [`/api/tips/${TIP_ID}`]: { id: TIP_ID, photoUrls: [PHOTO] } });
    expect(tip.body).toContain(`<link rel="preload" as="image" href="${PHOTO}"`);

    // A refused request is not inlined, and leaves its preload: the page meets the failure as always.
    const missing = await page(`/view-tip/${otherTip}`);
    expect(inlinedOf(missing.body)).toEqual({ '/api/auth/me': ME });
    expect(preloadsOf(missing.body)).toEqual([`/api/tips/${otherTip}`]);
    expect(missing.body).not.toContain('as="image"');
    expect(preloadsOf((await page(`/view-guide/${TIP_ID}`)).body)).toEqual([`/api/guides/${TIP_ID}`]);
    // The in-process request is the browser's own: without its user agent this stand-in refuses.
    expect(preloadsOf((await page('/explore', { cookie: SESSION })).body)).toEqual(['/api/explore?limit=12']);

    // A filtered list, an id that is no id, other pages and a signed-out browser get nothing but
    // the preload of "who is signed in", which every page asks first.
    for (const url of ['/explore?q=x', '/view-tip/123', '/view-tip/%22%3E%3Cscript%3E', '/dashboard', '/']) {
      const html = (await page(url)).body;
      expect(preloadsOf(html), url).toEqual(['/api/auth/me']);
      expect(inlinedOf(html), url).toBeUndefined();
    }
    const signedOut = await page('/explore', {});
    expect(inlinedOf(signedOut.body)).toBeUndefined();
    expect(signedOut.headers['cache-control']).toBe('no-cache');
  });

  it("compresses a member page's HTML for a browser that accepts it", async () => {
    const headers = { cookie: SESSION, 'user-agent': AGENT };
    const br = await app.inject({ method: 'GET', url: '/explore', headers: { ...headers, 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('waymark-first-paint');
    const gzip = await app.inject({ method: 'GET', url: '/explore', headers: { ...headers, 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('waymark-first-paint');
  });

  it("names a member page's route chunks that the entry does not load as modulepreloads, for a signed-in browser", async () => {
    const cookie = SESSION;
    const modulesOf = async (url: string, headers: Record<string, string> = { cookie }) => {
      const html = (await app.inject({ method: 'GET', url, headers })).body;
      return [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" \/>/g)].map((m) => m[1]);
    };
    // The entry's own chunks (the build's page assets) come first, then the route's.
    const entry = ['/assets/vendor-1.js'];
    expect(await modulesOf('/explore')).toEqual([
      ...entry,
      '/assets/app-root-1.js',
      '/assets/explore-1.js',
      '/assets/select-1.js',
    ]);
    expect(await modulesOf('/explore?q=lisbon')).toEqual([
      ...entry,
      '/assets/app-root-1.js',
      '/assets/explore-1.js',
      '/assets/select-1.js',
    ]);
    expect(await modulesOf('/view-tip/123')).toEqual([...entry, '/assets/app-root-1.js', '/assets/view-tip-1.js']);
    // A page outside the member area, an unknown one, and a signed-out browser get none.
    for (const url of ['/', '/signup', '/no/such/page', '/explore/a/b']) expect(await modulesOf(url), url).toEqual(entry);
    expect(await modulesOf('/explore', {})).toEqual(entry);
  });

  it("answers the service worker's offline shell with the build's scripts and no member data, session or not (ADR 070)", async () => {
    const bodies = [];
    for (const headers of [{}, { cookie: `${SESSION}; waymark-theme=dark`, 'user-agent': AGENT }]) {
      const res = await app.inject({ method: 'GET', url: '/offline-shell', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.headers.vary)).not.toMatch(/cookie/);
      expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
      // Nothing inlined, preloaded or themed: not even who is signed in.
      expect(res.body).not.toContain('waymark-first-paint');
      expect(res.body).not.toContain('/api/');
      expect(res.body).not.toContain(ME.id);
      expect(res.body).not.toContain('data-theme');
      expect(res.body).not.toContain('<!--app-');
      bodies.push(res.body);
    }
    expect(bodies[1]).toBe(bodies[0]);
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
