import { isChunkLoadError } from './network-error';

const RELOADED_FOR = 'waymark:reloaded-for-chunk';

/**
 * After a deploy, a tab opened before it asks for chunks the server no longer has. Reloading
 * fetches the new version, once: the failed chunk's message (it names the file) is remembered
 * for the tab's session, so if the same chunk fails again after the reload the error screen
 * stays instead of reloading in a loop. Nothing is reloaded offline (the browser would show its
 * own error page) or while the server does not answer (the same): the caller shows its screen.
 * Resolves true when a reload has started.
 */
export async function reloadOnceForMissingChunk(error: unknown, storage: Storage = sessionStorage): Promise<boolean> {
  if (!isChunkLoadError(error) || !navigator.onLine) return false;
  const message = (error as Error).message;
  try {
    if (storage.getItem(RELOADED_FOR) === message) return false;
  } catch {
    return false; // storage refused (private mode): no guard, so no reload
  }
  if (!(await isServerAnswering())) return false;
  storage.setItem(RELOADED_FOR, message);
  window.location.reload();
  return true;
}

async function isServerAnswering(): Promise<boolean> {
  try {
    const response = await fetch('/', { method: 'HEAD', cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  }
}
