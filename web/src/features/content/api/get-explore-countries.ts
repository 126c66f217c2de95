import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getExploreCountries() {
  return api.get<string[]>('/api/explore/countries');
}

export const exploreCountriesQueryOptions = () =>
  queryOptions({ queryKey: ['content', 'explore', 'countries'], queryFn: getExploreCountries });

export function useExploreCountries() {
  return useQuery(exploreCountriesQueryOptions());
}
