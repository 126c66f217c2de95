import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { GUIDE_COVER_SIZES, PAGE_PHOTO_SIZES } from '@common/media-url';
import { ME_QUERY_KEY } from '@/lib/api/get-me';
import { SYSTEM_MESSAGES_QUERY_KEY } from '@/lib/api/active-system-messages-read';
import { UNFILTERED, exploreQueryOptions } from '@/features/content/api/get-explore';
import { firstPageParam } from '@/features/content/api/windowed-pages';
import { guideQueryKey } from '@/features/guides/api/get-guide';
import { guideMapQueryKey } from '@/features/guides/api/get-guide-map';
import { tipQueryKey } from '@/features/tips/api/get-tip';
import { createQueryClient } from '@/lib/query-client';
import { DRAWN_PAGES } from './first-paint-pages';
import { FIRST_PAINT_MODULE, heroImage, planFirstPaint, seedFirstPaint } from './first-paint-plan';
import { createRoutes } from './routes';

const routes = createRoutes(createQueryClient());
const member = { isMember: true };
const visitor = { isMember: false };
const TIP = '0b6f3a6e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const PHOTO = '/api/media/guide-photos/u1/p1.webp';
const SRCSET =
  '/api/media/guide-photos/u1/p1.thumb.webp 480w, /api/media/guide-photos/u1/p1.mid.webp 1024w, /api/media/guide-photos/u1/p1.webp 2048w';

