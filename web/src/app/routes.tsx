import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { prefetchTipDetail } from '@/features/tips/api/get-tip';
import { LandingRoute } from './routes/landing';
import { RouteError } from './routes/route-error';

/**
 * Only the sign-in page is in the entry bundle (it is the first paint for every visitor, so it
 * must not wait for a second request). Everything else, the member shell included, loads on first
 * visit as its own chunk: a visitor downloads only what the sign-in page shows. The budget is
 * checked by tests/e2e/bundle-budget.spec.ts.
 */
function lazyRoute<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return async () => ({ Component: (await load())[name] });
}

/**
 * Starts a screen's main request together with its chunk instead of after it (one round trip
 * less before the tip's photo can load). Not awaited: the screen shows its own loading state.
 */
const prefetchTip =
  (queryClient: QueryClient) =>
  ({ params }: LoaderFunctionArgs) => {
    if (params.id) prefetchTipDetail(queryClient, params.id);
    return null;
  };

/**
 * The app's routes, given the query cache their loaders fill: the browser's one cache, or on the
 * server a cache per request (entry-server.tsx). Routes with a loader carry an id, which the
 * browser names when it takes over a server-rendered page (router.tsx).
 */
export const createRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    // Whatever fails below (a chunk that cannot load, a render error, a loader) shows a screen
    // that says what happened, never React Router's developer page (issue 19).
    errorElement: <RouteError isFullPage />,
    children: [
      { path: '/', element: <LandingRoute /> },
      { path: '/signup', lazy: lazyRoute(() => import('./routes/signup'), 'SignUpRoute') },
      { path: '/request-invitation', lazy: lazyRoute(() => import('./routes/request-invitation'), 'RequestInvitationRoute') },
      { path: '/confirm-email', lazy: lazyRoute(() => import('./routes/confirm-email'), 'ConfirmEmailRoute') },
      {
        lazy: lazyRoute(() => import('./routes/app-root'), 'AppRoot'),
        children: [{ errorElement: <RouteError />, children: memberRoutes(queryClient) }],
      },
      { path: '*', lazy: lazyRoute(() => import('./routes/not-found'), 'NotFoundRoute') },
    ],
  },
];

/** The member screens, inside the shell; their errors show inside it, so the sidebar stays. */
const memberRoutes = (queryClient: QueryClient): RouteObject[] => [
  { path: 'dashboard', lazy: lazyRoute(() => import('./routes/dashboard'), 'DashboardRoute') },
  { path: 'admin', lazy: lazyRoute(() => import('./routes/admin'), 'AdminRoute') },
  { path: 'new-tip', lazy: lazyRoute(() => import('./routes/new-tip'), 'NewTipRoute') },
  {
    id: 'view-tip',
    path: 'view-tip/:id',
    loader: prefetchTip(queryClient),
    lazy: lazyRoute(() => import('./routes/view-tip'), 'ViewTipRoute'),
  },
  { path: 'edit-tip/:id', lazy: lazyRoute(() => import('./routes/edit-tip'), 'EditTipRoute') },
  { path: 'tips', lazy: lazyRoute(() => import('./routes/tips'), 'TipsRoute') },
  { path: 'explore', lazy: lazyRoute(() => import('./routes/explore'), 'ExploreRoute') },
  { path: 'saved', lazy: lazyRoute(() => import('./routes/saved'), 'SavedRoute') },
  { path: 'new-guide', lazy: lazyRoute(() => import('./routes/new-guide'), 'NewGuideRoute') },
  { path: 'view-guide/:id', lazy: lazyRoute(() => import('./routes/view-guide'), 'ViewGuideRoute') },
  { path: 'edit-guide/:id', lazy: lazyRoute(() => import('./routes/edit-guide'), 'EditGuideRoute') },
  { path: 'profile', lazy: lazyRoute(() => import('./routes/profile'), 'ProfileRoute') },
  { path: 'user-connections', lazy: lazyRoute(() => import('./routes/user-connections'), 'UserConnectionsRoute') },
  { path: 'notifications', lazy: lazyRoute(() => import('./routes/notifications'), 'NotificationsRoute') },
  { path: 'connections', lazy: lazyRoute(() => import('./routes/connections'), 'ConnectionsRoute') },
  { path: 'design-options', lazy: lazyRoute(() => import('./routes/design-options'), 'DesignOptionsRoute') },
];
