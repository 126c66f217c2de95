import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PageQuerySchema, pageSchema } from '@common/schemas/common';
import { JobSchema } from '@common/schemas/notification-preferences';
import type { JobsService } from './jobs.service';

/** /api/admin/jobs: the e-mail jobs with their state, for the admin's Outbox (ADR 091). */
export function jobRoutes(app: FastifyInstance, opts: { jobs: JobsService }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/',
      { config: { access: 'admin' }, schema: { querystring: PageQuerySchema, response: { 200: pageSchema(JobSchema) } } },
      (request) => opts.jobs.listPage(request.query.cursor, request.query.limit),
    );
}
