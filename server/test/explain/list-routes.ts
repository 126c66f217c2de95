/**
 * Every list and search route with its variants. `paged` calls ask for limit=2 and then follow
 * nextCursor once, so the keyset condition of page 2 runs as well.
 */
export interface ListCall {
  url: string;
  as: 'viewer' | 'admin';
  paged?: boolean;
}

/** A tip category no tip has: the category's condition runs, whatever the scene's tips. */
const ANY_TIP_TYPE = '00000000-0000-4000-8000-000000000036';

export function listCalls(viewerId: string, otherId: string): ListCall[] {
  const v = (url: string, paged = false): ListCall => ({ url, as: 'viewer', paged });
  const a = (url: string, paged = false): ListCall => ({ url, as: 'admin', paged });
  const contentVariants = (base: string, filters: string[]) =>
    ['all', 'tips', 'guides'].flatMap((type) => filters.map((f) => v(`${base}?type=${type}${f}`, true)));
  return [
    ...contentVariants('/api/explore', ['', '&q=ramen', '&country=Japan', '&q=ramen&country=Japan']),
    // Issue 36 (ADR 105): the orders, each with a search and a country (paged), and a tip
    // category that no tip of the scene has (one page: its condition runs all the same).
    ...['liked', 'rated'].flatMap((sort) => [
      ...contentVariants('/api/explore', ['', '&q=ramen', '&country=Japan']).map((call) => ({
        ...call,
        url: `${call.url}&sort=${sort}`,
      })),
      ...['all', 'tips'].map((type) => v(`/api/explore?type=${type}&sort=${sort}&tipType=${ANY_TIP_TYPE}`)),
      v(`/api/explore?type=all&sort=${sort}&q=ramen&tipType=${ANY_TIP_TYPE}`),
    ]),
    ...['all', 'tips'].map((type) => v(`/api/explore?type=${type}&tipType=${ANY_TIP_TYPE}`)),
    v(`/api/explore?type=all&q=ramen&tipType=${ANY_TIP_TYPE}`),
    v(`/api/explore/counts?tipType=${ANY_TIP_TYPE}`),
    v('/api/explore/suggestion?q=ramn'),
    v('/api/explore/suggestion?q=kyto%20ramn'),
    v('/api/members?q=a', true),
    v('/api/members?q=viewer'),
    v('/api/explore/counts'),
    v('/api/explore/counts?q=ramen'),
    v('/api/explore/counts?country=Japan'),
    v('/api/explore/countries'),
    ...contentVariants(`/api/users/${viewerId}/content`, ['', '&q=ramen', '&country=Japan']),
    ...contentVariants(`/api/users/${otherId}/content`, ['', '&q=ramen', '&country=Japan']),
    v(`/api/users/${viewerId}/content/counts`),
    v(`/api/users/${otherId}/content/counts`),
    ...contentVariants('/api/saved', ['', '&q=ramen']),
    v('/api/saved/counts'),
    v('/api/saved/counts?q=ramen'),
    v('/api/home/feed', true),
    v('/api/home/popular', true),
    v('/api/home/checklist'),
    ...['all', 'unread', 'read'].map((filter) => v(`/api/notifications?filter=${filter}`, true)),
    v('/api/notifications/counts'),
    v('/api/connections'),
    v('/api/connections/discover', true),
    v(`/api/users/${viewerId}/connections`),
    v(`/api/users/${otherId}/connections`),
    v('/api/tips/options'),
    // A member's passkeys (ADR 077): at most 20, one page, by passkeys_user_id_idx.
    v('/api/auth/passkeys'),
    // Blocked members (ADR 086): one blocker's rows by blocks_blocker_created_idx, keyset.
    v('/api/blocks', true),
    // The map (ADR 062): the world from tip_map_cells, Kyoto from them too, a street from the tips.
    ...['', '&q=ramen', '&country=Japan'].flatMap((f) => [
      v(`/api/map/tips?west=-180&south=-80&east=180&north=80&zoom=2${f}`),
      v(`/api/map/tips?west=135.5&south=34.9&east=136&north=35.1&zoom=12${f}`),
      v(`/api/map/tips?west=135.765&south=35.01&east=135.772&north=35.014&zoom=17${f}`),
      v(`/api/map/tips?west=170&south=-80&east=-170&north=80&zoom=5${f}`),
    ]),
    a('/api/admin/users', true),
    a('/api/admin/invitations', true),
    a('/api/admin/pending-activations'),
    a('/api/admin/system-messages'),
    a('/api/admin/outbox', true),
    // The e-mail jobs (ADR 091): keyset on the primary key.
    a('/api/admin/jobs', true),
  ];
}

/** `GET /api/users/:id/content`: the route a URL (or a recorded `GET url`) belongs to, without ids and query. */
export function routeOf(url: string): string {
  return `GET ${url
    .replace(/^GET /, '')
    .split('?')[0]
    ?.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ':id')}`;
}
