import { Link } from 'react-router';
import { ArrowRight, CheckCircle2, Circle } from 'lucide-react';
import type { HomeChecklist } from '@common/schemas/home';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useHomeChecklist } from '../api/get-home-checklist';

type Step = { key: keyof HomeChecklist; label: string; to: string; action: string };

const STEPS: Step[] = [
  { key: 'hasPhoto', label: 'Add a profile photo', to: '/profile', action: 'Upload a photo' },
  { key: 'hasCountry', label: 'Set your home country', to: '/profile', action: 'Edit profile' },
  { key: 'hasTip', label: 'Share your first tip', to: '/new-tip', action: 'Create a tip' },
  { key: 'hasConnection', label: 'Make your first connection', to: '/connections', action: 'Find travelers' },
];

/**
 * The first-run checklist (ADR 056): four steps, each linking to where it is done. It shows only
 * once the answer is in (no flash for members who are done) and disappears when all four are.
 */
export function FirstRunChecklist() {
  const { data } = useHomeChecklist();
  if (!data) return null;
  const done = STEPS.filter((step) => data[step.key]).length;
  if (done === STEPS.length) return null;

  return (
    <section aria-labelledby="home-checklist" data-testid="first-run-checklist">
      <Card className="border-primary/30">
        <CardHeader>
          <h2 id="home-checklist" className="text-lg leading-tight font-semibold">
            Get started with Waymark
          </h2>
          <CardDescription>
            {done} of {STEPS.length} done. A few steps help fellow travelers know you and find your tips.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-2 sm:grid-cols-2">
            {STEPS.map((step) => {
              const isDone = data[step.key];
              return (
                <li key={step.key} data-done={isDone}>
                  <Link
                    to={step.to}
                    className="flex min-h-12 items-center gap-3 rounded-lg border px-3 py-2 text-sm transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    {isDone ? (
                      <CheckCircle2 className="size-5 shrink-0 text-primary" aria-hidden />
                    ) : (
                      <Circle className="size-5 shrink-0 text-muted-foreground" aria-hidden />
                    )}
                    <span className="min-w-0 flex-1">
                      <span className={isDone ? 'text-muted-foreground line-through' : 'font-medium'}>{step.label}</span>
                      <span className="sr-only">{isDone ? ' (done)' : ' (to do)'}</span>
                    </span>
                    {isDone ? null : (
                      <span className="hidden shrink-0 items-center gap-1 text-primary sm:inline-flex">
                        {step.action}
                        <ArrowRight className="size-4" aria-hidden />
                      </span>
                    )}
                  </Link>
                </li>
              );
            })}
          </ul>
        </CardContent>
      </Card>
    </section>
  );
}
