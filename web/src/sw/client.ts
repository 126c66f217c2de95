/**
 * The page's side of the service worker for the member's screens, sign-out and account deletion
 * (issue 23, ADRs 070, 071). What the offline copy must learn goes through the outbox (ADR 102):
 * on a first visit no worker is active for the first seconds, and a message sent then is lost.
 * Kept out of web/src/lib (the sign-in page's shared chunk).
 */
import { serviceWorkerRegistration } from '@/lib/register-service-worker';
import type { OfflineStatus, ToWorker } from './messages';
import { OUTBOX_CACHE, type OutboxTask, putInOutbox } from './outbox';
import { MEMBER_CACHE_PREFIX, OFFLINE_BUDGET_BYTES } from './policy';

/** Who this page knows is signed in (useOfflineMember): whose a saved or written item is. */
let pageMember: string | null = null;

/** How long "Make available offline" waits for a worker still installing (a first visit). */
const INSTALL_WAIT_MS = 60_000;

/** The active worker, waiting for one (a first visit's installs) up to `timeoutMs`, or for ever. */
async function activeWorker(timeoutMs?: number): Promise<ServiceWorker | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  const ready = navigator.serviceWorker.ready.then((registration) => registration.active ?? undefined);
  if (timeoutMs === undefined) return ready;
  return Promise.race([ready, new Promise<undefined>((resolve) => setTimeout(resolve, timeoutMs))]);
}

/** Sends a message to the worker once one is active (a message to no worker would be lost). */
export async function tellWorker(message: ToWorker): Promise<void> {
  (await activeWorker())?.postMessage(message);
}

/** Asks the worker and waits for its reply (undefined: no active worker, or no reply, in `timeoutMs`). */
export async function askWorker<T = OfflineStatus>(message: ToWorker, timeoutMs = 5000): Promise<T | undefined> {
  const worker = await activeWorker(timeoutMs);
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
 * Writes a task to the outbox, which keeps it whether or not a worker is active yet (even before
 * the page registers one, at load). False: no worker here (the same rule as its registration).
 */
async function putTask(task: OutboxTask): Promise<boolean> {
  if (!import.meta.env.PROD || typeof caches === 'undefined' || !('serviceWorker' in navigator)) return false;
  try {
    await putInOutbox(caches, task);
    return true;
  } catch {
    // Storage refused (private mode): no worker stores anything either.
    return false;
  }
}

/** Who is signed in, for the worker (it cannot read the HttpOnly session cookie). */
export async function tellMember(id: string): Promise<void> {
  pageMember = id;
  if (await putTask({ type: 'member', id })) await tellWorker({ type: 'outbox' });
}

/**
 * A tip or a guide the member saved, unsaved or wrote (`url`: its detail answer): the worker
 * reads it again, so its offline copy is the new one, kept with its photos if saved or theirs.
 */
export function keepOffline(url: string | undefined): void {
  const memberId = pageMember;
  if (!url || !memberId) return;
  void putTask({ type: 'refresh', memberId, url }).then(async (isPut) => {
    if (isPut) await tellWorker({ type: 'outbox' });
  });
}

/**
 * "Make available offline", once the page's downloads are done: the worker marks what it stored
 * as the guide's and fetches what it did not (they went by while it installed). Its status after.
 */
export async function keepGuideOffline(guideId: string): Promise<OfflineStatus | undefined> {
  const memberId = pageMember;
  if (!memberId || !(await serviceWorkerRegistration())) return undefined;
  if (!(await putTask({ type: 'keep-guide', memberId, guideId }))) return undefined;
  return askWorker({ type: 'outbox' }, INSTALL_WAIT_MS);
}

/**
 * What the worker holds for the member; while a first visit's worker still installs, only that
 * (the page's asks wait in the outbox). Null: no worker runs this page.
 */
export async function offlineStatus(): Promise<OfflineStatus | null> {
  const registration = await serviceWorkerRegistration();
  if (!registration) return null;
  if (!registration.active) {
    return { memberId: null, usedBytes: 0, budgetBytes: OFFLINE_BUDGET_BYTES, guides: [], isInstalling: true };
  }
  return (await askWorker({ type: 'status' })) ?? null;
}

/**
 * Sign-out, account deletion, or no session found online: every member's cache goes, from the
 * page itself (whether or not a worker runs) and in the worker, which forgets who was signed in.
 * Nothing of theirs waiting in the outbox is replayed.
 */
export async function forgetMemberData(): Promise<void> {
  pageMember = null;
  if (typeof caches === 'undefined') return;
  try {
    await caches.delete(OUTBOX_CACHE);
    // A worker still installing learns it from the outbox when it activates; none is waited for.
    const isPut = await putTask({ type: 'member', id: null });
    if (isPut && (await serviceWorkerRegistration())?.active) await askWorker({ type: 'outbox' }, 2000);
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith(MEMBER_CACHE_PREFIX)).map((name) => caches.delete(name)));
  } catch {
    // Storage refused (private mode): nothing was stored either.
  }
}
