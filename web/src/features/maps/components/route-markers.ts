import { divIcon, type DivIcon } from 'leaflet';

/**
 * The maps' markers, drawn by CSS (route-map.css) rather than Leaflet's default PNGs, which
 * Vite does not bundle. Content is built as DOM nodes, never as HTML text: titles are members'.
 */
// The drop is a square with one sharp corner turned 45 degrees: its point is 12 * sqrt(2) below the centre.
export function pinIcon(isMemberPin: boolean): DivIcon {
  const dot = document.createElement('span');
  dot.className = isMemberPin ? 'wm-pin wm-pin-member' : 'wm-pin';
  return divIcon({ html: dot, className: 'wm-marker', iconSize: [24, 24], iconAnchor: [12, 29] });
}

/** A numbered stop: the number shows, the label (number, day, title) is its accessible name. */
export function stopIcon(number: number, label: string, colour: number): DivIcon {
  const badge = document.createElement('span');
  badge.className = `wm-stop wm-day-${colour}`;
  const visible = document.createElement('span');
  visible.setAttribute('aria-hidden', 'true');
  visible.textContent = String(number);
  const name = document.createElement('span');
  name.className = 'sr-only';
  name.textContent = label;
  badge.append(visible, name);
  return divIcon({ html: badge, className: 'wm-marker', iconSize: [28, 28], iconAnchor: [14, 14], popupAnchor: [0, -14] });
}

/** Days cycle through this many line and marker colours (route-map.css). */
export const DAY_COLOURS = 6;
export const dayColour = (dayNumber: number) => (dayNumber - 1) % DAY_COLOURS;
