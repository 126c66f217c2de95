/** GET /api/map/settings: what the maps draw under their country shapes (ADR 064). */
import { z } from 'zod';

export const MapTilesSchema = z.object({
  /** A tile URL template with {z}, {x} and {y}, on the one origin the CSP allows. */
  url: z.string(),
  attribution: z.string(),
});
export type MapTiles = z.infer<typeof MapTilesSchema>;

export const MapSettingsSchema = z.object({
  /** null: no tiles (the default), the maps draw country shapes only. */
  tiles: MapTilesSchema.nullable(),
});
export type MapSettings = z.infer<typeof MapSettingsSchema>;
