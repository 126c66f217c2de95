import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

/** Raises the zoom limit once the settings say tiles are drawn (MapContainer reads options once). */
export function MaxZoom({ zoom }: { zoom: number }) {
  const map = useMap();
  useEffect(() => {
    map.setMaxZoom(zoom);
  }, [map, zoom]);
  return null;
}
