import './route-map.css';
import { useMemo } from 'react';
import { Marker } from 'react-leaflet';
import type { Coordinates } from '@common/schemas/map';
import { boxAround } from '../lib/route-geometry';
import BaseMap from './base-map';
import { pinIcon } from './route-markers';
import { useLoneSpan } from './use-lone-span';

export type TipPinMapProps = { label: string; point: Coordinates; className?: string };

/** The tip page's small map: the tip's pin, nothing to press (the page's text says where it is). */
export default function TipPinMap({ label, point, className }: TipPinMapProps) {
  const icon = useMemo(() => pinIcon(false), []);
  const span = useLoneSpan();
  return (
    <BaseMap label={label} bounds={boxAround([[point.latitude, point.longitude]], span)} className={className}>
      <Marker position={[point.latitude, point.longitude]} icon={icon} interactive={false} keyboard={false} />
    </BaseMap>
  );
}
