/**
 * Registering the service worker (issue 23, ADR 070): in every page's entry, so the sign-in
 * page's budget pays for it; a few lines after `load`. The rest of the page's side is
 * web/src/sw/client.ts, loaded by the member's screens only.
 */
import { FIRST_PAINT_ID } from '@common/first-paint';
import type { ToWorker } from '@/sw/messages';

export const SERVICE_WORKER_URL = '/sw.js';

let registered: Promise<ServiceWorkerRegistration | undefined> = Promise.resolve(undefined);

/**
 * This page's registration once the worker is registered, after load (ADR 102: a first visit's
 * worker is still installing then); undefined where none runs (no support, blocked, dev).
 */
export const serviceWorkerRegistration = () => registered;

/**
 * Registers /sw.js once the page has loaded (nothing competes with the page's own downloads),
 * then hands it the answers the server inlined in this page: the worker did not see them go by,
 * and they say who is signed in, as of the page's load (ADRs 071, 102).
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // Read now: a drawn page's script element is gone once the app has taken the page over.
  const answers = document.getElementById(FIRST_PAINT_ID)?.textContent;
  const at = Math.round(performance.timeOrigin);
  registered = new Promise((resolve) => {
    const register = async () => {
      try {
        resolve((await navigator.serviceWorker.register(SERVICE_WORKER_URL)) ?? undefined);
        const registration = await navigator.serviceWorker.ready;
        if (answers) registration.active?.postMessage({ type: 'page-answers', answers, at } satisfies ToWorker);
      } catch {
        // No worker (blocked, private mode): the app works online as before.
        resolve(undefined);
      }
    };
    if (document.readyState === 'complete') void register();
    else window.addEventListener('load', () => void register(), { once: true });
  });
}
