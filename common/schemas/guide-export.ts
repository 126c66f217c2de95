/** Exports of a guide (issue 23, ADRs 066-067): the calendar's query, file names and maps links. */
import { z } from 'zod';
import { dayOf } from './calendar-date';
import type { LocationPrecision } from './map';

export const EXPORT_TEXTS = {
  badStart: "Choose the trip's first day as a date (YYYY-MM-DD)",
  startOutOfRange: 'The first day must be between the years 1900 and 2200',
} as const;

export { dayOf };

/** GET /api/guides/:id/calendar.ics?start=YYYY-MM-DD: the trip's first day. */
export const CalendarQuerySchema = z.object({
  start: z
    .string(EXPORT_TEXTS.badStart)
    .trim()
    .refine((v) => dayOf(v) !== null, EXPORT_TEXTS.badStart)
    .refine((v) => {
      const year = dayOf(v)?.getUTCFullYear() ?? 2000;
      return year >= 1900 && year < 2200;
    }, EXPORT_TEXTS.startOutOfRange),
});
export type CalendarQuery = z.infer<typeof CalendarQuerySchema>;

/**
 * A file name any system accepts: the title in ASCII letters, digits and dashes (accents
 * dropped), at most 60 characters, 'guide' when nothing is left.
 */
export function exportFileName(title: string, extension: 'ics' | 'gpx'): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'guide'}.${extension}`;
}

/** A stop's maps link: the tip's own link when it has one, else OpenStreetMap at its place (ADR 066). */
export function stopMapsLink(stop: {
  mapsUrl: string | null;
  latitude: number;
  longitude: number;
  precision: LocationPrecision;
}): string {
  if (stop.mapsUrl) return stop.mapsUrl;
  const zoom = { exact: 17, pin: 17, city: 12, country: 6 }[stop.precision];
  const [lat, lon] = [stop.latitude.toFixed(5), stop.longitude.toFixed(5)];
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=${zoom}/${lat}/${lon}`;
}
