import { type RouteObject, createBrowserRouter, matchRoutes } from 'react-router';
import { queryClient } from './query-client';
import { createRoutes } from './routes';

/** The browser's router for a page the client draws itself (the server sent an empty root). */
export function createAppRouter() {
  return createBrowserRouter(createRoutes(queryClient));
}

/**
 * The browser's router for a page the server drew (entry-server.tsx). Hydration must render
 * exactly the server's markup on its first pass, so the page's lazy route modules are loaded
 * before, and its loaders count as done: the server ran them and their data is in the cache.
 * Without this the router would first render nothing while it loads, and React would discard
 * the server's markup, its photo included.
 */
export async function createHydratingRouter(location: Location) {
  const routes = createRoutes(queryClient);
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(matches.map(({ route }) => resolveLazy(route)));
  const loaderData = Object.fromEntries(matches.flatMap(({ route }) => (route.loader && route.id ? [[route.id, null]] : [])));
  return createBrowserRouter(routes, { hydrationData: { loaderData } });
}

async function resolveLazy(route: RouteObject) {
  if (typeof route.lazy !== 'function') return;
  const resolved = await route.lazy();
  Object.assign(route, resolved);
  delete route.lazy;
}
