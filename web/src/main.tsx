import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { queryClient } from './app/query-client';
import { createRoutes } from './app/routes';
import { createAppRouter, createHydratingRouter } from './app/router';
import { firstPaint } from './lib/first-paint';
import { ME_QUERY_KEY, ME_URL } from './lib/api/get-me';
import { registerServiceWorker } from './lib/register-service-worker';
import { noteTypedFields } from './lib/typed-before-hydration';
import { applyTheme, currentThemeChoice, followThemeChoice } from './lib/theme';
import { THEME_ATTRIBUTE } from '@common/theme';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');
followThemeChoice();
// The service worker's offline shell carries no theme (ADR 070): the cookie's choice goes on here.
if (!document.documentElement.hasAttribute(THEME_ATTRIBUTE)) applyTheme(currentThemeChoice());
registerServiceWorker();

// Text typed into the drawn page before the scripts run is given back to its fields once they have taken over.
const replayTyping = root.hasChildNodes() ? noteTypedFields(root) : undefined;
const router = root.hasChildNodes() ? await hydratingRouter(root) : null;
if (router) {
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for its whole ~80 ms (~320 ms on a slow phone): taps and scrolls get through.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App router={router} onTakenOver={replayTyping} />
      </StrictMode>,
      // A mismatch makes React draw the page anew; say so, since it costs the head start (e2e tests fail on it).
      { onRecoverableError: (error) => console.error('Hydration:', error) },
    );
  });
} else {
  createRoot(root).render(
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>,
  );
}

/**
 * The server drew this page (entry-server.tsx) from the responses in its HTML: take it over with
 * the same data, keeping its elements (the photo on screen stays the same image). If the page's
 * chunks cannot be loaded (offline, a deploy removed them) there is nothing to hydrate with: the
 * server's markup goes and the client draws the route's error screen instead (issue 19).
 */
async function hydratingRouter(container: HTMLElement) {
  try {
    await seedDrawnPage();
    return await createHydratingRouter(window.location);
  } catch (error) {
    console.error('Could not load this page to take it over:', error);
    container.replaceChildren();
    return null;
  }
}

/**
 * Puts the drawn page's answers in the cache. A visitor's page (the sign-in page) is drawn from
 * "who is signed in" alone: seeded here, without the table of drawn pages, which brings the
 * member features' reads (issue 38: a visitor loads no member feature). A member's page loads
 * the table, which the server preloads with the page (first-paint-plan.ts FIRST_PAINT_MODULE).
 */
async function seedDrawnPage() {
  const answers = firstPaint.takeAll();
  if (Object.keys(answers).every((url) => url === ME_URL)) {
    if (ME_URL in answers) queryClient.setQueryData(ME_QUERY_KEY, answers[ME_URL]);
    return;
  }
  const { seedFirstPaint } = await import('./app/first-paint-plan');
  const { pathname, search } = window.location;
  seedFirstPaint(queryClient, createRoutes(queryClient), `${pathname}${search}`, answers);
}
