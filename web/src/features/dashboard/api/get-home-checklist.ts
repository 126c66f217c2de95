import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HomeChecklist } from '@common/schemas/home';
import { api } from '@/lib/api-client';

export function getHomeChecklist() {
  return api.get<HomeChecklist>('/api/home/checklist');
}

/** Asked again each time the home opens: its steps are done on other screens (ADR 056). */
export const homeChecklistQueryOptions = () =>
  queryOptions({ queryKey: ['connections', 'home', 'checklist'], queryFn: getHomeChecklist, staleTime: 0 });

export function useHomeChecklist() {
  return useQuery(homeChecklistQueryOptions());
}
