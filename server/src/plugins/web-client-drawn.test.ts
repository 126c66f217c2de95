/** Pages drawn by the server (ADR 022, 023), with stand-ins for the build and the API. */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StandInClient, standInBundle, standInClient } from '@server-test/stand-in-client';
import { cookieValue } from '../modules/auth/auth.service';
import { errorHandlerPlugin } from './error-handler';
import { webClientPlugin } from './web-client';

const TIP = '0b6f3a6e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const BROKEN_TIP = '1b6f3a6e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const MISSING_TIP = '2b6f3a6e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const PHOTO = '/api/media/tip-photos/u1/p1.webp';

let client: StandInClient;
const app = Fastify({ logger: false });
const get = (url: string, session = 'waymark.session_token=abc') =>
  app.inject({ method: 'GET', url, headers: { cookie: session } });

beforeAll(async () => {
  // The drawing stand-in echoes what it was given; for one tip it fails as a real bug would.
  client = standInClient({
    bundle: standInBundle(`
      globalThis.waymarkDraws = (globalThis.waymarkDraws ?? 0) + 1;
      if (url.includes('${BROKEN_TIP}')) throw new Error('window is not defined');
      return '<p>drawn ' + url + ' for ' + (answers['/api/auth/me']?.id ?? 'a visitor') + '</p>';`),
  });
  await app.register(errorHandlerPlugin);
  app.get('/api/auth/me', async (request, reply) =>
    request.headers.cookie?.includes('abc')
      ? { id: 'member-1' }
      : reply.status(401).send({ statusCode: 401, error: 'Unauthorized', message: 'Sign in' }),
  );
  app.get('/api/tips/:id', async (request, reply) =>
    (request.params as { id: string }).id === MISSING_TIP
      ? reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'Tip not found' })
      : { id: (request.params as { id: string }).id, photoUrls: [PHOTO] },
  );
  app.get('/api/explore', () => Promise.resolve({ items: [], nextCursor: null }));
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

const inlined = (html: string) =>
  JSON.parse(/<script type="application\/json" id="waymark-first-paint">(.*?)<\/script>/.exec(html)?.[1] ?? '{}') as Record<
    string,
    unknown
  >;

describe('a tip page drawn by the server', () => {
  it("has the member's theme on <html> in its first paint (ADR 052)", async () => {
    const res = await get(`/view-tip/${TIP}`, 'waymark.session_token=abc; waymark-theme=dark');
    expect(res.body).toContain('<div id="root"><p>drawn');
    expect(res.body).toMatch(/<html data-theme="dark">/);
    expect((await get(`/view-tip/${TIP}`)).body).toMatch(/<html>/);
  });

  it('carries the markup, the responses it was drawn from, its stylesheet, and starts its scripts after its photo', async () => {
    const res = await get(`/view-tip/${TIP}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const html = res.body;
    expect(html).toContain(`<div id="root"><p>drawn /view-tip/${TIP} for member-1</p></div><template id="drawn-end">`);
    expect(html).not.toContain('<!--app-');
    // Its first paint waits for all of the markup (page-html.ts).
    expect(html).toContain('<link rel="expect" href="#drawn-end" blocking="render" /></head>');
    expect(Object.keys(inlined(html))).toEqual(['/api/auth/me', `/api/tips/${TIP}`]);
    // The answer to "who is signed in" is in the page: no second request for it.
    expect(html).not.toContain('href="/api/auth/me"');
    expect(html).toContain('<style>body{margin:0}</style>');
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toMatch(
      /<meta name="viewport" content="width=device-width" \/><link rel="preload" as="image" href="\/api\/media\/tip-photos\/u1\/p1\.webp"/,
    );
    expect(html).not.toContain('<script type="module"');
    expect(html).toMatch(
      /<script data-entry="\/assets\/index-1\.js" data-modules="\/assets\/vendor-1\.js">[^<]+<\/script><\/body>/,
    );
  });

  it.each([
    ['the tip is refused', `/view-tip/${MISSING_TIP}`, 'waymark.session_token=abc'],
    ['the session has ended', `/view-tip/${TIP}`, 'waymark.session_token=expired'],
    ['drawing fails', `/view-tip/${BROKEN_TIP}`, 'waymark.session_token=abc'],
  ])('is left to the browser, as before, when %s', async (_case, url, session) => {
    const html = (await get(url, session)).body;
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(html).toContain('rel="stylesheet"');
    expect(html).not.toContain('blocking="render"');
    // "Who is signed in" comes once: inlined when it was answered, else preloaded.
    const me = inlined(html)['/api/auth/me'];
    expect(html.match(/href="\/api\/auth\/me"/g)?.length ?? 0).toBe(me === undefined ? 1 : 0);
  });

  it('is done for explore as it opens, from its first page, but not for a filtered explore', async () => {
    const html = (await get('/explore')).body;
    expect(html).toContain('<div id="root"><p>drawn /explore for member-1</p></div>');
    expect(Object.keys(inlined(html))).toEqual(['/api/auth/me', '/api/explore?limit=12']);
    const filtered = (await get('/explore?q=porto')).body;
    expect(filtered).toContain('<div id="root"></div>');
    expect(inlined(filtered)).toEqual({});
    expect(filtered).toContain('href="/api/auth/me"');
  });
});

describe('the sign-in page drawn by the server (ADR 024)', () => {
  const draws = () => (globalThis as { waymarkDraws?: number }).waymarkDraws ?? 0;

  it('is drawn once for every visitor without a session, with "signed out" as the answer it was drawn from', async () => {
    const before = draws();
    const res = await get('/', '');
    const again = await get('/', 'theme=dark');
    expect(draws() - before).toBe(1);
    expect(again.body).toBe(res.body);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toContain('cookie');
    const html = res.body;
    expect(html).toContain('<div id="root"><p>drawn / for a visitor</p></div>');
    expect(inlined(html)).toEqual({ '/api/auth/me': null });
    expect(html).not.toContain('href="/api/auth/me"');
    expect(html).toContain('<style>body{margin:0}</style>');
    expect(html).toMatch(
      /<script data-entry="\/assets\/index-1\.js" data-modules="\/assets\/vendor-1\.js">[^<]+<\/script><\/body>/,
    );
  });

  it('carries the theme cookie on <html>, one kept variant per theme (ADR 052)', async () => {
    const before = draws();
    const dark = (await get('/', 'waymark-theme=dark')).body;
    const light = (await get('/', 'a=1; waymark-theme=light')).body;
    const system = (await get('/', 'waymark-theme=purple')).body;
    expect(dark).toMatch(/<html data-theme="dark">/);
    expect(light).toMatch(/<html data-theme="light">/);
    expect(system).toMatch(/<html>/);
    expect((await get('/', 'waymark-theme=dark')).body).toBe(dark);
    // The markup is the same for every theme: only the attribute differs, so at most two more drawings.
    expect(draws() - before).toBeLessThanOrEqual(2);
    expect(dark.replace(' data-theme="dark"', '')).toBe(system);
  });

  it("is not drawn for a member, whom the page sends on, nor for a visitor's other pages", async () => {
    for (const [url, session] of [
      ['/', 'waymark.session_token=abc'],
      ['/?next=%2Fexplore', ''],
      ['/signup', ''],
    ]) {
      const html = (await get(url!, session)).body;
      expect(html, url).toContain('<div id="root"></div>');
      expect(html, url).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    }
  });
});
