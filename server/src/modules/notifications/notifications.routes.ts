import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, PageQuerySchema, pageSchema } from '@common/schemas/common';
import { NotificationCountsSchema, NotificationFilterSchema, NotificationSchema } from '@common/schemas/notification';
import { requireViewer } from '@server/plugins/access';
import type { NotificationsService } from './notifications.service';

const member = { access: 'member' } as const;
const ListQuerySchema = PageQuerySchema.extend({ filter: NotificationFilterSchema.default('all') });

/** /api/notifications: the caller's own notifications (docs/product.md#notifications). */
export function notificationRoutes(app: FastifyInstance, opts: { notifications: NotificationsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { notifications } = opts;

  r.get(
    '/',
    { config: member, schema: { querystring: ListQuerySchema, response: { 200: pageSchema(NotificationSchema) } } },
    async (request) => notifications.list((await requireViewer(request)).userId, request.query),
  );

  r.get('/counts', { config: member, schema: { response: { 200: NotificationCountsSchema } } }, async (request) =>
    notifications.counts((await requireViewer(request)).userId),
  );

  r.post('/read-all', { config: member, schema: { response: { 200: z.object({ updated: z.number() }) } } }, async (request) =>
    notifications.markAllRead((await requireViewer(request)).userId),
  );

  r.post(
    '/:id/read',
    { config: member, schema: { params: IdParamsSchema, response: { 200: NotificationSchema } } },
    async (request) => notifications.setRead((await requireViewer(request)).userId, request.params.id, true),
  );

  r.post(
    '/:id/unread',
    { config: member, schema: { params: IdParamsSchema, response: { 200: NotificationSchema } } },
    async (request) => notifications.setRead((await requireViewer(request)).userId, request.params.id, false),
  );
}
