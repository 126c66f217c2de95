import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DataExportStartSchema, ExportTicketParamsSchema } from '@common/schemas/data-export';
import { requireViewer } from '@server/plugins/access';
import type { DataExportService } from './data-export.service';

const member = { access: 'member' } as const;

/**
 * POST /api/account/export: checks the limits and answers a one-minute download URL (201);
 * GET /api/account/export/:ticket: the caller's own zip, streamed (ADR 080).
 */
export function dataExportRoutes(app: FastifyInstance, opts: { dataExport: DataExportService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { dataExport } = opts;

  r.post('/export', { config: member, schema: { response: { 201: DataExportStartSchema } } }, async (request, reply) => {
    const viewer = await requireViewer(request);
    // A second click while a download runs is told so, and does not spend one of the hour's exports.
    await dataExport.assertCanStart(viewer.userId);
    await app.keyedLimits.dataExports(request, viewer.userId);
    return reply.status(201).send(await dataExport.start(viewer.userId));
  });

  r.get('/export/:ticket', { config: member, schema: { params: ExportTicketParamsSchema } }, async (request, reply) => {
    const viewer = await requireViewer(request);
    const reading = new AbortController();
    // 'close' comes after the last byte too; by then the export has finished and ignores it.
    reply.raw.once('close', () => reading.abort(new Error('the export download was closed')));
    const download = await dataExport.open(viewer.userId, request.params.ticket, reading.signal);
    return reply
      .headers({
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="${download.fileName}"`,
        'cache-control': 'no-store',
      })
      .send(download.output);
  });
}
