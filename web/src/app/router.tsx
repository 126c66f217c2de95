import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { AppRoot } from './routes/app-root';
import { DashboardRoute } from './routes/dashboard';
import { LandingRoute } from './routes/landing';
import { NotFoundRoute } from './routes/not-found';
import { RequestInvitationRoute } from './routes/request-invitation';
import { SignUpRoute } from './routes/signup';

/**
 * Member screens load on first visit (their own chunks), so a visitor's sign-in page downloads
 * only what it shows; the shell, landing and dashboard stay in the main bundle.
 */
function lazyRoute<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return async () => ({ Component: (await load())[name] });
}

export const router = createBrowserRouter([
  { path: '/', element: <LandingRoute /> },
  { path: '/signup', element: <SignUpRoute /> },
  { path: '/request-invitation', element: <RequestInvitationRoute /> },
  {
    element: <AppRoot />,
    children: [
      { path: 'dashboard', element: <DashboardRoute /> },
      { path: 'admin', lazy: lazyRoute(() => import('./routes/admin'), 'AdminRoute') },
      { path: 'new-tip', lazy: lazyRoute(() => import('./routes/new-tip'), 'NewTipRoute') },
      { path: 'view-tip/:id', lazy: lazyRoute(() => import('./routes/view-tip'), 'ViewTipRoute') },
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
    ],
  },
  { path: '*', element: <NotFoundRoute /> },
]);
