import type { ReactNode } from 'react';
import { Compass, Map, Plane } from 'lucide-react';
import { PRODUCT_TAGLINE } from '@common/texts';
import { Brand } from './brand';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

const HIGHLIGHTS = [
  { icon: Compass, text: 'Honest tips from travelers you can trust' },
  { icon: Map, text: 'Day-by-day guides for your next journey' },
  { icon: Plane, text: 'A close community, by invitation only' },
];

/** Split screen for the signed-out pages: a travel hero beside the form. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div className="grid min-h-dvh lg:grid-cols-[1.1fr_1fr]">
      <SkipLink />
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-teal-800 via-teal-700 to-cyan-600 p-12 text-white dark:from-teal-950 dark:via-teal-900 dark:to-cyan-900 lg:flex lg:flex-col lg:justify-between">
        <div
          className="pointer-events-none absolute -top-24 -right-24 size-96 rounded-full bg-amber-300/20 blur-3xl"
          aria-hidden
        />
        <div
          className="pointer-events-none absolute -bottom-32 -left-16 size-96 rounded-full bg-cyan-300/20 blur-3xl"
          aria-hidden
        />
        <Brand inverted className="relative text-2xl" />
        <div className="relative grid max-w-md gap-6">
          <p className="font-display text-4xl leading-tight font-semibold">Every journey leaves a mark. Share yours.</p>
          <ul className="grid gap-4">
            {HIGHLIGHTS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-white/90">
                <span className="flex size-9 items-center justify-center rounded-full bg-white/15">
                  <Icon className="size-4.5" aria-hidden />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-white/70">{PRODUCT_TAGLINE}</p>
      </aside>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="flex min-w-0 items-center justify-center px-4 py-10 wrap-anywhere outline-none sm:px-8"
      >
        <div className="w-full max-w-lg">
          <Brand className="mb-8 lg:hidden" />
          <div className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
            <h1 className="font-display text-3xl font-bold tracking-tight">{title}</h1>
            {subtitle ? <div className="mt-2 text-muted-foreground">{subtitle}</div> : null}
            <div className="mt-8">{children}</div>
          </div>
        </div>
      </main>
    </div>
  );
}
