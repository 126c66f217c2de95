import { geoContains } from 'd3-geo';
import type { Position } from 'geojson';
import { type Countries, type CountryFeature, mapRings } from './countries';

type Box = { west: number; south: number; east: number; north: number };
type Indexed = { feature: CountryFeature; onSphere: CountryFeature; box: Box };

const indexes = new WeakMap<Countries, Indexed[]>();

const ringsOf = (f: CountryFeature): Position[][] =>
  f.geometry.type === 'Polygon' ? f.geometry.coordinates : f.geometry.coordinates.flat();

/** The box of the shape as Leaflet draws it (unwrapped past ±180, so west < east always). */
function boxOf(f: CountryFeature): Box {
  const points = ringsOf(f).flat();
  const lngs = points.map(([lng = 0]) => lng);
  const lats = points.map(([, lat = 0]) => lat);
  return { west: Math.min(...lngs), east: Math.max(...lngs), south: Math.min(...lats), north: Math.max(...lats) };
}

/** Back by one turn only past ±180: the shapes' own ±180 on the cut line stay as Natural Earth has them. */
const unshift = (lng: number) => (lng > 180 ? lng - 360 : lng < -180 ? lng + 360 : lng);
const unshiftRing = (ring: Position[]) => ring.map(([lng = 0, lat = 0]) => [unshift(lng), lat]);

/** d3 works on the sphere with longitudes in [-180, 180]: the unwrapped shapes (countries.ts) go back. */
const onSphere = (f: CountryFeature) => mapRings(f, unshiftRing);

/** A box test first: geoContains walks every vertex, and most countries are far from the point. */
function indexOf(countries: Countries): Indexed[] {
  let index = indexes.get(countries);
  if (!index) {
    index = countries.features.map((feature) => ({ feature, onSphere: onSphere(feature), box: boxOf(feature) }));
    indexes.set(countries, index);
  }
  return index;
}

function isInBox(box: Box, lng: number, lat: number): boolean {
  if (lat < box.south || lat > box.north) return false;
  return [lng - 360, lng, lng + 360].some((x) => x >= box.west && x <= box.east);
}

/** The Natural Earth name of the country at a point, for the clusters' names in the list; null at sea. */
export function countryAt(countries: Countries, lat: number, lng: number): string | null {
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
  const hit = indexOf(countries).find(({ onSphere, box }) => isInBox(box, wrapped, lat) && geoContains(onSphere, [wrapped, lat]));
  return hit?.feature.properties.name ?? null;
}
