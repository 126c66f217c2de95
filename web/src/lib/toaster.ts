/**
 * Whether the page needs its toaster yet (issue 38). Sonner is ~9 KB on the wire: the sign-in
 * page shows it only after something happened, so it loads when a toast is asked for or the
 * visitor first interacts (the live region is then in place before a form's answer is toasted),
 * not with every visitor's first paint. components/ui/lazy-toaster.tsx mounts it.
 */
let isWanted = false;
const listeners = new Set<() => void>();

export function wantToaster(): void {
  if (isWanted) return;
  isWanted = true;
  for (const listener of listeners) listener();
}

/** Calls `listener` once the toaster is wanted (at once if it is already); returns the unsubscribe. */
export function whenToasterWanted(listener: () => void): () => void {
  if (isWanted) {
    listener();
    return () => undefined;
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Sonner's `toast`, loaded on first use; the toaster is mounted to show it. */
export function loadToast() {
  wantToaster();
  return import('sonner').then((module) => module.toast);
}
