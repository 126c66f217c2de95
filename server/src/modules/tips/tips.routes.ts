import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema } from '@common/schemas/common';
import { TipCreateSchema, TipInputSchema, TipOptionSchema, TipSchema } from '@common/schemas/tip';
import { TipGuidesSchema } from '@common/schemas/tip-guides';
import { requireViewer } from '@server/plugins/access';
import type { TipsService } from './tips.service';

/** /api/tips: create, read, edit and delete a tip, and the guide editor's picker. */
export function tipRoutes(app: FastifyInstance, opts: { tips: TipsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { tips } = opts;

  r.post(
    '/',
    { config: { access: 'member' }, schema: { body: TipCreateSchema, response: { 201: TipSchema } } },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      return reply.status(201).send(await tips.create(request.body, viewer.userId));
    },
  );

  r.get('/options', { config: { access: 'member' }, schema: { response: { 200: z.array(TipOptionSchema) } } }, async (request) =>
    tips.options((await requireViewer(request)).userId),
  );

  r.get(
    '/:id',
    { config: { access: 'member' }, schema: { params: IdParamsSchema, response: { 200: TipSchema } } },
    async (request) => {
      const viewer = await requireViewer(request);
      return tips.detail(request.params.id, viewer.userId, await app.hasAdminPowers(viewer));
    },
  );

  // The guides holding the tip, for its author's edit form (issue 36, ADR 103).
  r.get(
    '/:id/guides',
    { config: { access: 'member' }, schema: { params: IdParamsSchema, response: { 200: TipGuidesSchema } } },
    async (request) => tips.guidesHolding(request.params.id, (await requireViewer(request)).userId),
  );

  r.put(
    '/:id',
    { config: { access: 'member' }, schema: { params: IdParamsSchema, body: TipInputSchema, response: { 200: TipSchema } } },
    async (request) => tips.update(request.params.id, request.body, (await requireViewer(request)).userId),
  );

  r.delete('/:id', { config: { access: 'member' }, schema: { params: IdParamsSchema } }, async (request, reply) => {
    await tips.remove(request.params.id, (await requireViewer(request)).userId);
    return reply.status(204).send();
  });
}
