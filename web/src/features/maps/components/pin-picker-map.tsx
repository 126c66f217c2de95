import './route-map.css';
import * as React from 'react';
import type { LatLng, Map as LeafletMap } from 'leaflet';
import { Crosshair } from 'lucide-react';
import { Marker, useMap, useMapEvents } from 'react-leaflet';
import type { Coordinates } from '@common/schemas/map';
import { Button } from '@/components/ui/button';
import { type Box, boxAround } from '../lib/route-geometry';
import BaseMap from './base-map';
import { pinIcon } from './route-markers';
import { useLoneSpan } from './use-lone-span';

export type PinPickerMapProps = {
  label: string;
  /** The member's pin, else where the tip's fields put it; null: nowhere yet. */
  point: Coordinates | null;
  isMemberPin: boolean;
  onPick: (point: Coordinates) => void;
};

/** Six decimals is about 10 cm: more is noise. Leaflet's world copies give longitudes past ±180. */
const toCoordinates = (latLng: LatLng): Coordinates => {
  const { lat, lng } = latLng.wrap();
  return { latitude: Number(lat.toFixed(6)), longitude: Number(lng.toFixed(6)) };
};

/**
 * The tip form's map: a click drops or moves the pin, the marker can be dragged, and by keyboard
 * the member pans (arrows) and presses "Place pin at map centre" (the crosshair marks it).
 */
export default function PinPickerMap({ label, point, isMemberPin, onPick }: PinPickerMapProps) {
  const [map, setMap] = React.useState<LeafletMap | null>(null);
  const box = useViewBox(point, isMemberPin);
  const icon = React.useMemo(() => pinIcon(isMemberPin), [isMemberPin]);
  const onDragEnd = React.useCallback(
    (event: { target: { getLatLng(): LatLng } }) => onPick(toCoordinates(event.target.getLatLng())),
    [onPick],
  );
  return (
    <div className="grid gap-2">
      <div className="relative">
        <BaseMap label={label} bounds={box} className="h-64 sm:h-72">
          <MapHandle onMap={setMap} />
          <PickOnClick onPick={onPick} />
          {point ? (
            <Marker
              position={[point.latitude, point.longitude]}
              icon={icon}
              draggable
              keyboard={false}
              eventHandlers={{ dragend: onDragEnd }}
            />
          ) : null}
        </BaseMap>
        <span className="wm-crosshair" aria-hidden />
      </div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="w-fit"
        disabled={!map}
        onClick={() => map && onPick(toCoordinates(map.getCenter()))}
      >
        <Crosshair aria-hidden />
        Place pin at map centre
      </Button>
    </div>
  );
}

/**
 * The box the map fits: around the located point when the fields move it (a new city), but not
 * when the member moves their own pin (the map stays where they are working).
 */
function useViewBox(point: Coordinates | null, isMemberPin: boolean): Box | undefined {
  const span = useLoneSpan();
  const around = (p: Coordinates) => boxAround([[p.latitude, p.longitude]], span);
  const key = point && !isMemberPin ? `${point.latitude},${point.longitude},${span}` : null;
  const [view, setView] = React.useState(() => ({ key, box: point ? around(point) : undefined }));
  if (point && key !== null && key !== view.key) setView({ key, box: around(point) });
  return view.box;
}

function MapHandle({ onMap }: { onMap: (map: LeafletMap) => void }) {
  const map = useMap();
  React.useEffect(() => onMap(map), [map, onMap]);
  return null;
}

function PickOnClick({ onPick }: { onPick: (point: Coordinates) => void }) {
  useMapEvents({ click: (event) => onPick(toCoordinates(event.latlng)) });
  return null;
}
