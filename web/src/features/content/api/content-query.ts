import type { ContentCard, ContentTab } from '@common/schemas/content';
import { PAGE_SIZE } from './windowed-pages';

export type ContentPage = { items: ContentCard[]; nextCursor: string | null };

export type ContentFilters = { type?: ContentTab; q?: string; country?: string };

/** The query string of the content list routes; empty filters are left out. */
export function contentParams({ type, q, country }: ContentFilters, cursor?: string, limit = PAGE_SIZE) {
  const params = new URLSearchParams();
  if (type && type !== 'all') params.set('type', type);
  if (q?.trim()) params.set('q', q.trim());
  if (country) params.set('country', country);
  if (cursor) params.set('cursor', cursor);
  if (limit) params.set('limit', String(limit));
  return params;
}

export const nextCursorOf = (page: { nextCursor: string | null }) => page.nextCursor ?? undefined;
