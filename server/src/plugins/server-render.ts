/**
 * Draws a member page's markup on the server with the client's own components (web/src/
 * entry-server.tsx, built into dist/ssr by scripts/client-build.ts), from the API responses its
 * HTML carries. Without a build (tests with stand-in files, `npm run dev`) pages stay empty and
 * the browser draws them, as it does when drawing fails here. ADR 022.
 */
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';

type RenderPage = (url: string, responses: Record<string, unknown>) => Promise<string | undefined>;

/** `url` drawn from `responses`, or undefined (no build, a redirect, or an error, logged). */
export function serverRenderer(entryPath: string, log: FastifyBaseLogger): RenderPage {
  let loaded: { mtimeMs: number; renderPage: RenderPage } | undefined;
  return async (url, responses) => {
    try {
      if (!existsSync(entryPath)) return undefined;
      const { mtimeMs } = await stat(entryPath);
      // A rebuild while the server runs (a new mtime) is imported anew, as index.html is reread.
      if (loaded?.mtimeMs !== mtimeMs) {
        const module = (await import(`${pathToFileURL(entryPath).href}?v=${mtimeMs}`)) as { renderPage: RenderPage };
        loaded = { mtimeMs, renderPage: module.renderPage };
      }
      return await loaded.renderPage(url, responses);
    } catch (error) {
      log.warn({ err: error, url }, 'server rendering failed: the browser draws the page');
      return undefined;
    }
  };
}

/** Marks the end of the drawn markup; the head's render-blocking `expect` link names it. */
export const DRAWN_END_ID = 'drawn-end';

/**
 * The HTML with `markup` inside its empty `#root`, first painted only once all of it is parsed.
 * A drawn page's HTML (~67 KB with its inlined stylesheet) can reach the browser in two reads;
 * a paint between them showed half the sign-in card, which then grew and, centred on the
 * screen, moved up (CLS 0.10 in 2 of 20 loads on a phone-speed CPU). `<link rel="expect"
 * blocking="render">` holds the first paint until the element it names is parsed; browsers
 * without it paint as before.
 */
export function withRootMarkup(html: string, markup: string): string {
  return html
    .replace('</head>', () => `<link rel="expect" href="#${DRAWN_END_ID}" blocking="render" /></head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div><template id="${DRAWN_END_ID}"></template>`);
}

const STYLESHEET = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/;

/**
 * The HTML with its stylesheet inlined, for a drawn page: its markup then shows as soon as the
 * HTML is in, not a request later (the app's one stylesheet is ~9 KB compressed). `read` gets
 * the file's text by its URL; a file it cannot read leaves the link.
 */
export async function withInlineStylesheet(html: string, read: (href: string) => Promise<string | undefined>): Promise<string> {
  const link = STYLESHEET.exec(html);
  const css = link?.[1] ? await read(link[1]) : undefined;
  if (!link || css === undefined) return html;
  return html.replace(link[0], () => `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`);
}
