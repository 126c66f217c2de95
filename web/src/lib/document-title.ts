/**
 * The document title of each screen ("Explore · Waymark"), set by the screen itself, and the
 * feed the route announcer reads (app/route-announcer.tsx). In the entry bundle: keep it tiny.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PRODUCT_NAME } from '@common/texts';

export const formatDocumentTitle = (title?: string) => (title?.trim() ? `${title.trim()} · ${PRODUCT_NAME}` : PRODUCT_NAME);

/** The last title a screen set, with the history entry it was set for. */
export type TitleSet = { title: string; locationKey: string };

let latest: TitleSet | undefined;
const listeners = new Set<() => void>();

export const latestTitle = () => latest;

export function subscribeToTitles(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Sets the title once `title` is known (a tip's, after it loads); undefined leaves it as it is. */
export function useDocumentTitle(title: string | undefined) {
  const { key } = useLocation();
  useEffect(() => {
    if (title === undefined) return;
    document.title = formatDocumentTitle(title);
    latest = { title: document.title, locationKey: key };
    for (const listener of listeners) listener();
  }, [title, key]);
}

/** useDocumentTitle for places that render rather than call hooks (a loader's render prop). */
export function DocumentTitle({ title }: { title: string | undefined }) {
  useDocumentTitle(title);
  return null;
}
