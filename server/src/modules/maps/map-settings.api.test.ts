/** The optional tile layer (ADR 064): off by default; when set, the client learns it and the CSP allows its origin only. */
import { afterAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { type TestApp, createTestApp } from '@server-test/test-app';

const imgSrc = (res: LightMyRequestResponse) =>
  String(res.headers['content-security-policy'] ?? '')
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('img-src'));

describe('GET /api/map/settings', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
  });

  it('says no tiles and keeps img-src to our own origin by default', async () => {
    const t = await createTestApp();
    apps.push(t);
    const member = await t.createMember('user');
    const res = await t.call('GET', '/api/map/settings', { cookie: member.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ tiles: null });
    expect(imgSrc(res)).toBe("img-src 'self' data: blob:");
  });

  it('names the configured tiles, and img-src adds their origin and nothing else', async () => {
    const url = 'https://tiles.example.org/osm/{z}/{x}/{y}.png';
    const t = await createTestApp({ env: { MAP_TILES_URL: url, MAP_TILES_ATTRIBUTION: '© OSM' } });
    apps.push(t);
    const member = await t.createMember('user');
    const res = await t.call('GET', '/api/map/settings', { cookie: member.cookie });
    expect(res.json()).toEqual({ tiles: { url, attribution: '© OSM' } });
    expect(imgSrc(res)).toBe("img-src 'self' data: blob: https://tiles.example.org");
    // Every answer carries the same policy, pages included.
    expect(imgSrc(await t.call('GET', '/api/health'))).toBe("img-src 'self' data: blob: https://tiles.example.org");
  });
});
