import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PageQuerySchema, pageSchema } from '@common/schemas/common';
import { OutboxMessageSchema } from '@common/schemas/outbox';
import type { OutboxService } from './outbox.service';

/** The local outbox, for admins (docs/product.md#e-mail): each message with the app's own links it carries (ADR 032). */
export function outboxRoutes(app: FastifyInstance, opts: { outbox: OutboxService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/',
    {
      config: { access: 'admin' },
      schema: { querystring: PageQuerySchema, response: { 200: pageSchema(OutboxMessageSchema) } },
    },
    (request) => opts.outbox.listPage(request.query.cursor, request.query.limit),
  );
}
