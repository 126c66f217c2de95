import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchSuggestion } from '@common/schemas/content';
import { api } from '@/lib/api-client';

/** A search the member finds something with, for one that found nothing ("lisbn" -> "lisbon", ADR 105). */
export function getSearchSuggestion(q: string) {
  return api.get<SearchSuggestion>(`/api/explore/suggestion?${new URLSearchParams({ q })}`);
}

export const searchSuggestionQueryOptions = (q: string) =>
  queryOptions({ queryKey: ['content', 'explore', 'suggestion', q], queryFn: () => getSearchSuggestion(q), staleTime: 60_000 });

/** Asked only when `isNeeded` (the search found nothing). */
export function useSearchSuggestion(q: string, isNeeded: boolean) {
  return useQuery({ ...searchSuggestionQueryOptions(q), enabled: isNeeded && q !== '' });
}
