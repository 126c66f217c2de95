import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, PageQuerySchema, pageSchema } from '@common/schemas/common';
import { InvitationDecisionResultSchema, InvitationRequestSchema, InvitationSchema } from '@common/schemas/invitation';
import { requireViewer } from '@server/plugins/access';
import { limitPerIp } from '@server/plugins/rate-limit';
import { actorOf } from '../audit/actor';
import type { InvitationsService } from './invitations.service';

/** POST /api/invitations: submit_invitation_request, open to visitors. */
export function invitationRequestRoutes(app: FastifyInstance, opts: { invitations: InvitationsService }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/',
    {
      config: { access: 'public', rateLimit: limitPerIp(app, 'invitationRequest') },
      schema: { body: InvitationRequestSchema, response: { 201: z.object({ ok: z.literal(true) }) } },
    },
    async (request, reply) => {
      await opts.invitations.submit(request.body);
      return reply.status(201).send({ ok: true as const });
    },
  );
}

/** /api/admin/invitations: the admin's list and decisions. */
export function adminInvitationRoutes(app: FastifyInstance, opts: { invitations: InvitationsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { invitations } = opts;

  r.get(
    '/',
    {
      config: { access: 'admin' },
      schema: { querystring: PageQuerySchema, response: { 200: pageSchema(InvitationSchema) } },
    },
    async (request) => invitations.list(request.query.cursor, request.query.limit),
  );

  r.post(
    '/:id/approve',
    { config: { access: 'admin' }, schema: { params: IdParamsSchema, response: { 200: InvitationDecisionResultSchema } } },
    async (request) => invitations.approve(request.params.id, actorOf(await requireViewer(request))),
  );

  r.post(
    '/:id/reject',
    { config: { access: 'admin' }, schema: { params: IdParamsSchema, response: { 200: InvitationDecisionResultSchema } } },
    async (request) => invitations.reject(request.params.id, actorOf(await requireViewer(request))),
  );

  r.delete('/:id', { config: { access: 'admin' }, schema: { params: IdParamsSchema } }, async (request, reply) => {
    await invitations.remove(request.params.id, actorOf(await requireViewer(request)));
    return reply.status(204).send();
  });
}
