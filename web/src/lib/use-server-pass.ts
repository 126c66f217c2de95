import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * True while the server draws a page and while the browser hydrates that markup; false on every
 * later render, and always in a page the browser draws itself. React renders again right after
 * hydration when this changes, so a component can draw a form the server can compute (no window
 * size, no scroll position) for hydration, then its browser form (ADR 023).
 */
export function useIsServerPass(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}
