/** The API scenarios of issue 7: what a member's app asks the server most. */
import { COMMON_WORD, RARE_WORD } from '../data/word-lists';
import { CREATED_TIP_PREFIX, type Fixtures } from './datasets';

export interface Scenario {
  name: string;
  isRead: boolean;
  method: 'GET' | 'POST';
  path: string;
  /** A body per request (round-robin items, unique titles). */
  body?: () => string;
}

export function buildScenarios(f: Fixtures, deepCursor: string): Scenario[] {
  const get = (name: string, path: string): Scenario => ({ name, isRead: true, method: 'GET', path });
  let likeTurn = 0;
  let created = 0;
  return [
    get('explore first page', '/api/explore?type=all&limit=20'),
    get('explore deep page', `/api/explore?type=all&limit=20&cursor=${encodeURIComponent(deepCursor)}`),
    get(`search rare "${RARE_WORD}"`, `/api/explore?type=all&limit=20&q=${RARE_WORD}`),
    get(`search common "${COMMON_WORD}"`, `/api/explore?type=all&limit=20&q=${COMMON_WORD}`),
    get(`country filter ${f.topCountry}`, `/api/explore?type=all&limit=20&country=${encodeURIComponent(f.topCountry)}`),
    get('tip detail (popular)', `/api/tips/${f.popularTipId}`),
    get('guide detail + items', `/api/guides/${f.popularGuideId}`),
    get('own tips list', `/api/users/${f.memberId}/content?type=tips&limit=20`),
    get('notifications list', '/api/notifications?filter=all&limit=20'),
    {
      name: 'toggle like',
      isRead: false,
      method: 'POST',
      path: '/api/likes/toggle',
      body: () => JSON.stringify({ contentType: 'tip', contentId: f.likeTargets[likeTurn++ % f.likeTargets.length] }),
    },
    {
      name: 'create tip',
      isRead: false,
      method: 'POST',
      path: '/api/tips',
      body: () =>
        JSON.stringify({
          title: `${CREATED_TIP_PREFIX} ${++created}`,
          country: 'Portugal',
          city: 'Lisbon',
          placeName: 'Miradouro da Graça',
          rating: 4,
          description: 'Benchmark tip: the tram stop is right outside.',
          tags: ['bench'],
          isPrivate: false,
        }),
    },
  ];
}

/** Follows nextCursor until about `depth` items in (pages of 50), for the deep-page scenario. */
export async function deepCursor(baseUrl: string, cookie: string, depth: number): Promise<{ cursor: string; items: number }> {
  let cursor: string | null = null;
  let items = 0;
  while (items < depth) {
    const query = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const res = await fetch(`${baseUrl}/api/explore?type=all&limit=50${query}`, { headers: { cookie } });
    if (!res.ok) throw new Error(`explore page at ${items}: ${res.status} ${await res.text()}`);
    const page = (await res.json()) as { items: unknown[]; nextCursor: string | null };
    items += page.items.length;
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  if (!cursor) throw new Error('explore has a single page: no deep cursor');
  return { cursor, items };
}

/** Signs in over HTTP as a member would; returns the session cookie for every request. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-waymark-csrf': '1' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email}: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}
