import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MapSettings } from '@common/schemas/map-settings';
import { api } from '@/lib/api-client';

export function getMapSettings() {
  return api.get<MapSettings>('/api/map/settings');
}

/** Read once per visit: it only changes when the server restarts with another MAP_TILES_URL. */
export const mapSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['maps', 'settings'], queryFn: getMapSettings, staleTime: Infinity });

export function useMapSettings() {
  return useQuery(mapSettingsQueryOptions());
}
