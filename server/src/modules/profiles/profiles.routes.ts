import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProfileSchema, ProfileUpdateSchema } from '@common/schemas/profile';
import { usernameProblem } from '@common/username';
import { BadRequestError, NotFoundError } from '@server/lib/errors';
import { requireViewer } from '@server/plugins/access';
import { MAX_UPLOAD_BYTES, MEDIA_TEXTS, UnsupportedMediaTypeError } from '../media/media.errors';
import { PROFILE_SERVICE_TEXTS, type ProfilesService } from './profiles.service';
import { isReadableMultipart, multipartError } from '../media/multipart-request';

const AVATAR_FIELD = 'avatar';

export const AVATAR_TEXTS = {
  notMultipart: 'Upload Error: send the picture as multipart/form-data in the field "avatar"',
  wrongField: 'Upload Error: send the picture in the field "avatar"',
  oneOnly: 'Upload Error: send one picture',
  none: 'Upload Error: no picture was sent',
  tooLarge: MEDIA_TEXTS.tooLarge,
} as const;

/** The single file of the multipart request, as a buffer; every failure to read it is a 4xx. */
async function avatarBuffer(request: FastifyRequest): Promise<Buffer> {
  if (!isReadableMultipart(request)) throw new UnsupportedMediaTypeError(AVATAR_TEXTS.notMultipart);
  let buffer: Buffer | undefined;
  try {
    const files = request.files({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 10, parts: 20 } });
    for await (const part of files) {
      if (part.fieldname !== AVATAR_FIELD) throw new BadRequestError(AVATAR_TEXTS.wrongField);
      if (buffer) throw new BadRequestError(AVATAR_TEXTS.oneOnly);
      buffer = await part.toBuffer();
    }
  } catch (error) {
    throw multipartError(error, {
      tooLarge: AVATAR_TEXTS.tooLarge,
      tooMany: AVATAR_TEXTS.oneOnly,
      wrongField: AVATAR_TEXTS.wrongField,
    });
  }
  if (!buffer) throw new BadRequestError(AVATAR_TEXTS.none);
  return buffer;
}

const ParamsSchema = z.object({ userId: z.string().max(100) });
const isUuid = (value: string) => z.uuid().safeParse(value).success;
const UsernameParamsSchema = z.object({ username: z.string().max(100) });

/** GET /api/profiles/:userId, GET /api/profiles/by-username/:username, PATCH /api/profiles/me, POST /api/profiles/me/avatar. */
export async function profileRoutes(app: FastifyInstance, opts: { profiles: ProfilesService }) {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 10, parts: 20 },
    throwFileSizeLimit: true,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.patch(
    '/me',
    { config: { access: 'member' }, schema: { body: ProfileUpdateSchema, response: { 200: ProfileSchema } } },
    async (request) => {
      const viewer = await requireViewer(request);
      return opts.profiles.update(viewer.userId, request.body);
    },
  );

  r.post('/me/avatar', { config: { access: 'member' }, schema: { response: { 200: ProfileSchema } } }, async (request) => {
    const viewer = await requireViewer(request);
    await app.keyedLimits.uploads(request, viewer.userId);
    return opts.profiles.setPicture(viewer.userId, await avatarBuffer(request));
  });

  r.get(
    '/:userId',
    { config: { access: 'member' }, schema: { params: ParamsSchema, response: { 200: ProfileSchema } } },
    async (request) => {
      const viewer = await requireViewer(request);
      // A malformed id names no member: the same 404 as an unknown one.
      if (!isUuid(request.params.userId)) throw new NotFoundError(PROFILE_SERVICE_TEXTS.notFound);
      return opts.profiles.get(request.params.userId, viewer.userId);
    },
  );

  // The shareable profile URL's read (/members/:username, ADR 046). A name that breaks the
  // username rules names nobody: the same 404 as an unknown one, without asking the database.
  r.get(
    '/by-username/:username',
    { config: { access: 'member' }, schema: { params: UsernameParamsSchema, response: { 200: ProfileSchema } } },
    async (request) => {
      const viewer = await requireViewer(request);
      if (usernameProblem(request.params.username)) throw new NotFoundError(PROFILE_SERVICE_TEXTS.notFound);
      return opts.profiles.getByUsername(request.params.username, viewer.userId);
    },
  );
}
