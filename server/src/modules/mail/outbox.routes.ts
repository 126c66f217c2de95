import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PageQuerySchema, pageSchema } from '@common/schemas/common';
import { OutboxMessageSchema } from '@common/schemas/outbox';
import type { Database } from '@db/client';
import { decodeCursor, toPage } from '@server/lib/keyset';
import { listOutbox } from './outbox.repository';
import { linksOfHtml } from './templates';

/** The local outbox, for admins (A5): each message with the app's own links it carries (ADR 032). */
export async function outboxRoutes(app: FastifyInstance, opts: { db: Database }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/',
    {
      config: { access: 'admin' },
      schema: { querystring: PageQuerySchema, response: { 200: pageSchema(OutboxMessageSchema) } },
    },
    async (request) => {
      const { cursor, limit } = request.query;
      const rows = await listOutbox(opts.db, decodeCursor(cursor), limit);
      return toPage(rows, limit, (row) => ({
        id: row.id,
        to: row.toAddress,
        subject: row.subject,
        text: row.bodyText,
        links: linksOfHtml(row.bodyHtml),
        createdAt: row.createdAt.toISOString(),
      }));
    },
  );
}
