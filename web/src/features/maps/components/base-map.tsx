import 'leaflet/dist/leaflet.css';
import './base-map.css';
import type { ReactNode } from 'react';
import { AttributionControl, MapContainer, TileLayer } from 'react-leaflet';
import { cn } from '@/lib/utils';
import { useMapSettings } from '../api/get-map-settings';
import { type BoxCorners, WORLD_BOUNDS } from '../lib/map-bounds';
import { CountryLayer } from './country-layer';
import { FitBounds } from './fit-bounds';
import { MapAccessibility } from './map-accessibility';
import { MaxZoom } from './max-zoom';

/** Country shapes at 1:50m hold no more detail past this; tiles usually go to 18. */
const COUNTRY_MAX_ZOOM = 12;
const TILES_MAX_ZOOM = 18;

export interface BaseMapProps {
  /** Accessible name of the map region. */
  label: string;
  /** [[south, west], [north, east]] to fit; the world if absent. */
  bounds?: BoxCorners;
  /** Sizing (height). */
  className?: string;
  /** react-leaflet layers (markers, polylines, GeoJSON). */
  children?: ReactNode;
}

/**
 * Every map's base (ADR 063): Natural Earth's countries drawn from our own origin, with no
 * tiles unless the server names a tile server (MAP_TILES_URL, ADR 064). Keyboard: Tab focuses
 * the map, arrows pan, + and - zoom. Load it with React.lazy: Leaflet stays out of first screens.
 */
export default function BaseMap({ label, bounds, className, children }: BaseMapProps) {
  const tiles = useMapSettings().data?.tiles ?? null;
  const box = bounds ?? WORLD_BOUNDS;
  return (
    <MapContainer
      bounds={box}
      className={cn('wm-map h-80 w-full rounded-lg border', className)}
      keyboard
      minZoom={1}
      maxZoom={COUNTRY_MAX_ZOOM}
      zoomSnap={0.5}
      worldCopyJump
      attributionControl={false}
    >
      <MapAccessibility label={label} />
      <FitBounds bounds={box} />
      {tiles && <TileLayer url={tiles.url} attribution={tiles.attribution} maxZoom={TILES_MAX_ZOOM} />}
      {tiles && <MaxZoom zoom={TILES_MAX_ZOOM} />}
      {tiles && <AttributionControl prefix={false} />}
      <CountryLayer isOverTiles={tiles !== null} />
      {children}
    </MapContainer>
  );
}
