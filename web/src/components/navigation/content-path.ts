import type { ContentCard } from '@common/schemas/content';

/**
 * The pages of a tip or a guide (docs/product.md#screens: /view-tip/:id, /edit-tip/:id ...), built
 * here and nowhere else: a screen that wrote `/tips/${id}` by hand sent members to the 404 page
 * (issue 36). eslint.config.js refuses these paths written anywhere else in web/src, and
 * tests/e2e/internal-links.spec.ts checks every link the screens draw against the route table.
 */
const segment = (id: string) => encodeURIComponent(id);

export const tipPath = (id: string) => `/view-tip/${segment(id)}`;
export const editTipPath = (id: string) => `/edit-tip/${segment(id)}`;
export const guidePath = (id: string) => `/view-guide/${segment(id)}`;
export const editGuidePath = (id: string) => `/edit-guide/${segment(id)}`;
/** A guide's print layout (ADR 067). */
export const printGuidePath = (id: string) => `/print-guide/${segment(id)}`;

/** The page of a tip or guide card. */
export function contentPath(item: Pick<ContentCard, 'kind' | 'id'>): string {
  return item.kind === 'tip' ? tipPath(item.id) : guidePath(item.id);
}
