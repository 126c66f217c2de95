import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

/**
 * Names the map for screen readers. react-leaflet passes no ARIA props to its container, so they
 * are set on Leaflet's element, which its keyboard handler has already made focusable.
 */
export function MapAccessibility({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-roledescription', 'map');
    container.setAttribute('aria-label', `${label} (arrow keys pan, plus and minus zoom)`);
  }, [map, label]);
  return null;
}
