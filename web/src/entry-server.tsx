/**
 * Draws a member page on the server (server/src/plugins/server-render.ts) from the API responses
 * its HTML carries, so a phone shows the page, its photo included, before the JavaScript has
 * arrived; main.tsx then hydrates that markup (ADR 022). Built by `vite build --ssr` into
 * dist/ssr/entry-server.js.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { AppProvider } from './app/provider';
import { createRoutes } from './app/routes';
import { seedQueries } from './app/seed-queries';

/**
 * The markup of `#root` for `url` (path and query), or undefined when the page would not draw
 * from these responses alone (a redirect). A cache per call: no member's data outlives it.
 */
export async function renderPage(url: string, responses: Record<string, unknown>): Promise<string | undefined> {
  const queryClient = createQueryClient();
  seedQueries(queryClient, responses);
  const { query, dataRoutes } = createStaticHandler(createRoutes(queryClient));
  const context = await query(new Request(new URL(url, 'http://waymark.invalid')));
  if (context instanceof Response) return undefined;
  const router = createStaticRouter(dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppProvider client={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
}
