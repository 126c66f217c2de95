import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '@common/schemas/common';
import {
  ShareLinkInputSchema,
  ShareLinkSchema,
  ShareLinkStateSchema,
  SharedGuideSchema,
  ShareTokenParamsSchema,
} from '@common/schemas/share-link';
import { NotFoundError } from '@server/lib/errors';
import { requireViewer } from '@server/plugins/access';
import { limitPerIp } from '@server/plugins/rate-limit';
import { MediaParamsSchema, openPhoto } from '../media/media.routes';
import type { MediaStorage } from '../media/media-storage';
import type { ShareLinksService } from './share-links.service';

const member = { access: 'member' } as const;

/** /api/guides/:id/share-link: the owner's link of the guide (ADR 068). */
export function shareLinkRoutes(app: FastifyInstance, opts: { shareLinks: ShareLinksService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { shareLinks } = opts;

  r.get(
    '/:id/share-link',
    { config: member, schema: { params: IdParamsSchema, response: { 200: ShareLinkStateSchema } } },
    async (request) => shareLinks.get((await requireViewer(request)).userId, request.params.id),
  );

  r.put(
    '/:id/share-link',
    { config: member, schema: { params: IdParamsSchema, body: ShareLinkInputSchema, response: { 200: ShareLinkSchema } } },
    async (request) => shareLinks.put((await requireViewer(request)).userId, request.params.id, request.body),
  );

  r.delete('/:id/share-link', { config: member, schema: { params: IdParamsSchema } }, async (request, reply) => {
    await shareLinks.revoke((await requireViewer(request)).userId, request.params.id);
    return reply.status(204).send();
  });
}

const PhotoParamsSchema = ShareTokenParamsSchema.extend(MediaParamsSchema.shape);

/**
 * /api/shared/guides/:token: what anyone with the link sees, and its photos. Nothing may keep
 * them (no-store): a revoked link must stop showing at once, from any cache.
 */
export function sharedGuideRoutes(app: FastifyInstance, opts: { shareLinks: ShareLinksService; storage: MediaStorage }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { shareLinks, storage } = opts;
  const shared = { access: 'public', rateLimit: limitPerIp(app, 'sharedLinks') } as const;

  r.get(
    '/:token',
    { config: shared, schema: { params: ShareTokenParamsSchema, response: { 200: SharedGuideSchema } } },
    async (request) => shareLinks.sharedGuide(request.params.token),
  );

  r.get(
    '/:token/photos/:bucket/:userId/:file',
    { config: shared, schema: { params: PhotoParamsSchema } },
    async (request, reply) => {
      const { token, ...path } = request.params;
      if (!(await shareLinks.isSharedPhoto(token, path))) throw new NotFoundError('Photo not found');
      // A variant made after its photo may be missing: the original stands in (as on /api/media).
      const opened = await openPhoto(storage, path);
      if (!opened) throw new NotFoundError('Photo not found');
      return reply
        .type('image/webp')
        .header('content-length', opened.photo.size)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        .send(opened.photo.stream);
    },
  );
}
