/**
 * Security headers on every response (ASVS 5.0 V3.4): every registered route called as a
 * stranger and as a member, plus unknown paths, refusals and errors. HSTS only under https.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { type TestApp, createTestApp } from '@server-test/test-app';

const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';

function expectSecurityHeaders(res: LightMyRequestResponse, where: string) {
  const csp = String(res.headers['content-security-policy'] ?? '');
  const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
  expect(scriptSrc, where).toContain("'self'");
  expect(scriptSrc, where).not.toContain('unsafe-inline');
  expect(csp, where).toMatch(/default-src 'self'/);
  expect(csp, where).toMatch(/frame-ancestors 'none'/);
  expect(csp, where).toMatch(/object-src 'none'/);
  expect(res.headers['x-content-type-options'], where).toBe('nosniff');
  expect(res.headers['x-frame-options'], where).toBe('DENY');
  expect(res.headers['referrer-policy'], where).toBe('no-referrer');
  expect(res.headers['cross-origin-opener-policy'], where).toBe('same-origin');
}

/** Every route's URL with its path parameters filled in. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, PLACEHOLDER_ID);

describe('over http', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('every route answers with the headers, for strangers and members alike', async () => {
    const member = await t.createMember('user');
    const routes = t.app.apiRoutes.filter((r) => r.url !== '/api/events');
    expect(routes.length).toBeGreaterThan(60);
    for (const route of routes) {
      for (const cookie of [undefined, member.cookie]) {
        const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
        // DELETE /api/account with a valid session would end the member used for the next routes.
        if (cookie && route.url === '/api/account') continue;
        const res = await t.call(method, concrete(route.url), { cookie, body: method === 'GET' ? undefined : {} });
        expect(res.statusCode, `${route.method} ${route.url}`).toBeLessThan(500);
        expectSecurityHeaders(res, `${route.method} ${route.url} (${res.statusCode})`);
        expect(res.headers['strict-transport-security']).toBeUndefined();
      }
    }
  });

  it('so do unknown paths, cross-site refusals and the event stream refusal', async () => {
    const responses = [
      await t.call('GET', '/api/no-such-route'),
      await t.app.inject({ method: 'POST', url: '/api/tips', headers: { origin: 'https://evil.example' } }),
      await t.call('GET', '/api/events'),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([404, 403, 401]);
    responses.forEach((res, i) => expectSecurityHeaders(res, `extra ${i}`));
  });
});

describe('over https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://waymark.example.org' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('adds HSTS for a year, subdomains included', async () => {
    for (const url of ['/api/health', '/api/tips', '/api/no-such-route']) {
      const res = await t.call('GET', url);
      expectSecurityHeaders(res, url);
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });
});
