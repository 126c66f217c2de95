/** Where tips are, and what the maps read (issue 22; ADRs 058-064). */
import { z } from 'zod';
import { COUNTRIES } from '../lists/countries';
import { singleLine } from './common';

export const MAP_TEXTS = {
  latitudeRange: 'Latitude must be between -90 and 90',
  longitudeRange: 'Longitude must be between -180 and 180',
  bboxOrder: 'The south edge must be below the north edge',
  zoom: 'Zoom is a whole number from 0 to 20',
} as const;

/**
 * exact: read from the maps link; city: the gazetteer's centre of the tip's city; country: a
 * point inside the tip's country, when nothing else places it (ADR 101); pin: dropped or moved
 * by the member on the tip form's map.
 */
export const LocationPrecisionSchema = z.enum(['exact', 'city', 'country', 'pin']);
export type LocationPrecision = z.infer<typeof LocationPrecisionSchema>;

const latitude = z.number(MAP_TEXTS.latitudeRange).finite().min(-90, MAP_TEXTS.latitudeRange).max(90, MAP_TEXTS.latitudeRange);
const longitude = z
  .number(MAP_TEXTS.longitudeRange)
  .finite()
  .min(-180, MAP_TEXTS.longitudeRange)
  .max(180, MAP_TEXTS.longitudeRange);

/** A point the member chose (tip form's `pin`). */
export const CoordinatesSchema = z.object({ latitude, longitude });
export type Coordinates = z.infer<typeof CoordinatesSchema>;

/** A tip's place on the map, or null when nothing locates it. */
export const TipLocationSchema = CoordinatesSchema.extend({ precision: LocationPrecisionSchema });
export type TipLocation = z.infer<typeof TipLocationSchema>;

/** Leaflet's west/east may run past ±180 after panning round the world: the server wraps them. */
const edgeLongitude = z.coerce.number(MAP_TEXTS.longitudeRange).finite().min(-1080).max(1080);
const edgeLatitude = z.coerce
  .number(MAP_TEXTS.latitudeRange)
  .finite()
  .min(-90, MAP_TEXTS.latitudeRange)
  .max(90, MAP_TEXTS.latitudeRange);

/** GET /api/map/tips: the view's box and zoom, with Explore's search and country filter. */
export const MapQuerySchema = z
  .object({
    west: edgeLongitude,
    south: edgeLatitude,
    east: edgeLongitude,
    north: edgeLatitude,
    zoom: z.coerce.number(MAP_TEXTS.zoom).int(MAP_TEXTS.zoom).min(0, MAP_TEXTS.zoom).max(20, MAP_TEXTS.zoom),
    q: z.string().trim().max(200).optional(),
    country: z.string().trim().max(100).optional(),
  })
  .refine((b) => b.south <= b.north, { message: MAP_TEXTS.bboxOrder, path: ['south'] });
export type MapQuery = z.infer<typeof MapQuerySchema>;

export const MapBoundsSchema = z.object({ west: z.number(), south: z.number(), east: z.number(), north: z.number() });
export type MapBounds = z.infer<typeof MapBoundsSchema>;

/** Two or more public tips near each other at this zoom: their mean position and count. */
export const MapClusterSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  count: z.number(),
  /** The grid cell the cluster stands for: zooming to it splits the cluster. */
  bounds: MapBoundsSchema,
});
export type MapCluster = z.infer<typeof MapClusterSchema>;

/** One public tip, with what its pop-up card shows. */
export const MapPointSchema = z.object({
  id: z.string(),
  title: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  precision: LocationPrecisionSchema,
  country: z.string(),
  city: z.string(),
  rating: z.number().nullable(),
  photoUrl: z.string().nullable(),
  likesCount: z.number(),
});
export type MapPoint = z.infer<typeof MapPointSchema>;

export const MapTipsSchema = z.object({
  /** Tips in the box: the clusters' counts plus the points. */
  total: z.number(),
  clusters: z.array(MapClusterSchema),
  points: z.array(MapPointSchema),
});
export type MapTips = z.infer<typeof MapTipsSchema>;

/** GET /api/map/locate: where the tip form's fields put the tip, before it is saved. */
export const LocateQuerySchema = z.object({
  country: z.enum(COUNTRIES, 'Please choose a country from the list'),
  city: singleLine(z.string().trim().max(100)).default(''),
  mapsUrl: z.string().trim().max(2000).optional(),
});
export type LocateQuery = z.infer<typeof LocateQuerySchema>;

export const LocateResultSchema = z.object({
  location: TipLocationSchema.nullable(),
  /** Set when the link's point lies in another country than the one chosen: the member decides. */
  warning: z.string().nullable(),
});
export type LocateResult = z.infer<typeof LocateResultSchema>;

/** GET /api/guides/:id/map: each day's stops in itinerary order. */
export const GuideStopSchema = z.object({
  /** The itinerary item (Guide.items[].id) this stop is. */
  itemId: z.string(),
  /** 1, 2, ... within the day, counting only the stops with a place. */
  number: z.number(),
  title: z.string(),
  /** Set for a tip the viewer may open. */
  tipId: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  precision: LocationPrecisionSchema,
  /** The tip's own maps link (checked https maps link), for the exports (issue 23). */
  mapsUrl: z.string().nullable(),
});
export type GuideStop = z.infer<typeof GuideStopSchema>;

export const GuideMapSchema = z.object({
  days: z.array(z.object({ dayNumber: z.number(), stops: z.array(GuideStopSchema), unplaced: z.number() })),
});
export type GuideMap = z.infer<typeof GuideMapSchema>;
