/**
 * Where a tip is (issue 22, ADR 061): the member's pin, else the coordinates in its maps link
 * ("exact"), else the centre of its city from the offline gazetteer ("city"), else a point of its
 * country ("country", issue 36, ADR 101): a tip in a place too small for the gazetteer is still
 * on the map and in its counts, and its page says where it is drawn. Nothing here asks another
 * server (docs/product.md#nothing-leaves-the-origin): short links stay unread.
 */
import { coordinatesFromMapsLink } from '@common/maps-link-coordinates';
import type { Coordinates, LocateQuery, LocateResult, TipLocation } from '@common/schemas/map';

/** The gazetteer as the locator needs it (server/src/modules/maps/gazetteer). */
export interface Gazetteer {
  findCity(country: string, city: string): Promise<{ latitude: number; longitude: number } | null>;
  countryAt(latitude: number, longitude: number): Promise<string | null>;
  /** A point inside the country (ADR 101); null only for a name outside the country list. */
  countryPoint(country: string): Promise<{ latitude: number; longitude: number } | null>;
}

export interface PlaceFields {
  googleMapsUrl: string | null;
  country: string;
  city: string;
}

/** The columns a tip's place is stored in: precision 'none' once nothing could place it. */
export interface StoredLocation {
  latitude: number | null;
  longitude: number | null;
  locationPrecision: 'exact' | 'city' | 'country' | 'pin' | 'none';
}

export const LOCATOR_TEXTS = {
  otherCountry: (linkCountry: string, chosen: string) =>
    `This maps link points to a place in ${linkCountry}, not ${chosen}. Check the country or the link; you can still save.`,
} as const;

const stored = (location: TipLocation | null): StoredLocation =>
  location
    ? { latitude: location.latitude, longitude: location.longitude, locationPrecision: location.precision }
    : { latitude: null, longitude: null, locationPrecision: 'none' };

export function createTipLocator(gazetteer: Gazetteer) {
  /** The link's point, the city's centre, or the country's point. */
  async function automatic(fields: PlaceFields): Promise<TipLocation | null> {
    const fromLink = fields.googleMapsUrl ? coordinatesFromMapsLink(fields.googleMapsUrl) : null;
    if (fromLink) return { ...fromLink, precision: 'exact' };
    const city = fields.city.trim() ? await gazetteer.findCity(fields.country, fields.city) : null;
    if (city) return { latitude: city.latitude, longitude: city.longitude, precision: 'city' };
    const country = await gazetteer.countryPoint(fields.country);
    return country ? { latitude: country.latitude, longitude: country.longitude, precision: 'country' } : null;
  }

  /** A tip's columns from its fields and the member's pin (a pin always wins). */
  async function locate(fields: PlaceFields, pin: Coordinates | null | undefined): Promise<StoredLocation> {
    if (pin) return stored({ ...pin, precision: 'pin' });
    return stored(await automatic(fields));
  }

  /** GET /api/map/locate: the form's preview, warning when the link's point is in another country. */
  async function preview(query: LocateQuery): Promise<LocateResult> {
    const location = await automatic({ googleMapsUrl: query.mapsUrl || null, country: query.country, city: query.city });
    if (location?.precision !== 'exact') return { location, warning: null };
    const linkCountry = await gazetteer.countryAt(location.latitude, location.longitude);
    const warning = linkCountry && linkCountry !== query.country ? LOCATOR_TEXTS.otherCountry(linkCountry, query.country) : null;
    return { location, warning };
  }

  return { locate, preview };
}

export type TipLocator = ReturnType<typeof createTipLocator>;
