import { Navigate, useLocation } from 'react-router';
import { useMe } from '@/lib/api/get-me';
import { DashboardCards } from '@/features/dashboard/components/dashboard-cards';
import { HomeSections } from '@/features/dashboard/components/home-sections';
import { displayName } from '@/lib/display-name';
import { useDocumentTitle } from '@/lib/document-title';

type DashboardState = { userId?: string; userName?: string; tab?: string } | null;

export function DashboardRoute() {
  useDocumentTitle('Home');
  const location = useLocation();
  const { data: me } = useMe();
  const state = location.state as DashboardState;

  // SPEC 2: a guides-tab hand-off (e.g. from a profile's "Guides Created") continues to /tips.
  if (state?.userId && state.tab === 'guides') {
    return <Navigate to="/tips" replace state={{ userId: state.userId, userName: state.userName, tab: state.tab }} />;
  }

  return (
    <div className="grid gap-8">
      <section className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-teal-700 via-teal-600 to-cyan-500 p-6 text-white dark:from-teal-900 dark:via-teal-800 dark:to-cyan-800 shadow-sm sm:p-8">
        <div
          className="pointer-events-none absolute -top-16 -right-10 size-56 rounded-full bg-amber-300/25 blur-2xl"
          aria-hidden
        />
        <h1 className="relative font-display text-3xl font-bold tracking-tight">Welcome back, {displayName(me)}!</h1>
        <p className="relative mt-2 max-w-xl text-white/85">
          Where to next? Explore tips and guides from the community, or share what you discovered on your last trip.
        </p>
      </section>
      <DashboardCards />
      <HomeSections />
    </div>
  );
}
