import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * One GET a page makes first: the URL its hook fetches and where the answer goes in the query
 * cache, so that the server can answer it in the page's HTML and the browser's first render
 * reads it from the cache instead of asking (app/first-paint-pages.ts).
 */
export interface ApiRead<T = unknown> {
  url: string;
  /** Puts the answer in the cache under the hook's own key. A method, so a typed read fits a list of reads. */
  seed(client: QueryClient, body: T): void;
  /** The answer among a page's answers by URL, as the hook would type it. */
  answer(answers: Record<string, unknown>): T | undefined;
}

/** A read whose answer is cached as it is, or as `toCache` makes it (an infinite query's first page). */
export function apiRead<T>(url: string, queryKey: QueryKey, toCache: (body: T) => unknown = (body) => body): ApiRead<T> {
  return {
    url,
    seed: (client, body) => client.setQueryData(queryKey, toCache(body)),
    // The server answered this URL with the same route the hook's fetch would reach.
    answer: (answers) => answers[url] as T | undefined,
  };
}