describe('the table of drawn pages', () => {
  it('names only paths of the route table', () => {
    for (const path of Object.keys(DRAWN_PAGES)) {
      const leaf = matchRoutes(routes, path.replace(':id', TIP))?.at(-1)?.route.path;
      expect(leaf, path).toBeDefined();
      expect(path.endsWith(leaf!.replace(/^\//, '')), path).toBe(true);
    }
  });
});

describe('planFirstPaint', () => {
  it("plans explore as it opens from the hooks' own URL (PAGE_SIZE items), with the member shell's and the page's modules", () => {
    expect(planFirstPaint(routes, '/explore', member)).toEqual({
      // The banners are drawn with every member page (issue 36); the tabs with their counts.
      fetches: ['/api/auth/me', '/api/system-messages/active', '/api/explore?limit=12', '/api/explore/counts?'],
      reads: ['/api/auth/me', '/api/system-messages/active', '/api/explore?limit=12', '/api/explore/counts?'],
      known: {},
      isDrawn: true,
      isShared: false,
      // The drawn page's table too: the browser takes a member's drawn page over with it (main.tsx).
      modules: ['src/app/first-paint-plan.ts', 'src/app/routes/app-root.tsx', 'src/app/routes/explore.tsx'],
    });
  });

  it('names itself as Vite names it, so the server can preload it', () => {
    expect(existsSync(path.join(import.meta.dirname, '../..', FIRST_PAINT_MODULE))).toBe(true);
  });

  it("plans a tip's and a guide's page by their ids; an id that is no id is not guessed", () => {
    expect(planFirstPaint(routes, `/view-tip/${TIP}`, member).reads).toEqual([
      '/api/auth/me',
      '/api/system-messages/active',
      `/api/tips/${TIP}`,
    ]);
    // The guide's map too: its route section is drawn as it stays (ADR 100).
    expect(planFirstPaint(routes, `/view-guide/${TIP}`, member).reads).toEqual([
      '/api/auth/me',
      '/api/system-messages/active',
      `/api/guides/${TIP}`,
      `/api/guides/${TIP}/map`,
    ]);
    // Not drawn: nothing to take over, so no table to load.
    expect(planFirstPaint(routes, '/view-tip/123', member)).toMatchObject({
      fetches: ['/api/auth/me', '/api/system-messages/active'],
      reads: [],
      isDrawn: false,
      modules: ['src/app/routes/app-root.tsx', 'src/app/routes/view-tip.tsx'],
    });
  });

  it('does not draw a filtered explore, other member pages, nor member pages for a visitor', () => {
    for (const url of ['/explore?q=porto', '/profile', '/dashboard']) {
      const plan = planFirstPaint(routes, url, member);
      expect(plan.isDrawn, url).toBe(false);
      expect(plan.reads, url).toEqual([]);
      // Not drawn, but the banners are asked for with "who": they come with the page, not after it.
      expect(plan.fetches, url).toEqual(['/api/auth/me', '/api/system-messages/active']);
      expect(plan.modules.length, url).toBe(2);
    }
    expect(planFirstPaint(routes, '/explore', visitor)).toEqual({
      fetches: ['/api/auth/me'],
      reads: [],
      known: {},
      isDrawn: false,
      isShared: true,
      modules: [],
    });
  });

  it('draws the sign-in page for every visitor alike from "signed out", but not `/?next=` nor for a member', () => {
    expect(planFirstPaint(routes, '/', visitor)).toEqual({
      fetches: ['/api/auth/me'],
      reads: [],
      known: { '/api/auth/me': null },
      isDrawn: true,
      isShared: true,
      modules: [],
    });
    expect(planFirstPaint(routes, '/?next=%2Fexplore', visitor).isDrawn).toBe(false);
    expect(planFirstPaint(routes, '/', member).isDrawn).toBe(false);
  });
});

describe('heroImage', () => {
  it("is explore's first card's thumbnail, or nothing when that card has no photo", () => {
    const explore = (items: { photoUrl: string | null }[]) =>
      heroImage(routes, '/explore', { '/api/explore?limit=12': { items } });
    expect(explore([{ photoUrl: PHOTO }, { photoUrl: null }])).toEqual({ href: '/api/media/guide-photos/u1/p1.thumb.webp' });
    expect(explore([{ photoUrl: null }, { photoUrl: PHOTO }])).toBeUndefined();
    expect(explore([])).toBeUndefined();
  });

  it("is a tip's or a guide's cover with the srcset and sizes its <img> uses; nothing without its answer", () => {
    expect(heroImage(routes, `/view-tip/${TIP}`, { [`/api/tips/${TIP}`]: { photoUrls: [PHOTO, 'x'] } })).toEqual({
      href: PHOTO,
      srcset: SRCSET,
      sizes: PAGE_PHOTO_SIZES,
    });
    expect(heroImage(routes, `/view-guide/${TIP}`, { [`/api/guides/${TIP}`]: { photoUrls: [PHOTO] } })).toEqual({
      href: PHOTO,
      srcset: SRCSET,
      sizes: GUIDE_COVER_SIZES,
    });
    expect(heroImage(routes, `/view-guide/${TIP}`, { [`/api/guides/${TIP}`]: { photoUrls: [] } })).toBeUndefined();
    expect(heroImage(routes, `/view-tip/${TIP}`, { '/api/auth/me': null })).toBeUndefined();
    expect(heroImage(routes, '/profile', { '/api/auth/me': null })).toBeUndefined();
  });
});

describe('seedFirstPaint', () => {
  it("puts each answer the page reads under its hook's key", () => {
    const client = createQueryClient();
    seedFirstPaint(client, routes, `/view-tip/${TIP}`, {
      '/api/auth/me': { id: 'u1' },
      '/api/system-messages/active': [{ id: 'm1' }],
      [`/api/tips/${TIP}`]: { id: TIP },
      '/api/guides/g1': { id: 'g1' },
    });
    expect(client.getQueryData(ME_QUERY_KEY)).toEqual({ id: 'u1' });
    expect(client.getQueryData(SYSTEM_MESSAGES_QUERY_KEY)).toEqual([{ id: 'm1' }]);
    expect(client.getQueryData(tipQueryKey(TIP))).toEqual({ id: TIP });
    // Not this page's read: left to the API wrapper.
    expect(client.getQueryData(guideQueryKey('g1'))).toBeUndefined();
  });

  it("seeds explore's first page as the first page of its infinite query, and the guide and its map under their keys", () => {
    const client = createQueryClient();
    seedFirstPaint(client, routes, '/explore', { '/api/explore?limit=12': { items: [], nextCursor: 'c1' } });
    expect(client.getQueryData(exploreQueryOptions(UNFILTERED).queryKey)).toEqual({
      pages: [{ items: [], nextCursor: 'c1' }],
      pageParams: [firstPageParam],
    });
    seedFirstPaint(client, routes, `/view-guide/${TIP}`, {
      [`/api/guides/${TIP}`]: { id: TIP },
      [`/api/guides/${TIP}/map`]: { days: [] },
    });
    expect(client.getQueryData(guideQueryKey(TIP))).toEqual({ id: TIP });
    expect(client.getQueryData(guideMapQueryKey(TIP))).toEqual({ days: [] });
  });

  it('seeds "signed out" on the sign-in page', () => {
    const client = createQueryClient();
    seedFirstPaint(client, routes, '/', { '/api/auth/me': null });
    expect(client.getQueryState(ME_QUERY_KEY)?.status).toBe('success');
    expect(client.getQueryData(ME_QUERY_KEY)).toBeNull();
  });
});
