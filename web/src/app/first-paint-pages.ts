/**
 * THE table of pages the server draws (issue 20, ADR 039), keyed by their paths in routes.tsx.
 * Each says, for a URL it matches, what its first paint needs: the API reads the server answers
 * and inlines (built from the hooks' own URLs and query keys, so nothing is written twice), the
 * answers known without asking, and its largest photo, taken from those answers. Adding a drawn
 * page is adding an entry here; first-paint-plan.ts turns an entry into the plan the server asks
 * the render bundle for (entry-server.tsx), and the browser seeds its cache from the same entry.
 */
import type { Params } from 'react-router';
import type { Answers } from '@common/first-paint';
import { GUIDE_COVER_SIZES, type ImagePreload, PAGE_PHOTO_SIZES, photoPreload, thumbnailUrl } from '@common/media-url';
import type { Guide } from '@common/schemas/guide';
import type { GuideMap } from '@common/schemas/map';
import type { Tip } from '@common/schemas/tip';
import { ME_QUERY_KEY, ME_URL } from '@/lib/api/get-me';
import { ACTIVE_SYSTEM_MESSAGES_URL, SYSTEM_MESSAGES_QUERY_KEY } from '@/lib/api/active-system-messages-read';
import type { ContentPage } from '@/features/content/api/content-query';
import type { ContentCounts } from '@common/schemas/content';
import { UNFILTERED, exploreQueryOptions, exploreUrl } from '@/features/content/api/get-explore';
import { UNFILTERED_COUNTS, exploreCountsQueryOptions, exploreCountsUrl } from '@/features/content/api/get-explore-counts';
import { firstPageParam } from '@/features/content/api/windowed-pages';
import { guideQueryKey, guideUrl } from '@/features/guides/api/get-guide';
import { guideMapQueryKey, guideMapUrl } from '@/features/guides/api/get-guide-map';
import { tipQueryKey, tipUrl } from '@/features/tips/api/get-tip';
import { type ApiRead, apiRead } from '@/lib/api-read';

export interface PageFirstPaint {
  /** Answered by the server in-process (with the browser's own cookie) and inlined. */
  reads: ApiRead[];
  /** Answers known without asking. */
  known?: Answers;
  /** The photo the page paints largest (the one its first render marks `fetchpriority="high"`). */
  hero?: (answers: Answers) => ImagePreload | undefined;
}

export interface DrawnPage {
  /** Whom the server draws it for: members (with the answer to "who is signed in"), or visitors. */
  viewer: 'member' | 'visitor';
  /** What this URL's first paint needs; undefined: not drawn for this URL (a filtered list is not guessed). */
  firstPaint(url: { params: Params; search: URLSearchParams }): PageFirstPaint | undefined;
}

/** "Who is signed in": every page asks it first; a drawn member page is drawn from its answer. */
export const meRead = apiRead(ME_URL, ME_QUERY_KEY);

/**
 * The admins' banners above every member page: drawn with the page, so it does not move down
 * under a finger once the scripts have read them (issue 36). The server leaves out what the
 * member dismissed (common/dismissed-messages.ts).
 */
export const systemMessagesRead = apiRead(ACTIVE_SYSTEM_MESSAGES_URL, SYSTEM_MESSAGES_QUERY_KEY);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const anId = (params: Params) => (params.id && UUID.test(params.id) ? params.id : undefined);
const cover = (url: string | undefined, sizes: string) => (url ? photoPreload(url, sizes) : undefined);

export const DRAWN_PAGES: Record<string, DrawnPage> = {
  // The sign-in page (ADR 024): the same for every visitor, drawn from "signed out"; not `/?next=`.
  '/': {
    viewer: 'visitor',
    firstPaint: ({ search }) => (search.toString() !== '' ? undefined : { reads: [], known: { [ME_URL]: null } }),
  },

  // Explore as it opens (ADR 023): its first page, the first of its infinite query; its first card's thumbnail.
  '/explore': {
    viewer: 'member',
    firstPaint: ({ search }) => {
      if (search.toString() !== '') return undefined;
      const page = apiRead<ContentPage>(exploreUrl(UNFILTERED), exploreQueryOptions(UNFILTERED).queryKey, (body) => ({
        pages: [body],
        pageParams: [firstPageParam],
      }));
      // The tabs' counts too: drawn without them, the tabs widened under a finger once they came.
      const counts = apiRead<ContentCounts>(
        exploreCountsUrl(UNFILTERED_COUNTS),
        exploreCountsQueryOptions(UNFILTERED_COUNTS).queryKey,
      );
      return {
        reads: [page, counts],
        hero: (answers) => {
          const photo = page.answer(answers)?.items[0]?.photoUrl;
          return photo ? { href: thumbnailUrl(photo) } : undefined;
        },
      };
    },
  },

  // A tip's page (ADR 022): the tip; its cover as photo-gallery.tsx shows it.
  '/view-tip/:id': {
    viewer: 'member',
    firstPaint: ({ params }) => {
      const id = anId(params);
      if (!id) return undefined;
      const tip = apiRead<Tip>(tipUrl(id), tipQueryKey(id));
      return { reads: [tip], hero: (answers) => cover(tip.answer(answers)?.photoUrls[0], PAGE_PHOTO_SIZES) };
    },
  },

  // A guide's page (ADR 022): the guide; its cover. And its map's stops: the route section is
  // drawn as it will stay (days, the map's box, its summary), so the itinerary below does not
  // move under a finger while the scripts take over (ADR 100).
  '/view-guide/:id': {
    viewer: 'member',
    firstPaint: ({ params }) => {
      const id = anId(params);
      if (!id) return undefined;
      const guide = apiRead<Guide>(guideUrl(id), guideQueryKey(id));
      const stops = apiRead<GuideMap>(guideMapUrl(id), guideMapQueryKey(id));
      return { reads: [guide, stops], hero: (answers) => cover(guide.answer(answers)?.photoUrls[0], GUIDE_COVER_SIZES) };
    },
  },
};
