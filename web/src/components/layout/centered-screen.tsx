import type { ReactNode } from 'react';
import { Brand } from './brand';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

/** A full-page centred card, used for the waiting screen and full-page loading. */
export function CenteredScreen({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="flex min-h-dvh flex-col items-center justify-center gap-8 bg-gradient-to-b from-secondary/60 to-background px-4 py-10 wrap-anywhere outline-none"
      >
        <Brand />
        {children}
      </main>
    </>
  );
}
