/**
 * The pieces of a page's head for its first paint (common/first-paint.ts): the API answers it
 * would request first, and a preload of the photo it paints largest (the render bundle names it
 * from those answers), so the photo downloads while the JavaScript does instead of after it.
 */
import { FIRST_PAINT_ID } from '@common/first-paint';
import type { ImagePreload } from '@common/media-url';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function imagePreloadLink({ href, srcset, sizes }: ImagePreload): string {
  const responsive = srcset && sizes ? ` imagesrcset="${escapeAttribute(srcset)}" imagesizes="${escapeAttribute(sizes)}"` : '';
  return `<link rel="preload" as="image" href="${escapeAttribute(href)}"${responsive} fetchpriority="high" />`;
}

/** The responses as JSON in a script element; `<` is escaped so no value can end the element early. */
export function firstPaintScript(responses: Record<string, unknown>): string {
  const json = JSON.stringify(responses).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${FIRST_PAINT_ID}">${json}</script>`;
}
