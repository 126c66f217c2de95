/**
 * Issue 19 item 8 (ADR 032): the answers the route matrix does not make (it calls every route
 * with a valid request as each caller, and checks their headers too) are kept out of every cache
 * as well: an unknown /api path, a body that is no JSON or too large, a cross-site request, a
 * rate-limited one, a validation refusal, a HEAD request, and a photo's refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '@server-test/test-app';

let t: TestApp;
let member: Awaited<ReturnType<TestApp['createMember']>>;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { invitationRequest: 1 } });
  member = await t.createMember('user', 'Casey Cache');
});
afterAll(() => t?.close());

const expectNotKept = (res: { statusCode: number; headers: Record<string, unknown> }, status: number) => {
  expect(res.statusCode).toBe(status);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(String(res.headers.vary)).toMatch(/\bcookie\b/i);
};

describe('answers outside the route matrix', () => {
  it('an unknown /api path (404), signed in or not', async () => {
    expectNotKept(await t.call('GET', '/api/no/such/route'), 404);
    expectNotKept(await t.call('GET', '/api/no/such/route', { cookie: member.cookie }), 404);
    expectNotKept(await t.call('DELETE', '/api', { cookie: member.cookie }), 404);
  });

  it('a body that is no JSON (400), too large (413), or refused by a schema (400)', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/tips',
      headers: { cookie: member.cookie, 'x-waymark-csrf': '1', 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expectNotKept(broken, 400);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/tips',
      headers: { cookie: member.cookie, 'x-waymark-csrf': '1', 'content-type': 'application/json' },
      payload: JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expectNotKept(huge, 413);
    const twoLines = { title: 'Two\nlines', country: 'Portugal', city: 'Lisbon', description: 'x' };
    expectNotKept(await t.call('POST', '/api/tips', { cookie: member.cookie, body: twoLines }), 400);
  });

  it('a cross-site request (403) and a rate-limited one (429)', async () => {
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: { cookie: member.cookie },
    });
    expectNotKept(crossSite, 403);
    const body = {
      fullName: 'Rita Rate',
      email: `rate-${Date.now()}@example.com`,
      country: 'Norway',
      howDidYouKnow: 'web_search',
      aboutYourself: 'I collect fjord walks and want to share the quiet ones with other travelers.',
    };
    expect((await t.call('POST', '/api/invitations', { body })).statusCode).toBe(201);
    expectNotKept(await t.call('POST', '/api/invitations', { body: { ...body, email: `b-${body.email}` } }), 429);
  });

  it('HEAD of a member answer, and the refusals of a photo', async () => {
    expectNotKept(
      await t.app.inject({ method: 'HEAD', url: '/api/notifications/counts', headers: { cookie: member.cookie } }),
      200,
    );
    const photo = `/api/media/tip-photos/${member.id}/nothing.webp`;
    expectNotKept(await t.call('GET', photo), 401);
    expectNotKept(await t.call('GET', photo, { cookie: member.cookie }), 404);
  });
});
