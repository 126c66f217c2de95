import { createBrowserRouter } from 'react-router';
import { ComingSoon } from '@/components/layout/coming-soon';
import { AdminRoute } from './routes/admin';
import { AppRoot } from './routes/app-root';
import { DashboardRoute } from './routes/dashboard';
import { LandingRoute } from './routes/landing';
import { NotFoundRoute } from './routes/not-found';
import { RequestInvitationRoute } from './routes/request-invitation';
import { SignUpRoute } from './routes/signup';

/** Member screens that arrive with later issues; listed so the SPEC route table is complete. */
const COMING_SOON: { path: string; title: string }[] = [
  { path: 'notifications', title: 'Notifications' },
  { path: 'explore', title: 'Explore' },
  { path: 'tips', title: 'My Tips & Guides' },
  { path: 'saved', title: 'Saved' },
  { path: 'connections', title: 'Connections' },
  { path: 'new-tip', title: 'New Tip' },
  { path: 'new-guide', title: 'New Guide' },
  { path: 'view-tip/:id', title: 'Tip' },
  { path: 'view-guide/:id', title: 'Guide' },
  { path: 'edit-tip/:id', title: 'Edit Tip' },
  { path: 'edit-guide/:id', title: 'Edit Guide' },
  { path: 'profile', title: 'Profile' },
  { path: 'user-connections', title: 'User Connections' },
  { path: 'design-options', title: 'Design Options' },
];

export const router = createBrowserRouter([
  { path: '/', element: <LandingRoute /> },
  { path: '/signup', element: <SignUpRoute /> },
  { path: '/request-invitation', element: <RequestInvitationRoute /> },
  {
    element: <AppRoot />,
    children: [
      { path: 'dashboard', element: <DashboardRoute /> },
      { path: 'admin', element: <AdminRoute /> },
      ...COMING_SOON.map(({ path, title }) => ({ path, element: <ComingSoon title={title} /> })),
    ],
  },
  { path: '*', element: <NotFoundRoute /> },
]);
