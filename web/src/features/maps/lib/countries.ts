import type { Feature, FeatureCollection, Geometry, MultiPolygon, Polygon, Position } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { feature } from 'topojson-client';
import countriesUrl from 'world-atlas/countries-50m.json?url';

/** Natural Earth's name and its ISO 3166-1 numeric code (the feature id; a few disputed areas have none). */
export type CountryProperties = { name: string };
export type CountryFeature = Feature<Polygon | MultiPolygon, CountryProperties>;
export type Countries = FeatureCollection<Polygon | MultiPolygon, CountryProperties>;

/** Antarctica: in Web Mercator it is a band across the bottom of every map, and no one visits it by tip. */
const ANTARCTICA = '010';

export type CountriesTopology = Topology<{ countries: GeometryCollection<CountryProperties> }>;

/**
 * Natural Earth's countries at 1:50m (ADR 063), from our own origin: a hashed asset Vite copies
 * from the world-atlas package (data, not a script: JSON.parse is quicker than running it as a
 * module, and it is cached for a year), converted to GeoJSON once per visit.
 */
export async function loadCountries(): Promise<Countries> {
  const response = await fetch(countriesUrl, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`country shapes: HTTP ${response.status}`);
  return toCountries((await response.json()) as CountriesTopology);
}

/** TopoJSON to the GeoJSON Leaflet draws: no Antarctica, rings unwrapped at the antimeridian. */
export function toCountries(topology: CountriesTopology): Countries {
  const collection: FeatureCollection<Geometry, CountryProperties> = feature(topology, topology.objects.countries);
  return { type: 'FeatureCollection', features: collection.features.filter(isShownCountry).map(unwrapRings) };
}

function isShownCountry(f: Feature<Geometry, CountryProperties>): f is CountryFeature {
  return f.id !== ANTARCTICA && (f.geometry.type === 'Polygon' || f.geometry.type === 'MultiPolygon');
}

/**
 * Rings that cross the antimeridian (Russia's Chukotka, Fiji) jump from +180 to -180 and back,
 * which Leaflet draws as a stroke across the whole map: the far side is shifted by 360 degrees,
 * so the shape runs on past the edge instead.
 */
export function unwrapRing(ring: Position[]): Position[] {
  let shift = 0;
  const unwrapped = ring.map(([lng = 0, lat = 0], i) => {
    const prev = ring[i - 1]?.[0];
    if (prev !== undefined && Math.abs(lng - prev) > 180) shift += prev > lng ? 360 : -360;
    return [lng + shift, lat];
  });
  // A ring that starts on the far side would run off the west edge instead: brought back east.
  const west = Math.min(...unwrapped.map(([lng = 0]) => lng));
  return west < -180 ? unwrapped.map(([lng = 0, lat = 0]) => [lng + 360, lat]) : unwrapped;
}

/** The feature with each ring of its polygons passed through `ring`. */
export function mapRings(f: CountryFeature, ring: (r: Position[]) => Position[]): CountryFeature {
  const g = f.geometry;
  const geometry: Polygon | MultiPolygon =
    g.type === 'Polygon'
      ? { type: 'Polygon', coordinates: g.coordinates.map(ring) }
      : { type: 'MultiPolygon', coordinates: g.coordinates.map((polygon) => polygon.map(ring)) };
  return { ...f, geometry };
}

const unwrapRings = (f: CountryFeature) => mapRings(f, unwrapRing);
