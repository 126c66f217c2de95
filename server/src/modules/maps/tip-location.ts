/** A tip row's stored place as the API shows it (common/schemas/map.ts). */
import { LocationPrecisionSchema, type TipLocation } from '@common/schemas/map';

export interface LocationColumns {
  latitude: number | null;
  longitude: number | null;
  locationPrecision: string | null;
}

/** null while nothing has located the tip, or when the locator found nothing ('none'). */
export function locationOf(row: LocationColumns): TipLocation | null {
  const precision = LocationPrecisionSchema.safeParse(row.locationPrecision);
  if (!precision.success || row.latitude === null || row.longitude === null) return null;
  return { latitude: row.latitude, longitude: row.longitude, precision: precision.data };
}
