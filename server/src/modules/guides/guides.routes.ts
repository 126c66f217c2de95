import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '@common/schemas/common';
import { GuideCreateSchema, GuideSchema, GuideUpdateSchema } from '@common/schemas/guide';
import { requireViewer } from '@server/plugins/access';
import type { GuidesService } from './guides.service';

const member = { access: 'member' } as const;

/** /api/guides: create, read, edit and delete a guide with its itinerary. */
export function guideRoutes(app: FastifyInstance, opts: { guides: GuidesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { guides } = opts;

  r.post('/', { config: member, schema: { body: GuideCreateSchema, response: { 201: GuideSchema } } }, async (request, reply) => {
    const guide = await guides.create((await requireViewer(request)).userId, request.body);
    return reply.status(201).send(guide);
  });

  r.get('/:id', { config: member, schema: { params: IdParamsSchema, response: { 200: GuideSchema } } }, async (request) => {
    const viewer = await requireViewer(request);
    return guides.get(viewer.userId, request.params.id, await app.hasAdminPowers(viewer));
  });

  r.put(
    '/:id',
    { config: member, schema: { params: IdParamsSchema, body: GuideUpdateSchema, response: { 200: GuideSchema } } },
    async (request) => guides.update((await requireViewer(request)).userId, request.params.id, request.body),
  );

  r.delete('/:id', { config: member, schema: { params: IdParamsSchema } }, async (request, reply) => {
    await guides.remove((await requireViewer(request)).userId, request.params.id);
    return reply.status(204).send();
  });
}
