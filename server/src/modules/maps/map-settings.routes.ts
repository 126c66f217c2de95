import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type MapSettings, MapSettingsSchema } from '@common/schemas/map-settings';
import type { MapTilesConfig } from '../../config/env';

/** GET /api/map/settings: the optional tile layer from MAP_TILES_URL (ADR 064), for the maps. */
export function mapSettingsRoutes(app: FastifyInstance, opts: { tiles?: MapTilesConfig }) {
  const settings: MapSettings = {
    tiles: opts.tiles ? { url: opts.tiles.url, attribution: opts.tiles.attribution } : null,
  };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/settings', { config: { access: 'member' }, schema: { response: { 200: MapSettingsSchema } } }, () => settings);
}
