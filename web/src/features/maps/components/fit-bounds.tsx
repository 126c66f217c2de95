import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import type { BoxCorners } from '../lib/map-bounds';

/** Fits the map to new bounds when the page gives others (MapContainer reads them only once). */
export function FitBounds({ bounds }: { bounds: BoxCorners }) {
  const map = useMap();
  const key = bounds.flat().join(',');
  useEffect(() => {
    map.fitBounds(bounds);
    // The key stands for the bounds: a new array with the same corners is not a move.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}
