import { FIRST_PAINT_ID, FIRST_PAINT_MAX_AGE_MS } from '@common/first-paint';

/**
 * The API responses the server inlined in this page's HTML (common/first-paint.ts), each handed
 * out once: the first request for its URL gets it, while the page is fresh; later ones (a refetch,
 * a visit back) go to the server. A page the server drew takes them all at once instead, to
 * hydrate with the data it was drawn from (main.tsx).
 */
export function firstPaintStore(readText: () => string | null | undefined, now: () => number) {
  let responses: Map<string, unknown> | undefined;
  const load = () => {
    const map = new Map<string, unknown>();
    try {
      const text = readText();
      if (text) for (const [url, body] of Object.entries(JSON.parse(text) as Record<string, unknown>)) map.set(url, body);
    } catch {
      // A broken or missing script only means no head start: every request goes to the server.
    }
    return map;
  };
  const take = (url: string): { body: unknown } | undefined => {
    responses ??= load();
    if (!responses.has(url)) return undefined;
    const body = responses.get(url);
    responses.delete(url);
    return now() <= FIRST_PAINT_MAX_AGE_MS ? { body } : undefined;
  };
  /** Every response not handed out yet, whatever its age: the page on screen shows them. */
  const takeAll = (): Record<string, unknown> => {
    responses ??= load();
    const all = Object.fromEntries(responses);
    responses.clear();
    return all;
  };
  return { take, takeAll };
}

/** This page's store: the script element of the HTML, timed from the page's start. */
export const firstPaint = firstPaintStore(
  () => (typeof document === 'undefined' ? null : document.getElementById(FIRST_PAINT_ID)?.textContent),
  () => performance.now(),
);
