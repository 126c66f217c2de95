import type { ContentCard } from '@common/schemas/content';

/** The page of a tip or guide card: /view-tip/:id or /view-guide/:id (SPEC 2). */
export function contentPath(item: Pick<ContentCard, 'kind' | 'id'>): string {
  return item.kind === 'tip' ? `/view-tip/${item.id}` : `/view-guide/${item.id}`;
}
