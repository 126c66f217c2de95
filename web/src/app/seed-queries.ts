import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { ME_QUERY_KEY } from '@/lib/api/get-me';
import { contentParams } from '@/features/content/api/content-query';
import { UNFILTERED, exploreQueryOptions } from '@/features/content/api/get-explore';
import { firstPageParam } from '@/features/content/api/windowed-pages';
import { guideQueryKey } from '@/features/guides/api/get-guide';
import { tipQueryKey } from '@/features/tips/api/get-tip';

/**
 * The query each inlined API URL answers (server/src/plugins/route-preloads.ts names them), by
 * the URL its hook fetches (features/.../api/get-*.ts).
 */
const QUERIES: { pattern: RegExp; key: (match: RegExpExecArray) => QueryKey; data?: (body: unknown) => unknown }[] = [
  { pattern: /^\/api\/auth\/me$/, key: () => ME_QUERY_KEY },
  { pattern: /^\/api\/tips\/([^/?#]+)$/, key: (m) => tipQueryKey(decodeURIComponent(m[1]!)) },
  { pattern: /^\/api\/guides\/([^/?#]+)$/, key: (m) => guideQueryKey(decodeURIComponent(m[1]!)) },
  // Explore's first page as it opens (getExplore's URL): the first page of its infinite query.
  {
    pattern: new RegExp(`^/api/explore\\?${contentParams(UNFILTERED)}$`),
    key: () => exploreQueryOptions(UNFILTERED).queryKey,
    data: (body) => ({ pages: [body], pageParams: [firstPageParam] }),
  },
];

/**
 * Puts a page's inlined API responses (lib/first-paint.ts) in the cache under their queries'
 * keys, so that a page drawn on the server and the browser's first render of it read the same
 * data, synchronously. Returns the URLs it did not know.
 */
export function seedQueries(client: QueryClient, responses: Record<string, unknown>): string[] {
  const unknown: string[] = [];
  for (const [url, body] of Object.entries(responses)) {
    const query = QUERIES.map((entry) => ({ ...entry, match: entry.pattern.exec(url) })).find(({ match }) => match);
    if (query?.match) client.setQueryData(query.key(query.match), query.data ? query.data(body) : body);
    else unknown.push(url);
  }
  return unknown;
}
