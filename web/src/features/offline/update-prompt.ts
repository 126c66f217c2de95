/**
 * A new version's service worker waits (ADR 070): the member is told "A new version of Waymark
 * is ready" and chooses when to Reload; nothing reloads by itself, so no form is lost, and the
 * open tab keeps its scripts (the waiting worker does not touch the caches the running one uses).
 */
import { useEffect } from 'react';
import { toast } from 'sonner';

export const UPDATE_TEXTS = { ready: 'A new version of Waymark is ready', reload: 'Reload' } as const;

/** The parts of a registration and its container used here (tests pass fakes). */
export type UpdateWorker = {
  readonly state: ServiceWorkerState;
  postMessage(message: unknown): void;
  addEventListener(type: 'statechange', listener: () => void): void;
};
export type UpdateRegistration = {
  waiting: UpdateWorker | null;
  installing: UpdateWorker | null;
  addEventListener(type: 'updatefound', listener: () => void): void;
  removeEventListener(type: 'updatefound', listener: () => void): void;
  update(): Promise<unknown>;
};
export type UpdateContainer = {
  controller: unknown;
  addEventListener(type: 'controllerchange', listener: () => void): void;
  removeEventListener(type: 'controllerchange', listener: () => void): void;
};

/** Checks for a new version at most this often while the app stays open (the browser checks on each page load). */
const CHECK_EVERY_MS = 60 * 60 * 1000;

/**
 * Calls `onReady(accept)` once a new worker waits (only when one already controls the page: the
 * first install is no update); `accept()` lets it take over, and this tab reloads when it has.
 * Returns a function that stops watching.
 */
export function watchForUpdate(
  container: UpdateContainer,
  registration: UpdateRegistration,
  onReady: (accept: () => void) => void,
  reload: () => void,
): () => void {
  let isAccepted = false;
  let isAnnounced = false;
  const announce = (worker: UpdateWorker) => {
    if (isAnnounced || !container.controller) return;
    isAnnounced = true;
    onReady(() => {
      isAccepted = true;
      worker.postMessage({ type: 'skip-waiting' });
    });
  };
  const follow = (worker: UpdateWorker | null) => {
    if (!worker) return;
    if (worker.state === 'installed') announce(worker);
    else worker.addEventListener('statechange', () => worker.state === 'installed' && announce(worker));
  };
  const onUpdateFound = () => follow(registration.installing);
  // Only the tab whose member chose Reload reloads; the others keep going on the new worker.
  const onControllerChange = () => isAccepted && reload();
  if (registration.waiting) announce(registration.waiting);
  follow(registration.installing);
  registration.addEventListener('updatefound', onUpdateFound);
  container.addEventListener('controllerchange', onControllerChange);
  return () => {
    registration.removeEventListener('updatefound', onUpdateFound);
    container.removeEventListener('controllerchange', onControllerChange);
  };
}

/** In the member's layout: the toast with its Reload action, and a check when the tab comes back. */
export function useUpdatePrompt() {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const container = navigator.serviceWorker;
    let stop: (() => void) | undefined;
    let lastCheck = Date.now();
    let isCancelled = false;
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || Date.now() - lastCheck < CHECK_EVERY_MS) return;
      lastCheck = Date.now();
      void container.getRegistration().then((registration) => registration?.update().catch(() => undefined));
    };
    void container.getRegistration().then((registration) => {
      if (!registration || isCancelled) return;
      stop = watchForUpdate(
        container,
        registration,
        (accept) =>
          toast(UPDATE_TEXTS.ready, {
            id: 'waymark-update',
            duration: Number.POSITIVE_INFINITY,
            action: { label: UPDATE_TEXTS.reload, onClick: accept },
          }),
        () => window.location.reload(),
      );
    });
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      isCancelled = true;
      stop?.();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
}
