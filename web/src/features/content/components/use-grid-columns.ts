import { useSyncExternalStore } from 'react';

/** The card grid's breakpoints, as ContentGrid's `sm:grid-cols-2 xl:grid-cols-3`. */
const QUERIES = [
  { query: '(min-width: 1280px)', columns: 3 },
  { query: '(min-width: 640px)', columns: 2 },
] as const;

function columnsNow(): number {
  if (typeof window === 'undefined' || !window.matchMedia) return 1;
  return QUERIES.find(({ query }) => window.matchMedia(query).matches)?.columns ?? 1;
}

function subscribe(onChange: () => void) {
  if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
  const lists = QUERIES.map(({ query }) => window.matchMedia(query));
  for (const list of lists) list.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange);
  };
}

/** Cards per row at the current window width. */
export function useGridColumns(): number {
  return useSyncExternalStore(subscribe, columnsNow, () => 1);
}
