import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CurrentUserSchema } from '@common/schemas/auth';
import { IdParamsSchema } from '@common/schemas/common';
import {
  AddPasskeySchema,
  PasskeyListSchema,
  PasskeyRegistrationOptionsSchema,
  PasskeySchema,
  PasskeySignInSchema,
  RenamePasskeySchema,
  WebAuthnOptionsSchema,
} from '@common/schemas/passkey';
import { requireViewer } from '@server/plugins/access';
import { limitPerIp } from '@server/plugins/rate-limit';
import { requestContext, sendCookies } from '../auth/request-context';
import type { PasskeySignInService } from './passkey-sign-in.service';
import type { PasskeysService } from './passkeys.service';
import { challengeCookie } from './relying-party';

type ChallengeCookie = ReturnType<typeof challengeCookie>;

/** The challenge cookie's value: set with the options, read and cleared with the answer (used or not). */
function challengeJar(cookie: ChallengeCookie) {
  return {
    read: (request: FastifyRequest): string | undefined => request.cookies[cookie.name] || undefined,
    set: (reply: FastifyReply, id: string) => void reply.setCookie(cookie.name, id, cookie.options),
    clear: (reply: FastifyReply) => void reply.clearCookie(cookie.name, { path: cookie.options.path }),
  };
}

const member = { access: 'member' } as const;

/** /api/auth/passkeys: the signed-in member's own passkeys (ADR 077). */
export function passkeyRoutes(app: FastifyInstance, opts: { passkeys: PasskeysService; cookie: ChallengeCookie }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { passkeys } = opts;
  const jar = challengeJar(opts.cookie);

  r.post(
    '/registration-options',
    { config: member, schema: { body: PasskeyRegistrationOptionsSchema, response: { 200: WebAuthnOptionsSchema } } },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      // Counted with every other route that checks a password (ADR 029).
      await app.signedInPasswordAttempt(request, viewer.sessionId);
      const { currentPassword } = request.body;
      const { options, challengeId } = await passkeys.registrationOptions(viewer.userId, currentPassword, jar.read(request));
      jar.set(reply, challengeId);
      return options;
    },
  );

  r.post(
    '/',
    { config: member, schema: { body: AddPasskeySchema, response: { 201: PasskeySchema } } },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      jar.clear(reply);
      const passkey = await passkeys.add(viewer.userId, request.body, jar.read(request));
      return reply.status(201).send(passkey);
    },
  );

  r.get('/', { config: member, schema: { response: { 200: PasskeyListSchema } } }, async (request) =>
    passkeys.list((await requireViewer(request)).userId),
  );

  r.patch(
    '/:id',
    { config: member, schema: { params: IdParamsSchema, body: RenamePasskeySchema, response: { 200: PasskeySchema } } },
    async (request) => passkeys.rename((await requireViewer(request)).userId, request.params.id, request.body.name),
  );

  r.delete('/:id', { config: member, schema: { params: IdParamsSchema } }, async (request, reply) => {
    await passkeys.remove((await requireViewer(request)).userId, request.params.id);
    return reply.status(204).send();
  });
}

/** /api/auth/passkey-sign-in: public, limited per IP like the password sign-in (ADR 077). */
export function passkeySignInRoutes(
  app: FastifyInstance,
  opts: { passkeySignIn: PasskeySignInService; cookie: ChallengeCookie },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { passkeySignIn } = opts;
  const jar = challengeJar(opts.cookie);
  const config = { access: 'public', rateLimit: limitPerIp(app, 'signIn') } as const;

  r.post('/options', { config, schema: { response: { 200: WebAuthnOptionsSchema } } }, async (request, reply) => {
    const { options, challengeId } = await passkeySignIn.options(jar.read(request));
    jar.set(reply, challengeId);
    return options;
  });

  r.post('/', { config, schema: { body: PasskeySignInSchema, response: { 200: CurrentUserSchema } } }, async (request, reply) => {
    jar.clear(reply);
    const { result, setCookies } = await passkeySignIn.signIn(request.body, jar.read(request), requestContext(request));
    sendCookies(reply, setCookies);
    return result;
  });
}
