import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, PageQuerySchema, pageSchema } from '@common/schemas/common';
import { ConnectionEntrySchema, ConnectionRequestSchema, MyConnectionsSchema, RelationSchema } from '@common/schemas/connection';
import { ProfileCardSchema } from '@common/schemas/profile';
import { requireViewer } from '@server/plugins/access';
import type { ConnectionsService } from './connections.service';

const member = { access: 'member' } as const;
const UserParamsSchema = z.object({ userId: z.uuid('Not a valid member id') });

/** /api/connections: the caller's connections, Discover, and the request transitions. */
export function connectionRoutes(app: FastifyInstance, opts: { connections: ConnectionsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { connections } = opts;

  r.get('/', { config: member, schema: { response: { 200: MyConnectionsSchema } } }, async (request) =>
    connections.mine((await requireViewer(request)).userId),
  );

  r.get(
    '/discover',
    { config: member, schema: { querystring: PageQuerySchema, response: { 200: pageSchema(ProfileCardSchema) } } },
    async (request) => connections.discover((await requireViewer(request)).userId, request.query),
  );

  r.post(
    '/',
    { config: member, schema: { body: ConnectionRequestSchema, response: { 201: ConnectionEntrySchema } } },
    async (request, reply) => {
      const entry = await connections.request((await requireViewer(request)).userId, request.body.addresseeId);
      return reply.status(201).send(entry);
    },
  );

  r.post(
    '/:id/accept',
    { config: member, schema: { params: IdParamsSchema, response: { 200: ConnectionEntrySchema } } },
    async (request) => connections.accept((await requireViewer(request)).userId, request.params.id),
  );

  r.post(
    '/:id/reject',
    { config: member, schema: { params: IdParamsSchema, response: { 200: ConnectionEntrySchema } } },
    async (request) => connections.reject((await requireViewer(request)).userId, request.params.id),
  );

  // Either member ends an accepted connection (docs/product.md#connections, ADR 087); DELETE stays the requester's cancel.
  r.post('/:id/remove', { config: member, schema: { params: IdParamsSchema } }, async (request, reply) => {
    await connections.remove((await requireViewer(request)).userId, request.params.id);
    return reply.status(204).send();
  });

  r.delete('/:id', { config: member, schema: { params: IdParamsSchema } }, async (request, reply) => {
    await connections.cancel((await requireViewer(request)).userId, request.params.id);
    return reply.status(204).send();
  });
}

/** /api/users/:userId/connections and /relation. */
export function userConnectionRoutes(app: FastifyInstance, opts: { connections: ConnectionsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { connections } = opts;

  r.get(
    '/:userId/connections',
    { config: member, schema: { params: UserParamsSchema, response: { 200: z.array(ConnectionEntrySchema) } } },
    async (request) => connections.acceptedOf((await requireViewer(request)).userId, request.params.userId),
  );

  r.get(
    '/:userId/relation',
    {
      config: member,
      schema: {
        params: UserParamsSchema,
        response: { 200: z.object({ relation: RelationSchema, connectionId: z.string().nullable() }) },
      },
    },
    async (request) => connections.relation((await requireViewer(request)).userId, request.params.userId),
  );
}
