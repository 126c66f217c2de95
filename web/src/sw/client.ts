/**
 * The page's side of the service worker for the member's screens, sign-out and account deletion
 * (issue 23, ADRs 070, 071). Kept out of web/src/lib (the sign-in page's shared chunk).
 */
import type { OfflineStatus, ToWorker } from './messages';
import { MEMBER_CACHE_PREFIX } from './policy';

/** Sends a message to the active worker, if there is one. */
export async function tellWorker(message: ToWorker): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  registration?.active?.postMessage(message);
}

/** Asks the active worker and waits for its reply (undefined: no worker, or no reply in time). */
export async function askWorker<T = OfflineStatus>(message: ToWorker, timeoutMs = 5000): Promise<T | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  const registration = await navigator.serviceWorker.getRegistration();
  const worker = registration?.active;
  if (!worker) return undefined;
  return new Promise<T | undefined>((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(undefined), timeoutMs);
    channel.port1.onmessage = (event: MessageEvent<T>) => {
      clearTimeout(timer);
      resolve(event.data);
    };
    worker.postMessage(message, [channel.port2]);
  });
}

/**
 * Sign-out, account deletion, or no session found online: every member's cache goes, from the
 * page itself (whether or not a worker runs) and in the worker, which forgets who was signed in.
 */
export async function forgetMemberData(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    await askWorker({ type: 'member', id: null }, 2000);
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith(MEMBER_CACHE_PREFIX)).map((name) => caches.delete(name)));
  } catch {
    // Storage refused (private mode): nothing was stored either.
  }
}
