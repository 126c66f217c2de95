import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminStatsSchema,
  AdminUserSchema,
  AdminUsersQuerySchema,
  PendingActivationSchema,
  ResendResultSchema,
  RoleChangeSchema,
  SystemMessageActiveSchema,
  SystemMessageInputSchema,
  TipTypeInputSchema,
} from '@common/schemas/admin';
import { IdParamsSchema, pageSchema } from '@common/schemas/common';
import { SystemMessageSchema } from '@common/schemas/system-message';
import { TipTypeSchema } from '@common/schemas/tip-type';
import { requireViewer } from '@server/plugins/access';
import { actorOf } from '../audit/actor';
import type { AdminService } from './admin.service';

const admin = { access: 'admin' } as const;

/** /api/admin: the admin panel (issue 5). Every route is admin-only, checked on every request. */
export function adminRoutes(app: FastifyInstance, opts: { admin: AdminService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const svc = opts.admin;

  r.get('/stats', { config: admin, schema: { response: { 200: AdminStatsSchema } } }, async () => svc.stats());

  r.get(
    '/users',
    { config: admin, schema: { querystring: AdminUsersQuerySchema, response: { 200: pageSchema(AdminUserSchema) } } },
    async (request) => svc.listUsers(request.query.cursor, request.query.limit, request.query.q),
  );

  r.patch(
    '/users/:id/role',
    { config: admin, schema: { params: IdParamsSchema, body: RoleChangeSchema, response: { 200: AdminUserSchema } } },
    async (request) => svc.changeRole(request.params.id, request.body.role, actorOf(await requireViewer(request))),
  );

  r.delete('/users/:id', { config: admin, schema: { params: IdParamsSchema } }, async (request, reply) => {
    await svc.deleteUser(request.params.id, actorOf(await requireViewer(request)));
    return reply.status(204).send();
  });

  r.get('/pending-activations', { config: admin, schema: { response: { 200: z.array(PendingActivationSchema) } } }, async () =>
    svc.listActivations(),
  );

  r.post(
    '/pending-activations/:id/resend',
    { config: admin, schema: { params: IdParamsSchema, response: { 200: ResendResultSchema } } },
    async (request) => svc.resendActivation(request.params.id, actorOf(await requireViewer(request))),
  );

  r.delete('/pending-activations/:id', { config: admin, schema: { params: IdParamsSchema } }, async (request, reply) => {
    await svc.deleteActivation(request.params.id, actorOf(await requireViewer(request)));
    return reply.status(204).send();
  });

  r.get('/system-messages', { config: admin, schema: { response: { 200: z.array(SystemMessageSchema) } } }, async () =>
    svc.listMessages(),
  );

  r.post(
    '/system-messages',
    { config: admin, schema: { body: SystemMessageInputSchema, response: { 201: SystemMessageSchema } } },
    async (request, reply) => {
      const message = await svc.createMessage(request.body, actorOf(await requireViewer(request)));
      return reply.status(201).send(message);
    },
  );

  r.put(
    '/system-messages/:id',
    { config: admin, schema: { params: IdParamsSchema, body: SystemMessageInputSchema, response: { 200: SystemMessageSchema } } },
    async (request) => svc.updateMessage(request.params.id, request.body, actorOf(await requireViewer(request))),
  );

  r.patch(
    '/system-messages/:id/active',
    {
      config: admin,
      schema: { params: IdParamsSchema, body: SystemMessageActiveSchema, response: { 200: SystemMessageSchema } },
    },
    async (request) =>
      svc.updateMessage(request.params.id, { isActive: request.body.isActive }, actorOf(await requireViewer(request))),
  );

  r.post(
    '/tip-types',
    { config: admin, schema: { body: TipTypeInputSchema, response: { 201: TipTypeSchema } } },
    async (request, reply) =>
      reply.status(201).send(await svc.createTipType(request.body.name, actorOf(await requireViewer(request)))),
  );

  r.put(
    '/tip-types/:id',
    { config: admin, schema: { params: IdParamsSchema, body: TipTypeInputSchema, response: { 200: TipTypeSchema } } },
    async (request) => svc.renameTipType(request.params.id, request.body.name, actorOf(await requireViewer(request))),
  );
}
