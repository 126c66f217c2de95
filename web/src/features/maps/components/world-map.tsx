import { useMemo } from 'react';
import { GeoJSON } from 'react-leaflet';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { useCountries } from '../lib/use-countries';
import { visitedFeatures } from '../lib/visited-countries';
import BaseMap from './base-map';
import { VisitedCountryList } from './visited-country-list';

type WorldMapProps = {
  /** The member's visited countries, by our names. */
  visited: readonly string[];
  selected: string | null;
  onSelect: (country: string) => void;
  /** Whose map: "Ana's countries", for the map's and the list's names. */
  label: string;
};

type VisitedProperties = { visitedName: string };

/** The profile's world (issue 22): visited countries coloured and clickable, and the same as buttons. */
export default function WorldMap({ visited, selected, onSelect, label }: WorldMapProps) {
  const countries = useCountries().data;
  const shapes = useMemo<FeatureCollection<Polygon | MultiPolygon, VisitedProperties> | null>(
    () =>
      countries
        ? {
            type: 'FeatureCollection',
            features: visitedFeatures(countries, visited).map(({ feature, name }) => ({
              ...feature,
              properties: { visitedName: name },
            })),
          }
        : null,
    [countries, visited],
  );
  return (
    <div className="grid gap-3">
      <BaseMap label={label} className="h-56 sm:h-64">
        {shapes ? (
          <GeoJSON
            // A new layer when the visited list changes: GeoJSON reads its data once.
            key={visited.join('|')}
            data={shapes}
            style={() => ({ className: 'wm-country-visited' })}
            onEachFeature={(feature: { properties: VisitedProperties }, layer) => {
              layer.on('click', () => onSelect(feature.properties.visitedName));
              layer.bindTooltip(feature.properties.visitedName, { sticky: true });
            }}
          />
        ) : null}
      </BaseMap>
      <VisitedCountryList visited={visited} selected={selected} onSelect={onSelect} />
    </div>
  );
}
