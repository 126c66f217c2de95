import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowRight, CheckCircle2, Circle, X } from 'lucide-react';
import type { HomeChecklist } from '@common/schemas/home';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useMe } from '@/lib/api/get-me';
import { useFocusAfterRemoval } from '@/lib/use-focus-after-removal';
import { useHomeChecklist } from '../api/get-home-checklist';
import { dismissChecklist, isChecklistDismissed } from '../checklist-dismissal';

type Step = { key: Exclude<keyof HomeChecklist, 'hasActivity'>; label: string; to: string; action: string };

const STEPS: Step[] = [
  { key: 'hasPhoto', label: 'Add a profile photo', to: '/profile', action: 'Upload a photo' },
  { key: 'hasCountry', label: 'Set your home country', to: '/profile', action: 'Edit profile' },
  { key: 'hasTip', label: 'Share your first tip', to: '/new-tip', action: 'Create a tip' },
  { key: 'hasConnection', label: 'Make your first connection', to: '/connections', action: 'Find travelers' },
];

/**
 * The first-run checklist (ADR 056): four steps, each linking to where it is done. It shows only
 * once the answer is in (no flash for members who are done) and disappears when all four are,
 * or when the member hides it (issue 36, ADR 103). The home puts it first while it shows.
 */
export function FirstRunChecklist() {
  const { data } = useHomeChecklist();
  const { data: me } = useMe();
  const [, setHidden] = useState(false);
  const focusAfterRemoval = useFocusAfterRemoval();
  if (!data || !me || isChecklistDismissed(me.id)) return null;
  const done = STEPS.filter((step) => data[step.key]).length;
  if (done === STEPS.length) return null;

  const onHide = (control: HTMLElement) => {
    focusAfterRemoval(control);
    dismissChecklist(me.id);
    setHidden(true);
  };

  return (
    <section aria-labelledby="home-checklist" data-testid="first-run-checklist" data-focus-item>
      <Card className="border-primary/30">
        <CardHeader>
          <div className="flex items-start justify-between gap-2">
            <h2 id="home-checklist" className="text-lg leading-tight font-semibold">
              Get started with Waymark
            </h2>
            <Button variant="ghost" size="sm" className="-mt-1 -mr-2 shrink-0" onClick={(event) => onHide(event.currentTarget)}>
              <X aria-hidden />
              Hide these steps
            </Button>
          </div>
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
