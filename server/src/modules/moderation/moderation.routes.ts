import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PageQuerySchema, pageSchema } from '@common/schemas/common';
import {
  AuditEntrySchema,
  HandledReportSchema,
  ModerationActionSchema,
  ModerationResultSchema,
  OpenReportCountSchema,
  ReportCaseSchema,
  ReportInputSchema,
  ReportReceivedSchema,
} from '@common/schemas/moderation';
import { requireViewer } from '@server/plugins/access';
import type { AuditService } from '../audit/audit.service';
import type { HandledReportsService } from './handled-reports.service';
import type { ModerationService } from './moderation.service';
import type { ReportCasesService } from './report-cases.service';
import type { ReportsService } from './reports.service';

/** POST /api/reports: a member reports a tip, a guide or a member (issue 25). */
export function reportRoutes(app: FastifyInstance, opts: { reports: ReportsService }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/',
      { config: { access: 'member' }, schema: { body: ReportInputSchema, response: { 201: ReportReceivedSchema } } },
      async (request, reply) =>
        reply.status(201).send(await opts.reports.report(request.body, (await requireViewer(request)).userId)),
    );
}

const admin = { access: 'admin' } as const;

/** /api/admin/reports (open and handled), /api/admin/moderation and /api/admin/audit-log: admin-only (issues 25, 36). */
export function adminModerationRoutes(
  app: FastifyInstance,
  opts: { cases: ReportCasesService; handled: HandledReportsService; moderation: ModerationService; audit: AuditService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/reports',
    { config: admin, schema: { querystring: PageQuerySchema, response: { 200: pageSchema(ReportCaseSchema) } } },
    async (request) => opts.cases.list(request.query.cursor, request.query.limit),
  );

  // The decisions that closed reports, newest first (issue 36, ADR 106).
  r.get(
    '/reports/handled',
    { config: admin, schema: { querystring: PageQuerySchema, response: { 200: pageSchema(HandledReportSchema) } } },
    async (request) => opts.handled.list(request.query.cursor, request.query.limit),
  );

  r.get('/reports/open-count', { config: admin, schema: { response: { 200: OpenReportCountSchema } } }, async () =>
    opts.cases.openCount(),
  );

  r.post(
    '/moderation',
    { config: admin, schema: { body: ModerationActionSchema, response: { 200: ModerationResultSchema } } },
    async (request) => {
      const viewer = await requireViewer(request);
      return opts.moderation.act(request.body, { userId: viewer.userId, email: viewer.email });
    },
  );

  r.get(
    '/audit-log',
    { config: admin, schema: { querystring: PageQuerySchema, response: { 200: pageSchema(AuditEntrySchema) } } },
    async (request) => opts.audit.list(request.query.cursor, request.query.limit),
  );
}
