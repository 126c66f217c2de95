import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { originalOfVariant } from '@common/media-url';
import { MediaUploadResultSchema } from '@common/schemas/content';
import { BadRequestError, NotFoundError } from '@server/lib/errors';
import { requireViewer } from '@server/plugins/access';
import { MAX_UPLOAD_BYTES, MEDIA_TEXTS, UnsupportedMediaTypeError } from './media.errors';
import { UPLOAD_RULES, type MediaService, type UploadBucket } from './media.service';
import {
  MEDIA_BUCKETS,
  MEDIA_FILE_PATTERN,
  type MediaRef,
  type MediaStorage,
  type OpenedMedia,
  UUID_PATTERN,
} from './media-storage';
import { isReadableMultipart, multipartError } from './multipart-request';
import type { PhotoAccess } from './photo-access';

const PHOTO_FIELD = 'photos';

/** The file parts of a multipart request as buffers; every failure to read them is a 4xx. */
async function* photoBuffers(request: FastifyRequest, rule: { maxFiles: number; tooMany: string }): AsyncGenerator<Buffer> {
  if (!isReadableMultipart(request)) throw new UnsupportedMediaTypeError(MEDIA_TEXTS.notMultipart);
  const texts = { tooLarge: MEDIA_TEXTS.tooLarge, tooMany: rule.tooMany, wrongField: MEDIA_TEXTS.wrongField };
  try {
    // One file more than allowed reaches the service, which refuses it with the product's text.
    const files = request.files({ limits: { fileSize: MAX_UPLOAD_BYTES, files: rule.maxFiles + 1, fields: 10, parts: 20 } });
    for await (const part of files) {
      if (part.fieldname !== PHOTO_FIELD) throw new BadRequestError(MEDIA_TEXTS.wrongField);
      // Read before yielding: an error thrown here is the body's, never the consumer's.
      const buffer = await part.toBuffer();
      yield buffer;
    }
  } catch (error) {
    throw multipartError(error, texts);
  }
}

async function* countEach<T>(items: AsyncIterable<T>, count: () => Promise<void>): AsyncGenerator<T> {
  for await (const item of items) {
    await count();
    yield item;
  }
}

/** POST /api/uploads/tip-photos and /api/uploads/guide-photos (multipart, field `photos`). */
export async function uploadRoutes(app: FastifyInstance, opts: { media: MediaService }) {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 11, fields: 10, parts: 20 },
    throwFileSizeLimit: true,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const bucket of Object.keys(UPLOAD_RULES) as UploadBucket[]) {
    r.post(
      `/${bucket}`,
      { config: { access: 'member' }, schema: { response: { 201: MediaUploadResultSchema } } },
      async (request, reply) => {
        const viewer = await requireViewer(request);
        // Each file counts against the member's upload limit as it arrives, before any is stored.
        const countFile = () => app.keyedLimits.uploads(request, viewer.userId);
        const urls = await opts.media.upload(
          bucket,
          viewer.userId,
          countEach(photoBuffers(request, UPLOAD_RULES[bucket]), countFile),
        );
        return reply.status(201).send({ urls });
      },
    );
  }
}

export const MediaParamsSchema = z.object({
  bucket: z.enum(MEDIA_BUCKETS, 'Unknown media bucket'),
  userId: z.string().regex(UUID_PATTERN, 'Not a valid media path'),
  file: z
    .string()
    .max(200)
    .regex(MEDIA_FILE_PATTERN, 'Not a valid media path')
    .refine((f) => !f.startsWith('.'), 'Not a valid media path'),
});

/**
 * The stored photo of a reference; a variant made after its photo may be missing, and then the
 * original stands in (`isStandIn`). Null when neither exists.
 */
export async function openPhoto(
  storage: Pick<MediaStorage, 'open'>,
  ref: MediaRef,
): Promise<{ photo: OpenedMedia; isStandIn: boolean } | null> {
  const photo = await storage.open(ref);
  if (photo) return { photo, isStandIn: false };
  const original = originalOfVariant(ref.file);
  const standIn = original ? await storage.open({ ...ref, file: original }) : null;
  return standIn ? { photo: standIn, isStandIn: true } : null;
}

/**
 * GET /api/media/:bucket/:userId/:file: an uploaded photo, for members. Photos uploaded before
 * their variants existed lack them: asking for `<name>.thumb.webp` or `<name>.mid.webp` then
 * serves `<name>.webp`, cached for a day only, so a variant made later is picked up. A photo the
 * viewer may not see (photo-access.ts) is the same 404 as a missing one.
 */
export function mediaRoutes(app: FastifyInstance, opts: { media: MediaService; photoAccess: PhotoAccess }) {
  const { storage } = opts.media;
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/:bucket/:userId/:file',
      { config: { access: 'member' }, schema: { params: MediaParamsSchema } },
      async (request, reply) => {
        const viewer = await requireViewer(request);
        const photo = { ...request.params, file: originalOfVariant(request.params.file) ?? request.params.file };
        if (!(await opts.photoAccess.maySee(viewer, photo, await app.hasAdminPowers(viewer))))
          throw new NotFoundError('Photo not found');
        const opened = await openPhoto(storage, request.params);
        if (!opened) throw new NotFoundError('Photo not found');
        const cacheControl = opened.isStandIn ? 'private, max-age=86400' : 'private, max-age=31536000, immutable';
        return reply
          .type('image/webp')
          .header('content-length', opened.photo.size)
          .header('cache-control', cacheControl)
          .header('x-content-type-options', 'nosniff')
          .send(opened.photo.stream);
      },
    );
}
