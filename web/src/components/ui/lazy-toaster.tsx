import { Suspense, lazy, useEffect, useState } from 'react';
import { wantToaster, whenToasterWanted } from '@/lib/toaster';

const Toaster = lazy(() => import('./sonner').then((module) => ({ default: module.Toaster })));

/** What counts as a first interaction: from then on a toast may answer what the person did. */
const INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * The toaster (sonner.tsx), mounted once it is wanted (lib/toaster.ts): at the first toast or
 * the first interaction. Never in the first render, so the server's markup and the browser's
 * first render agree.
 */
export function LazyToaster() {
  const [isShown, setIsShown] = useState(false);
  useEffect(() => {
    const show = () => setIsShown(true);
    const unsubscribe = whenToasterWanted(show);
    for (const type of INTERACTIONS) document.addEventListener(type, wantToaster, { once: true, capture: true });
    return () => {
      unsubscribe();
      for (const type of INTERACTIONS) document.removeEventListener(type, wantToaster, { capture: true });
    };
  }, []);
  return isShown ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
