import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import type { Map as LeafletMap } from 'leaflet';
import type { MapView } from '../lib/map-view';

/** After a pan or zoom settles: asking on every frame of a drag would flood the server. */
const DEBOUNCE_MS = 250;

const viewOf = (map: LeafletMap): MapView => {
  const b = map.getBounds();
  return { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth(), zoom: map.getZoom() };
};

/** Reports the map's view once it is drawn and after each move (debounced), and hands out the map. */
export function MapViewEvents({ onView, onMap }: { onView: (view: MapView) => void; onMap: (map: LeafletMap) => void }) {
  const map = useMap();
  useEffect(() => {
    onMap(map);
    onView(viewOf(map));
    // Once per map: the callbacks are the parent's setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map]);
  useEffect(() => {
    let timer = 0;
    const report = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => onView(viewOf(map)), DEBOUNCE_MS);
    };
    map.on('moveend', report);
    return () => {
      map.off('moveend', report);
      window.clearTimeout(timer);
    };
  }, [map, onView]);
  return null;
}
