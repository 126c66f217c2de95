import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HomeChecklistSchema, HomePageSchema, HomeQuerySchema } from '@common/schemas/home';
import { requireViewer } from '@server/plugins/access';
import type { HomeService } from './home.service';

const member = { access: 'member' } as const;

/** /api/home: the home screen's lists and checklist (members only). */
export function homeRoutes(app: FastifyInstance, opts: { home: HomeService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { home } = opts;

  r.get(
    '/feed',
    { config: member, schema: { querystring: HomeQuerySchema, response: { 200: HomePageSchema } } },
    async (request) => home.feed((await requireViewer(request)).userId, request.query),
  );

  r.get(
    '/popular',
    { config: member, schema: { querystring: HomeQuerySchema, response: { 200: HomePageSchema } } },
    async (request) => home.popular((await requireViewer(request)).userId, request.query),
  );

  r.get('/checklist', { config: member, schema: { response: { 200: HomeChecklistSchema } } }, async (request) =>
    home.checklist((await requireViewer(request)).userId),
  );
}
