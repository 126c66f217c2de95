import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { renderBundle } from './render-bundle';

const dir = mkdtempSync(path.join(os.tmpdir(), 'waymark-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const logger = () => ({ warn: vi.fn() }) as unknown as FastifyBaseLogger & { warn: ReturnType<typeof vi.fn> };
const PLAN = '{ fetches: [], reads: [], known: {}, isDrawn: true, isShared: true, modules: [url] }';

describe('renderBundle', () => {
  it('asks the built bundle, and a rebuilt one once it changes', async () => {
    const entry = path.join(dir, 'entry-a.js');
    writeFileSync(
      entry,
      `export const planFirstPaint = (url) => (${PLAN});
       export const heroImage = (url, answers) => ({ href: answers.photo });
       export async function renderPage(url, answers) { return 'v1 ' + url + ' ' + Object.keys(answers); }`,
    );
    const bundle = renderBundle(entry, logger());
    const first = await bundle();
    expect(first?.plan('/explore', { isMember: true })?.modules).toEqual(['/explore']);
    expect(first?.heroImage('/explore', { photo: '/p.webp' })).toEqual({ href: '/p.webp' });
    expect(await first?.renderPage('/view-tip/t1', { '/api/tips/t1': {} })).toBe('v1 /view-tip/t1 /api/tips/t1');
    writeFileSync(entry, `export async function renderPage(url) { return 'v2 ' + url; }`);
    utimesSync(entry, new Date(), new Date(Date.now() + 5_000));
    const second = await bundle();
    expect(second?.version).not.toBe(first?.version);
    expect(await second?.renderPage('/view-tip/t1', {})).toBe('v2 /view-tip/t1');
  });

  it('leaves pages to the browser without a bundle, or when asking it fails (logged)', async () => {
    const log = logger();
    expect(await renderBundle(undefined, log)()).toBeUndefined();
    expect(await renderBundle(path.join(dir, 'missing.js'), log)()).toBeUndefined();
    const failing = path.join(dir, 'entry-b.js');
    writeFileSync(
      failing,
      `export function planFirstPaint() { throw new Error('no routes'); }
       export function heroImage() { throw new Error('no photo'); }
       export async function renderPage() { throw new Error('window is not defined'); }`,
    );
    const bundle = await renderBundle(failing, log)();
    expect(bundle?.plan('/', { isMember: false })).toBeUndefined();
    expect(bundle?.heroImage('/', {})).toBeUndefined();
    expect(await bundle?.renderPage('/view-tip/t1', {})).toBeUndefined();
    expect(log.warn).toHaveBeenCalledTimes(3);
  });
});
