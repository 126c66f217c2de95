import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, pageSchema } from '@common/schemas/common';
import {
  ContentCardSchema,
  ContentCountsSchema,
  ContentQuerySchema,
  ExploreCountsQuerySchema,
  ExploreQuerySchema,
  SavedItemSchema,
  SearchSuggestionQuerySchema,
  SearchSuggestionSchema,
} from '@common/schemas/content';
import { requireViewer } from '@server/plugins/access';
import type { ContentService } from './content.service';

const UserParamsSchema = z.object({ userId: z.uuid('Not a valid id') });
const member = { access: 'member' } as const;

/** /api/users/:userId/content: a member's tips and guides (own list includes private ones). */
export function userContentRoutes(app: FastifyInstance, opts: { content: ContentService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { content } = opts;

  r.get(
    '/:userId/content',
    {
      config: member,
      schema: { params: UserParamsSchema, querystring: ContentQuerySchema, response: { 200: pageSchema(ContentCardSchema) } },
    },
    async (request) => content.userContent((await requireViewer(request)).userId, request.params.userId, request.query),
  );

  r.get(
    '/:userId/content/counts',
    { config: member, schema: { params: UserParamsSchema, response: { 200: ContentCountsSchema } } },
    async (request) => content.userContentCounts((await requireViewer(request)).userId, request.params.userId),
  );
}

/** /api/explore: what the caller may see, with search, a country, a tip category and an order. */
export function exploreRoutes(app: FastifyInstance, opts: { content: ContentService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { content } = opts;

  r.get(
    '/',
    { config: member, schema: { querystring: ExploreQuerySchema, response: { 200: pageSchema(ContentCardSchema) } } },
    async (request) => content.explore((await requireViewer(request)).userId, request.query),
  );

  r.get(
    '/counts',
    { config: member, schema: { querystring: ExploreCountsQuerySchema, response: { 200: ContentCountsSchema } } },
    async (request) => content.exploreCounts((await requireViewer(request)).userId, request.query),
  );

  r.get(
    '/suggestion',
    { config: member, schema: { querystring: SearchSuggestionQuerySchema, response: { 200: SearchSuggestionSchema } } },
    async (request) => ({
      suggestion: await content.exploreSuggestion((await requireViewer(request)).userId, request.query.q),
    }),
  );

  r.get('/countries', { config: member, schema: { response: { 200: z.array(z.string()) } } }, async (request) =>
    content.exploreCountries((await requireViewer(request)).userId),
  );
}

/** /api/saved: the caller's saved tips and guides. */
export function savedRoutes(app: FastifyInstance, opts: { content: ContentService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { content } = opts;

  r.get(
    '/',
    {
      config: member,
      schema: { querystring: ContentQuerySchema.omit({ country: true }), response: { 200: pageSchema(SavedItemSchema) } },
    },
    async (request) => content.saved((await requireViewer(request)).userId, request.query),
  );

  r.get(
    '/counts',
    {
      config: member,
      schema: { querystring: ContentQuerySchema.pick({ q: true }), response: { 200: ContentCountsSchema } },
    },
    async (request) => content.savedCounts((await requireViewer(request)).userId, request.query),
  );

  r.delete('/:id', { config: member, schema: { params: IdParamsSchema } }, async (request, reply) => {
    await content.removeSaved((await requireViewer(request)).userId, request.params.id);
    return reply.status(204).send();
  });
}
