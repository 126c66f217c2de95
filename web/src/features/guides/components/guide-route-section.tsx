import { dayCountLabel } from '@common/guide-labels';
import * as React from 'react';
import { Route } from 'lucide-react';
import type { GuideMap } from '@common/schemas/map';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { dayMapSummary } from '../guide-stops';

export type GuideMapDay = GuideMap['days'][number];

/** What the guide page needs of a map: draw these days' numbered stops, each day's joined by a line. */
export type RouteMapProps = {
  /** The map region's accessible name. */
  label: string;
  days: GuideMapDay[];
  /** Several days at once: a marker names its day too ("Day 2, stop 1"). */
  isWholeTrip: boolean;
};

/** The map is given by the page (app/ composes features): the guide never loads map code itself. */
export type RouteMap = React.ComponentType<RouteMapProps>;

const WHOLE_TRIP = 0;
/** The map's height, reserved before it loads so the itinerary below does not jump. */
const MAP_HEIGHT = 'h-72 sm:h-96';

type GuideRouteSectionProps = { guideMap: GuideMap | undefined; isError: boolean; routeMap: RouteMap };

/**
 * "Route map": one map with a day selector (reads best on a phone), the whole trip first. The
 * server draws the section from the map's stops as it stays, the map's box included (the map
 * itself draws in the browser only, in that box): nothing below moves when the scripts take
 * over (ADR 100). The itinerary below is its list.
 */
export function GuideRouteSection({ guideMap, isError, routeMap: RouteMapView }: GuideRouteSectionProps) {
  const [selected, setSelected] = React.useState(WHOLE_TRIP);
  const days = guideMap?.days ?? [];
  const hasStops = days.some((day) => day.stops.length > 0);
  const shown = selected === WHOLE_TRIP ? days : days.filter((day) => day.dayNumber === selected);

  let body: React.ReactNode;
  if (isError) body = <p className="text-sm text-muted-foreground">The map could not be loaded just now.</p>;
  else if (!guideMap) body = <Skeleton className={MAP_HEIGHT} />;
  else if (!hasStops) body = <p className="text-sm text-muted-foreground">No stop of this guide has a place on the map yet.</p>;
  else {
    body = (
      <>
        <DaySelector days={days} selected={selected} onSelect={setSelected} />
        <div className={MAP_HEIGHT}>
          <RouteMapView
            label={selected === WHOLE_TRIP ? 'Map of the whole trip' : `Map of day ${selected}`}
            days={shown}
            isWholeTrip={selected === WHOLE_TRIP}
          />
        </div>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {selected === WHOLE_TRIP ? tripSummary(days) : `Day ${selected}: ${dayMapSummary(shown[0])}`}
        </p>
      </>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Route className="size-5 text-primary" aria-hidden />
          Route map
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">{body}</CardContent>
    </Card>
  );
}

function DaySelector({ days, selected, onSelect }: { days: GuideMapDay[]; selected: number; onSelect: (day: number) => void }) {
  const choices = [
    { value: WHOLE_TRIP, label: 'Whole trip' },
    ...days.map((d) => ({ value: d.dayNumber, label: `Day ${d.dayNumber}` })),
  ];
  return (
    <div role="group" aria-label="Show on the map" className="flex flex-wrap gap-2">
      {choices.map((choice) => (
        <Button
          key={choice.value}
          type="button"
          size="sm"
          variant={choice.value === selected ? 'default' : 'outline'}
          aria-pressed={choice.value === selected}
          onClick={() => onSelect(choice.value)}
        >
          {choice.label}
        </Button>
      ))}
    </div>
  );
}

function tripSummary(days: GuideMapDay[]): string {
  const stops = days.reduce((sum, day) => sum + day.stops.length, 0);
  const placedDays = days.filter((day) => day.stops.length > 0).length;
  const stopWord = stops === 1 ? 'stop' : 'stops';
  return `Whole trip: ${stops} ${stopWord} on ${dayCountLabel(placedDays)}`;
}
