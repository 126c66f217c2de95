import { useMapSettings } from '../api/get-map-settings';

/** Over tiles a lone pin is shown among its streets (about 1 km around it). */
const SPAN_OVER_TILES = 0.005;
/** Over country shapes alone there are no streets: the region, with its coasts and borders, says more. */
const SPAN_OVER_SHAPES = 2.5;

/** How many degrees around a lone point a map shows, by what the base map can draw. */
export function useLoneSpan(): number {
  return useMapSettings().data?.tiles ? SPAN_OVER_TILES : SPAN_OVER_SHAPES;
}
