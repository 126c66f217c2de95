import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '@common/schemas/common';
import { CalendarQuerySchema } from '@common/schemas/guide-export';
import { requireViewer } from '@server/plugins/access';
import type { ExportFile, ExportViewer, GuideExportService } from './guide-export.service';

const member = { access: 'member' } as const;

/** A download: an attachment with a plain ASCII file name (the service makes it safe). */
const attachment = (file: ExportFile) => ({
  'content-type': file.contentType,
  'content-disposition': `attachment; filename="${file.fileName}"`,
});

async function exportViewer(request: FastifyRequest): Promise<ExportViewer> {
  const viewer = await requireViewer(request);
  return { userId: viewer.userId, isAdmin: await request.server.hasAdminPowers(viewer) };
}

/** /api/guides/:id/calendar.ics and /route.gpx: a guide's exports (members who may see the guide). */
export function guideExportRoutes(app: FastifyInstance, opts: { exports: GuideExportService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { exports } = opts;

  r.get(
    '/:id/calendar.ics',
    { config: member, schema: { params: IdParamsSchema, querystring: CalendarQuerySchema } },
    async (request, reply) => {
      const file = await exports.calendar(await exportViewer(request), request.params.id, request.query);
      return reply.headers(attachment(file)).send(file.body);
    },
  );

  r.get('/:id/route.gpx', { config: member, schema: { params: IdParamsSchema } }, async (request, reply) => {
    const file = await exports.route(await exportViewer(request), request.params.id);
    return reply.headers(attachment(file)).send(file.body);
  });
}
