/**
 * The client's render bundle (web/src/entry-server.tsx, built into dist/ssr by
 * scripts/client-build.ts), which knows every page's first paint: the server asks it for a
 * page's plan, its photo and its markup (issue 20, ADR 039). Without a build (tests with
 * stand-in files, `npm run dev`) or when it fails (logged), pages are left to the browser.
 */
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { Answers, FirstPaintPlan, RenderBundle, Viewer } from '@common/first-paint';
import type { ImagePreload } from '@common/media-url';

export interface LoadedBundle {
  /** Changes with each build: what is drawn once per build is drawn anew. */
  version: number;
  plan(url: string, viewer: Viewer): FirstPaintPlan | undefined;
  heroImage(url: string, answers: Answers): ImagePreload | undefined;
  renderPage(url: string, answers: Answers): Promise<string | undefined>;
}

/** The bundle as built now (a rebuild while the server runs is imported anew), or undefined without one. */
export function renderBundle(entryPath: string | undefined, log: FastifyBaseLogger): () => Promise<LoadedBundle | undefined> {
  let loaded: { mtimeMs: number; bundle: RenderBundle } | undefined;
  const guarded =
    <A extends unknown[], R>(what: string, call: (...args: A) => R) =>
    (...args: A): R | undefined => {
      try {
        return call(...args);
      } catch (error) {
        log.warn({ err: error, url: args[0] }, `render bundle: ${what} failed, the browser draws the page`);
        return undefined;
      }
    };
  return async () => {
    if (!entryPath || !existsSync(entryPath)) return undefined;
    try {
      const { mtimeMs } = await stat(entryPath);
      if (loaded?.mtimeMs !== mtimeMs) {
        const bundle = (await import(`${pathToFileURL(entryPath).href}?v=${mtimeMs}`)) as RenderBundle;
        loaded = { mtimeMs, bundle };
      }
    } catch (error) {
      log.warn({ err: error }, 'render bundle: cannot load it, the browser draws the pages');
      return undefined;
    }
    const { bundle, mtimeMs } = loaded;
    return {
      version: mtimeMs,
      plan: guarded('planning', (url: string, viewer: Viewer) => bundle.planFirstPaint(url, viewer)),
      heroImage: guarded('the photo', (url: string, answers: Answers) => bundle.heroImage(url, answers)),
      renderPage: async (url, answers) => {
        try {
          return await bundle.renderPage(url, answers);
        } catch (error) {
          log.warn({ err: error, url }, 'server rendering failed: the browser draws the page');
          return undefined;
        }
      },
    };
  };
}
