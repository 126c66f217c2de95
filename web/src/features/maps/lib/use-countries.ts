import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadCountries } from './countries';

/** The country shapes never change within a build: loaded once, kept for the visit. */
export const countriesQueryOptions = () =>
  queryOptions({ queryKey: ['maps', 'countries'], queryFn: loadCountries, staleTime: Infinity, gcTime: Infinity });

export function useCountries() {
  return useQuery(countriesQueryOptions());
}
