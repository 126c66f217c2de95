import { createBrowserRouter } from 'react-router';
import { ComingSoon } from '@/components/layout/coming-soon';
import { AdminRoute } from './routes/admin';
import { AppRoot } from './routes/app-root';
import { DashboardRoute } from './routes/dashboard';
import { EditGuideRoute } from './routes/edit-guide';
import { EditTipRoute } from './routes/edit-tip';
import { ExploreRoute } from './routes/explore';
import { LandingRoute } from './routes/landing';
import { NewGuideRoute } from './routes/new-guide';
import { NewTipRoute } from './routes/new-tip';
import { NotFoundRoute } from './routes/not-found';
import { RequestInvitationRoute } from './routes/request-invitation';
import { SavedRoute } from './routes/saved';
import { SignUpRoute } from './routes/signup';
import { TipsRoute } from './routes/tips';
import { ViewGuideRoute } from './routes/view-guide';
import { ViewTipRoute } from './routes/view-tip';

/** Member screens that arrive with later issues; listed so the SPEC route table is complete. */
const COMING_SOON: { path: string; title: string }[] = [
  { path: 'notifications', title: 'Notifications' },
  { path: 'connections', title: 'Connections' },
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
      { path: 'new-tip', element: <NewTipRoute /> },
      { path: 'view-tip/:id', element: <ViewTipRoute /> },
      { path: 'edit-tip/:id', element: <EditTipRoute /> },
      { path: 'tips', element: <TipsRoute /> },
      { path: 'explore', element: <ExploreRoute /> },
      { path: 'saved', element: <SavedRoute /> },
      { path: 'new-guide', element: <NewGuideRoute /> },
      { path: 'view-guide/:id', element: <ViewGuideRoute /> },
      { path: 'edit-guide/:id', element: <EditGuideRoute /> },
      ...COMING_SOON.map(({ path, title }) => ({ path, element: <ComingSoon title={title} /> })),
    ],
  },
  { path: '*', element: <NotFoundRoute /> },
]);
