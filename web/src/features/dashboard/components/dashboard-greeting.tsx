import { displayName } from '@/lib/display-name';
import { useMe } from '@/lib/api/get-me';
import { useHomeChecklist } from '../api/get-home-checklist';

/**
 * The home's greeting (issue 36, ADR 103): a member who has done nothing yet is welcomed, not
 * welcomed back; until the answer is in, the plain welcome (no flash for the new member).
 */
export function DashboardGreeting() {
  const { data: me } = useMe();
  const { data: checklist } = useHomeChecklist();
  const name = displayName(me);
  const isNew = checklist ? !checklist.hasActivity : null;
  return (
    <section className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-teal-700 via-teal-600 to-cyan-500 p-6 text-white shadow-sm sm:p-8 dark:from-teal-900 dark:via-teal-800 dark:to-cyan-800">
      <div className="pointer-events-none absolute -top-16 -right-10 size-56 rounded-full bg-amber-300/25 blur-2xl" aria-hidden />
      <h1 className="relative font-display text-3xl font-bold tracking-tight" data-testid="home-greeting">
        {isNew === false ? `Welcome back, ${name}!` : `Welcome, ${name}!`}
      </h1>
      <p className="relative mt-2 max-w-xl text-white/85">
        {isNew
          ? 'Glad you are here. Start with the first steps below, then explore what fellow travelers share.'
          : 'Where to next? Explore tips and guides from the community, or share what you discovered on your last trip.'}
      </p>
    </section>
  );
}
