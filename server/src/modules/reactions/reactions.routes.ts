import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ContentRefSchema, LikeResultSchema, SaveResultSchema } from '@common/schemas/content';
import { requireViewer } from '@server/plugins/access';
import type { ReactionsService } from './reactions.service';

/** POST /api/likes/toggle (toggle_like, docs/product.md#likes-and-saves). */
export function likeRoutes(app: FastifyInstance, opts: { reactions: ReactionsService }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/toggle',
      { config: { access: 'member' }, schema: { body: ContentRefSchema, response: { 200: LikeResultSchema } } },
      async (request) => opts.reactions.toggleLike(request.body, (await requireViewer(request)).userId),
    );
}

/** POST /api/saves/toggle. */
export function saveRoutes(app: FastifyInstance, opts: { reactions: ReactionsService }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/toggle',
      { config: { access: 'member' }, schema: { body: ContentRefSchema, response: { 200: SaveResultSchema } } },
      async (request) => opts.reactions.toggleSave(request.body, (await requireViewer(request)).userId),
    );
}
