import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { RootLayout } from './root-layout';
import { LandingRoute } from './routes/landing';
import { RouteError } from './routes/route-error';

/**
 * Only the sign-in page is in the entry bundle (it is the first paint for every visitor, so it
 * must not wait for a second request). Everything else, the member shell included, loads on first
 * visit as its own chunk: a visitor downloads only what the sign-in page shows. The budget is
 * checked by tests/e2e/bundle-budget.spec.ts.
 *
 * The lazy modules by file, so that a route names its file once: the import and the key of
 * Vite's manifest the server preloads it by (first-paint-plan.ts) come from the same name.
 */
const ROUTE_MODULES = import.meta.glob<Record<string, ComponentType | undefined>>([
  './routes/*.tsx',
  '!./routes/landing.tsx',
  '!./routes/route-error.tsx',
  '!./routes/session-status.tsx',
  '!./routes/waiting.tsx',
]);

interface RouteHandle {
  /** The route's module as Vite's manifest names it (`src/app/routes/view-tip.tsx`). */
  module: string;
}

function lazyRoute(file: `./routes/${string}.tsx`, name: string): Pick<RouteObject, 'lazy' | 'handle'> {
  const load = ROUTE_MODULES[file];
  if (!load) throw new Error(`No route module ${file}`);
  const handle: RouteHandle = { module: `src/app/${file.slice(2)}` };
  return {
    handle,
    lazy: async () => {
      const Component = (await load())[name];
      if (!Component) throw new Error(`${file} has no ${name}`);
      return { Component };
    },
  };
}

/** The manifest key of a route's lazy module (lazyRoute), if it has one. */
export function routeModule(route: RouteObject): string | undefined {
  const handle = route.handle as Partial<RouteHandle> | undefined;
  return handle?.module;
}

/**
 * Starts a screen's main request together with its chunk instead of after it (one round trip
 * less before the tip's photo can load). Not awaited: the screen shows its own loading state.
 * The tips feature's read is imported here, not at the top: this table is in the entry bundle,
 * and a visitor's sign-in page loads no member feature (issue 38).
 */
const prefetchTip =
  (queryClient: QueryClient) =>
  ({ params }: LoaderFunctionArgs) => {
    const { id } = params;
    if (id) void import('@/features/tips/api/get-tip').then(({ prefetchTipDetail }) => prefetchTipDetail(queryClient, id));
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
    // Scroll restoration, where each screen was opened from, and the announcement of a new screen.
    Component: RootLayout,
    children: [
      { path: '/', element: <LandingRoute /> },
      { path: '/signup', ...lazyRoute('./routes/signup.tsx', 'SignUpRoute') },
      { path: '/request-invitation', ...lazyRoute('./routes/request-invitation.tsx', 'RequestInvitationRoute') },
      { path: '/confirm-email', ...lazyRoute('./routes/confirm-email.tsx', 'ConfirmEmailRoute') },
      // The undo link mailed to the address being left (ADR 108): public, signed in or not.
      { path: '/undo-email-change', ...lazyRoute('./routes/undo-email-change.tsx', 'UndoEmailChangeRoute') },
      // Forgotten passwords (ADR 073): public, signed in or not.
      { path: '/forgot-password', ...lazyRoute('./routes/forgot-password.tsx', 'ForgotPasswordRoute') },
      { path: '/reset-password', ...lazyRoute('./routes/reset-password.tsx', 'ResetPasswordRoute') },
      // A guide's public link (ADR 068): outside the member shell, for visitors and members alike.
      { path: '/shared/guides/:token', ...lazyRoute('./routes/shared-guide.tsx', 'SharedGuideRoute') },
      // A notification e-mail's unsubscribe link (ADR 090): public, signed in or not.
      { path: '/unsubscribe', ...lazyRoute('./routes/unsubscribe.tsx', 'UnsubscribeRoute') },
      {
        ...lazyRoute('./routes/app-root.tsx', 'AppRoot'),
        children: [{ errorElement: <RouteError />, children: memberRoutes(queryClient) }],
      },
      // A guide's print layout (issue 23, ADR 067): a member page outside the shell, for paper.
      { path: '/print-guide/:id', ...lazyRoute('./routes/print-guide.tsx', 'PrintGuideRoute') },
      { path: '*', ...lazyRoute('./routes/not-found.tsx', 'NotFoundRoute') },
    ],
  },
];

/** The member screens, inside the shell; their errors show inside it, so the sidebar stays. */
const memberRoutes = (queryClient: QueryClient): RouteObject[] => [
  { path: 'dashboard', ...lazyRoute('./routes/dashboard.tsx', 'DashboardRoute') },
  { path: 'admin', ...lazyRoute('./routes/admin.tsx', 'AdminRoute') },
  { path: 'new-tip', ...lazyRoute('./routes/new-tip.tsx', 'NewTipRoute') },
  {
    id: 'view-tip',
    path: 'view-tip/:id',
    loader: prefetchTip(queryClient),
    ...lazyRoute('./routes/view-tip.tsx', 'ViewTipRoute'),
  },
  { path: 'edit-tip/:id', ...lazyRoute('./routes/edit-tip.tsx', 'EditTipRoute') },
  { path: 'tips', ...lazyRoute('./routes/tips.tsx', 'TipsRoute') },
  { path: 'explore', ...lazyRoute('./routes/explore.tsx', 'ExploreRoute') },
  { path: 'saved', ...lazyRoute('./routes/saved.tsx', 'SavedRoute') },
  { path: 'new-guide', ...lazyRoute('./routes/new-guide.tsx', 'NewGuideRoute') },
  { path: 'view-guide/:id', ...lazyRoute('./routes/view-guide.tsx', 'ViewGuideRoute') },
  { path: 'edit-guide/:id', ...lazyRoute('./routes/edit-guide.tsx', 'EditGuideRoute') },
  { path: 'profile', ...lazyRoute('./routes/profile.tsx', 'ProfileRoute') },
  // A member's shareable pages (ADR 046); the original routes that take the member from navigation
  // state (/profile, /user-connections, /tips, /dashboard) redirect here.
  { path: 'members/:username', ...lazyRoute('./routes/member.tsx', 'MemberRoute') },
  { path: 'members/:username/connections', ...lazyRoute('./routes/member-connections.tsx', 'MemberConnectionsRoute') },
  { path: 'members/:username/tips', ...lazyRoute('./routes/member-tips.tsx', 'MemberTipsRoute') },
  { path: 'user-connections', ...lazyRoute('./routes/user-connections.tsx', 'UserConnectionsRoute') },
  { path: 'notifications', ...lazyRoute('./routes/notifications.tsx', 'NotificationsRoute') },
  { path: 'connections', ...lazyRoute('./routes/connections.tsx', 'ConnectionsRoute') },
  { path: 'design-options', ...lazyRoute('./routes/design-options.tsx', 'DesignOptionsRoute') },
];
