import { Navigate, useLocation } from 'react-router';
import { DashboardCards } from '@/features/dashboard/components/dashboard-cards';
import { DashboardGreeting } from '@/features/dashboard/components/dashboard-greeting';
import { FirstRunChecklist } from '@/features/dashboard/components/first-run-checklist';
import { HomeSections } from '@/features/dashboard/components/home-sections';
import { useDocumentTitle } from '@/lib/document-title';

type DashboardState = { userId?: string; userName?: string; tab?: string } | null;

export function DashboardRoute() {
  useDocumentTitle('Home');
  const location = useLocation();
  const state = location.state as DashboardState;

  // docs/product.md#profiles: a guides-tab hand-off (e.g. from a profile's "Guides Created") continues to /tips.
  if (state?.userId && state.tab === 'guides') {
    return <Navigate to="/tips" replace state={{ userId: state.userId, userName: state.userName, tab: state.tab }} />;
  }

  return (
    <div className="grid gap-8">
      <DashboardGreeting />
      {/* First while it has steps left (issue 36): on a phone a new member sees what to do first. */}
      <FirstRunChecklist />
      <DashboardCards />
      <HomeSections />
    </div>
  );
}
