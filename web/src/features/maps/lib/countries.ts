import type { Feature, FeatureCollection, Geometry, MultiPolygon, Polygon, Position } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';

/** Natural Earth's name and its ISO 3166-1 numeric code (the feature id; a few disputed areas have none). */
export type CountryProperties = { name: string };
export type CountryFeature = Feature<Polygon | MultiPolygon, CountryProperties>;
export type Countries = FeatureCollection<Polygon | MultiPolygon, CountryProperties>;

/** Antarctica: in Web Mercator it is a band across the bottom of every map, and no one visits it by tip. */
const ANTARCTICA = '010';

/**
 * Natural Earth's countries at 1:50m (ADR 063), from our own origin: a lazy chunk that Vite
 * emits from the world-atlas package, converted to GeoJSON once per visit.
 */
export async function loadCountries(): Promise<Countries> {
  const [{ feature }, atlas] = await Promise.all([import('topojson-client'), import('world-atlas/countries-50m.json')]);
  const topology = atlas.default as unknown as Topology<{ countries: GeometryCollection<CountryProperties> }>;
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
  return ring.map(([lng = 0, lat = 0], i) => {
    const prev = ring[i - 1]?.[0];
    if (prev !== undefined && Math.abs(lng - prev) > 180) shift += prev > lng ? 360 : -360;
    return [lng + shift, lat];
  });
}

function unwrapRings(f: CountryFeature): CountryFeature {
  const g = f.geometry;
  const geometry: Polygon | MultiPolygon =
    g.type === 'Polygon'
      ? { type: 'Polygon', coordinates: g.coordinates.map(unwrapRing) }
      : { type: 'MultiPolygon', coordinates: g.coordinates.map((polygon) => polygon.map(unwrapRing)) };
  return { ...f, geometry };
}
