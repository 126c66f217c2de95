/**
 * Link previews (issue 23, ADR 069). A working share link's page carries Open Graph and Twitter
 * tags from the guide's public content, its image by the link's own photo route, so an unfurler
 * with no cookie can fetch it. Every other page keeps the template's tags, which say "Waymark"
 * and nothing of any content: a members-only page is never drawn for a visitor without a session.
 */
import { midUrl } from '@common/media-url';
import { SHARE_TOKEN_PATTERN, type SharedGuide, sharedGuidePath } from '@common/schemas/share-link';
import { NotFoundError } from '../lib/errors';
import type { ShareLinksService } from '../modules/guide-sharing/share-links.service';

/** The head tags of a page's preview, put in by withLinkPreview. */
export interface LinkPreview {
  title: string;
  tags: string;
}

/** The template's own preview tag (web/index.html): replaced by a shared page's. */
const TEMPLATE_TAG = /<meta property="og:title" content="Waymark"\s*\/?>/;
const TEMPLATE_TITLE = '<title>Waymark</title>';
const DESCRIPTION_MAX = 200;

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const meta = (attribute: 'property' | 'name', key: string, value: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;

function descriptionOf(guide: SharedGuide): string {
  const text = guide.description?.replace(/\s+/g, ' ').trim();
  const days = `${guide.daysCount} ${guide.daysCount === 1 ? 'day' : 'days'}`;
  const fallback = guide.location ? `A ${days} travel guide: ${guide.location}` : `A ${days} travel guide`;
  if (!text) return fallback;
  return text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…` : text;
}

export function previewTags(guide: SharedGuide, pageUrl: string, publicUrl: string): string {
  const photo = guide.photoUrls[0] ?? guide.items.flatMap((item) => item.tip?.photoUrls ?? [])[0];
  const image = photo ? `${publicUrl}${midUrl(photo)}` : undefined;
  const description = descriptionOf(guide);
  return [
    meta('name', 'robots', 'noindex'),
    meta('property', 'og:type', 'article'),
    meta('property', 'og:site_name', 'Waymark'),
    meta('property', 'og:title', guide.title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', pageUrl),
    ...(image ? [meta('property', 'og:image', image)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', guide.title),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
  ].join('');
}

/**
 * The preview of a page URL: a working share link's; null for a share link that does not work
 * (its page is a 404 that says nothing of the guide); undefined for any other page.
 */
export function createLinkPreview(deps: { shareLinks: Pick<ShareLinksService, 'sharedGuide'>; publicUrl: string }) {
  return async (url: string): Promise<LinkPreview | null | undefined> => {
    const pathname = url.split(/[?#]/)[0] ?? '';
    const m = /^\/shared\/guides\/([^/]+)\/?$/.exec(pathname);
    if (!m) return undefined;
    const token = m[1] ?? '';
    if (!SHARE_TOKEN_PATTERN.test(token)) return null;
    try {
      const guide = await deps.shareLinks.sharedGuide(token);
      const pageUrl = `${deps.publicUrl}${sharedGuidePath(token)}`;
      return { title: guide.title, tags: previewTags(guide, pageUrl, deps.publicUrl) };
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  };
}

/** The page's HTML with the preview's title and tags in place of the template's. */
export function withLinkPreview(html: string, preview: LinkPreview): string {
  const title = `<title>${escapeHtml(preview.title)} · Waymark</title>`;
  const titled = html.includes(TEMPLATE_TITLE) ? html.replace(TEMPLATE_TITLE, () => title) : html;
  if (TEMPLATE_TAG.test(titled)) return titled.replace(TEMPLATE_TAG, () => preview.tags);
  return titled.replace('</head>', () => `${preview.tags}</head>`);
}
