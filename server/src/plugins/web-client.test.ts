import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from './error-handler';
import { webClientPlugin } from './web-client';

let root: string;
const app = Fastify({ logger: false });

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'waymark-web-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Waymark</title>');
  writeFileSync(path.join(root, 'assets/app-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(root, 'assets/big-123abc.js'), 'x'.repeat(5000));
  writeFileSync(path.join(root, 'assets/big-123abc.js.br'), brotliCompressSync('x'.repeat(5000)));
  await app.register(errorHandlerPlugin);
  await app.register(webClientPlugin, { root });
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
