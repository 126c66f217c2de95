import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageSchema } from '@common/schemas/common';
import { MemberResultSchema, MemberSearchQuerySchema } from '@common/schemas/member-search';
import { requireViewer } from '@server/plugins/access';
import type { MembersService } from './members.service';

const member = { access: 'member' } as const;

/** /api/members: members found by name or handle (issue 36). */
export function memberRoutes(app: FastifyInstance, opts: { members: MembersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/',
    { config: member, schema: { querystring: MemberSearchQuerySchema, response: { 200: pageSchema(MemberResultSchema) } } },
    async (request) => opts.members.search((await requireViewer(request)).userId, request.query),
  );
}
