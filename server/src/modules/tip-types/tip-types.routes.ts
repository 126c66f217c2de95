import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TipTypeSchema } from '@common/schemas/tip-type';
import type { Database } from '@db/client';
import { listTipTypes } from './tip-types.repository';

/** GET /api/tip-types: the categories, ordered by name (SPEC 3), for members. */
export async function tipTypeRoutes(app: FastifyInstance, opts: { db: Database }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/', { config: { access: 'member' }, schema: { response: { 200: z.array(TipTypeSchema) } } }, async () => {
      const rows = await listTipTypes(opts.db);
      return rows.map((t) => ({ id: t.id, name: t.name, color: t.color, createdAt: t.createdAt.toISOString() }));
    });
}
