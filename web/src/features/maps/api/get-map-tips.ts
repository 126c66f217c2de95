import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MapQuery, MapTips } from '@common/schemas/map';
import { api } from '@/lib/api-client';

/** The query string of GET /api/map/tips; an empty search or country is left out. */
export function mapTipsParams({ west, south, east, north, zoom, q, country }: MapQuery) {
  const params = new URLSearchParams({
    west: String(west),
    south: String(south),
    east: String(east),
    north: String(north),
    zoom: String(zoom),
  });
  if (q) params.set('q', q);
  if (country) params.set('country', country);
  return params;
}

export function getMapTips(query: MapQuery) {
  return api.get<MapTips>(`/api/map/tips?${mapTipsParams(query)}`);
}

export const mapTipsQueryOptions = (query: MapQuery) =>
  queryOptions({
    queryKey: ['maps', 'tips', query],
    queryFn: () => getMapTips(query),
    // The markers stay while the next view loads: a pan does not blank the map.
    placeholderData: keepPreviousData,
  });

/** null: the map has not reported its view yet. */
export function useMapTips(query: MapQuery | null) {
  return useQuery({ ...mapTipsQueryOptions(query ?? EMPTY_VIEW), enabled: query !== null });
}

const EMPTY_VIEW: MapQuery = { west: 0, south: 0, east: 0, north: 0, zoom: 0 };
