/**
 * The maps pages compose into the tip and guide features (app/ passes them in): small wrappers
 * whose map code loads lazily and in the browser only.
 */
import * as React from 'react';
import type { GuideRouteMapProps } from './guide-route-map';
import { BrowserMap } from './map-frame';
import type { PinPickerMapProps } from './pin-picker-map';
import type { TipPinMapProps } from './tip-pin-map';

const TipPinMapView = React.lazy(() => import('./tip-pin-map'));
const PinPickerMapView = React.lazy(() => import('./pin-picker-map'));
const GuideRouteMapView = React.lazy(() => import('./guide-route-map'));

/** The tip page's pin. */
export function TipPinMap(props: TipPinMapProps) {
  const className = props.className ?? 'h-48';
  return (
    <BrowserMap className={className}>
      <TipPinMapView {...props} className={className} />
    </BrowserMap>
  );
}

/** The tip form's Location map. */
export function PinPickerMap(props: PinPickerMapProps) {
  return (
    <BrowserMap className="h-72 sm:h-80">
      <PinPickerMapView {...props} />
    </BrowserMap>
  );
}

/** The guide page's route; it fills the box the page gives it. */
export function GuideRouteMap(props: GuideRouteMapProps) {
  return (
    <BrowserMap className="h-full">
      <GuideRouteMapView {...props} />
    </BrowserMap>
  );
}
