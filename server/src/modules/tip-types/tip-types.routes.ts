import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TipTypeSchema } from '@common/schemas/tip-type';
import type { TipTypesService } from './tip-types.service';

/** GET /api/tip-types: the categories, ordered by name (docs/product.md#the-admin-panel), for members. */
export function tipTypeRoutes(app: FastifyInstance, opts: { tipTypes: TipTypesService }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/', { config: { access: 'member' }, schema: { response: { 200: z.array(TipTypeSchema) } } }, () =>
      opts.tipTypes.list(),
    );
}
