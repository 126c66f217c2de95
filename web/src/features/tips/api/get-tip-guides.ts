import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TipGuides } from '@common/schemas/tip-guides';
import { api } from '@/lib/api-client';

export function getTipGuides(id: string) {
  return api.get<TipGuides>(`/api/tips/${encodeURIComponent(id)}/guides`);
}

/** Under 'tips': saving or deleting a tip or guide refreshes it with the rest. */
export const tipGuidesQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['tips', 'guides-holding', id] as const, queryFn: () => getTipGuides(id) });

/** The guides holding the author's tip (issue 36): the edit form warns before narrowing it. */
export function useTipGuides(id: string) {
  return useQuery(tipGuidesQueryOptions(id));
}
