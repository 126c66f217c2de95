import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BlockRequestSchema, BlockedMemberSchema } from '@common/schemas/block';
import { PageQuerySchema, pageSchema } from '@common/schemas/common';
import { requireViewer } from '@server/plugins/access';
import type { BlocksService } from './blocks.service';

const member = { access: 'member' } as const;
const UserParamsSchema = z.object({ userId: z.uuid('Not a valid member id') });

/** /api/blocks: the caller's Blocked members, block and unblock (issue 25, ADR 086). */
export function blockRoutes(app: FastifyInstance, opts: { blocks: BlocksService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { blocks } = opts;

  r.get(
    '/',
    { config: member, schema: { querystring: PageQuerySchema, response: { 200: pageSchema(BlockedMemberSchema) } } },
    async (request) => blocks.list((await requireViewer(request)).userId, request.query),
  );

  r.post('/', { config: member, schema: { body: BlockRequestSchema } }, async (request, reply) => {
    await blocks.block((await requireViewer(request)).userId, request.body.memberId);
    return reply.status(204).send();
  });

  r.delete('/:userId', { config: member, schema: { params: UserParamsSchema } }, async (request, reply) => {
    await blocks.unblock((await requireViewer(request)).userId, request.params.userId);
    return reply.status(204).send();
  });
}
