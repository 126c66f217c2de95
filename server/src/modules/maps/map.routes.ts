import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '@common/schemas/common';
import { GuideMapSchema, LocateQuerySchema, LocateResultSchema, MapQuerySchema, MapTipsSchema } from '@common/schemas/map';
import { requireViewer } from '@server/plugins/access';
import type { GuideMapService } from './guide-map.service';
import type { MapService } from './map.service';
import type { TipLocator } from './tip-locator';

const member = { access: 'member' } as const;

/** /api/map: the Explore map's clusters and points, and the tip form's place preview (members only). */
export function mapRoutes(app: FastifyInstance, opts: { map: MapService; locator: TipLocator }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { map, locator } = opts;

  r.get(
    '/tips',
    { config: member, schema: { querystring: MapQuerySchema, response: { 200: MapTipsSchema } } },
    async (request) => {
      return map.tips((await requireViewer(request)).userId, request.query);
    },
  );

  r.get(
    '/locate',
    { config: member, schema: { querystring: LocateQuerySchema, response: { 200: LocateResultSchema } } },
    async (request) => {
      await requireViewer(request);
      return locator.preview(request.query);
    },
  );
}

/** /api/guides/:id/map: a guide's stops per day, as its page draws them (members who may see the guide). */
export function guideMapRoutes(app: FastifyInstance, opts: { guideMap: GuideMapService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/:id/map',
    { config: member, schema: { params: IdParamsSchema, response: { 200: GuideMapSchema } } },
    async (request) => {
      const viewer = await requireViewer(request);
      return opts.guideMap.guideMap(viewer.userId, request.params.id, await app.hasAdminPowers(viewer));
    },
  );
}
