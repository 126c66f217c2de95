import { useRef } from 'react';
import { type FocusFallback, startWatch, watchFrom } from './focus-after-removal';

/**
 * Call the returned function with the control an action starts from (a remove, dismiss, accept,
 * connect... that takes its item away): when the item goes, focus moves to a sensible
 * neighbour instead of the page (lib/focus-after-removal.ts). Mark each item of the list with
 * `data-focus-item`. The watch outlives the component, as the acting card itself often goes;
 * `fallback` (read from the DOM when needed) names where focus goes when the list is empty.
 */
export function useFocusAfterRemoval(fallback?: FocusFallback) {
  const stopRef = useRef<(() => void) | null>(null);
  return (control: EventTarget | null) => {
    if (!(control instanceof HTMLElement)) return;
    const watch = watchFrom(control, fallback);
    if (!watch) return;
    stopRef.current?.();
    stopRef.current = startWatch(watch);
  };
}
