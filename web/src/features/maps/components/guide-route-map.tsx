import './route-map.css';
import { useMemo } from 'react';
import type { LeafletKeyboardEvent, Marker as LeafletMarker } from 'leaflet';
import { Link } from 'react-router';
import { Marker, Pane, Polyline, Popup } from 'react-leaflet';
import type { GuideMap, GuideStop } from '@common/schemas/map';
import { routeOf, stopLabel, type Position } from '../lib/route-geometry';
import BaseMap from './base-map';
import { dayColour, stopIcon } from './route-markers';
import { tipPath } from '@/components/navigation/content-path';

export type GuideRouteMapProps = {
  label: string;
  days: GuideMap['days'];
  /** Several days at once: a marker names its day too. */
  isWholeTrip: boolean;
};

/**
 * A guide's stops, numbered 1, 2, ... per day in itinerary order and joined by a line per day.
 * Each marker is a button (Tab, Enter) named by its number and title; it opens the stop's card.
 */
export default function GuideRouteMap({ label, days, isWholeTrip }: GuideRouteMapProps) {
  const { lines, box } = useMemo(() => routeOf(days), [days]);
  return (
    <BaseMap label={label} bounds={box} className="h-full">
      {/* Above the overlay pane, where the country shapes (loaded later) would cover the lines. */}
      <Pane name="wm-routes" style={{ zIndex: 450 }}>
        {lines.map((line) =>
          line.positions.length > 1 ? (
            <Polyline
              key={`line-${line.dayNumber}`}
              positions={line.positions}
              className={`wm-route wm-day-${dayColour(line.dayNumber)}`}
              interactive={false}
            />
          ) : null,
        )}
      </Pane>
      {days.flatMap((day, d) =>
        day.stops.map((stop, s) => (
          <StopMarker
            key={`${day.dayNumber}-${stop.number}`}
            stop={stop}
            dayNumber={day.dayNumber}
            position={lines[d]?.positions[s] ?? [stop.latitude, stop.longitude]}
            isWholeTrip={isWholeTrip}
          />
        )),
      )}
    </BaseMap>
  );
}

/** Leaflet turns Enter on a focused marker into a click; Space, which also presses a button, it ignores. */
const OPEN_ON_SPACE = {
  keydown: (event: LeafletKeyboardEvent) => {
    if (event.originalEvent.key !== ' ') return;
    event.originalEvent.preventDefault();
    (event.target as LeafletMarker).openPopup();
  },
};

type StopMarkerProps = { stop: GuideStop; dayNumber: number; position: Position; isWholeTrip: boolean };

function StopMarker({ stop, dayNumber, position, isWholeTrip }: StopMarkerProps) {
  const label = stopLabel(dayNumber, stop.number, stop.title, isWholeTrip);
  const icon = useMemo(() => stopIcon(stop.number, label, dayColour(dayNumber)), [stop.number, label, dayNumber]);
  return (
    <Marker position={position} icon={icon} keyboard eventHandlers={OPEN_ON_SPACE}>
      <Popup autoPanPaddingTopLeft={[48, 12]}>
        <p className="m-0 text-xs text-muted-foreground">
          {isWholeTrip ? `Day ${dayNumber}, stop ${stop.number}` : `Stop ${stop.number}`}
        </p>
        {stop.tipId ? (
          <Link to={tipPath(stop.tipId)} className="font-medium text-primary hover:underline">
            {stop.title}
          </Link>
        ) : (
          <p className="m-0 font-medium">{stop.title}</p>
        )}
      </Popup>
    </Marker>
  );
}
