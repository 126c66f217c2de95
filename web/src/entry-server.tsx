/**
 * The render bundle (issue 20, ADR 039): built by `vite build --ssr` into dist/ssr/entry-server.js
 * and imported by the server (server/src/plugins/render-bundle.ts), which only asks it what a
 * page's first paint needs, answers the reads, and fills the page template with what comes back.
 * A drawn page is drawn with the client's own components, so a phone shows the page, its photo
 * included, before the JavaScript has arrived; main.tsx then hydrates that markup (ADR 022).
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import type { Answers, RenderBundle } from '@common/first-paint';
import { createQueryClient } from '@/lib/query-client';
import * as plans from './app/first-paint-plan';
import { AppProvider } from './app/provider';
import { createRoutes } from './app/routes';

/** The route table to match URLs against (its loaders never run: no request goes through it). */
const ROUTES = createRoutes(createQueryClient());

export const planFirstPaint: RenderBundle['planFirstPaint'] = (url, viewer) => plans.planFirstPaint(ROUTES, url, viewer);

export const heroImage: RenderBundle['heroImage'] = (url, answers) => plans.heroImage(ROUTES, url, answers);

/**
 * The markup of `#root` for `url` (path and query), or undefined when the page would not draw
 * from these answers alone (a redirect). A cache per call: no member's data outlives it.
 */
export async function renderPage(url: string, answers: Answers): Promise<string | undefined> {
  const queryClient = createQueryClient();
  const routes = createRoutes(queryClient);
  plans.seedFirstPaint(queryClient, routes, url, answers);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://waymark.invalid')));
  if (context instanceof Response) return undefined;
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppProvider client={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
}

// The server imports this file as a RenderBundle: this line keeps the exports to that shape.
export const bundle: RenderBundle = { planFirstPaint, heroImage, renderPage };
