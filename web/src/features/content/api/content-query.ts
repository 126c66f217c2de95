import type { ContentCard, ContentTab, ExploreSort } from '@common/schemas/content';
import { PAGE_SIZE } from './windowed-pages';

export type ContentPage = { items: ContentCard[]; nextCursor: string | null };

export type ContentFilters = { type?: ContentTab; q?: string; country?: string; sort?: ExploreSort; tipType?: string };

/** The query string of the content list routes; empty filters (and the default order) are left out. */
export function contentParams({ type, q, country, sort, tipType }: ContentFilters, cursor?: string, limit = PAGE_SIZE) {
  const params = new URLSearchParams();
  if (type && type !== 'all') params.set('type', type);
  if (q?.trim()) params.set('q', q.trim());
  if (country) params.set('country', country);
  if (sort && sort !== 'newest') params.set('sort', sort);
  if (tipType) params.set('tipType', tipType);
  if (cursor) params.set('cursor', cursor);
  if (limit) params.set('limit', String(limit));
  return params;
}

export const nextCursorOf = (page: { nextCursor: string | null }) => page.nextCursor ?? undefined;
