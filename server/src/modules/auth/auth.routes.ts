import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ChangeEmailSchema,
  ChangePasswordSchema,
  CurrentUserSchema,
  SignInSchema,
  SignUpSchema,
} from '../../../../common/schemas/auth';
import { UnauthorizedError } from '../../lib/errors';
import { TEXTS } from '../../../../common/texts';
import { requireViewer } from '../../plugins/access';
import { limitPerIp } from '../../plugins/rate-limit';
import type { AuthService } from './auth.service';
import { requestContext, sendCookies } from './request-context';

export async function authRoutes(app: FastifyInstance, opts: { authService: AuthService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { authService } = opts;

  r.get('/me', { config: { access: 'public' }, schema: { response: { 200: CurrentUserSchema } } }, async (request) => {
    const viewer = await request.viewer();
    if (!viewer) throw new UnauthorizedError(TEXTS.signInRequired);
    return authService.currentUser(viewer.userId);
  });

  r.post(
    '/sign-in',
    {
      config: { access: 'public', rateLimit: limitPerIp(app, 'signIn') },
      schema: { body: SignInSchema, response: { 200: CurrentUserSchema } },
    },
    async (request, reply) => {
      // Per IP (the route's config) and per account, so a botnet can't guess one password.
      await app.keyedLimits.signInAccount(request, request.body.email.trim().toLowerCase());
      const { result, setCookies } = await authService.signIn(request.body, requestContext(request));
      sendCookies(reply, setCookies);
      return result;
    },
  );

  r.post(
    '/sign-up',
    {
      config: { access: 'public', rateLimit: limitPerIp(app, 'signUp') },
      schema: { body: SignUpSchema, response: { 200: CurrentUserSchema, 201: CurrentUserSchema } },
    },
    async (request, reply) => {
      const { result, setCookies, isNew } = await authService.signUp(request.body, requestContext(request));
      sendCookies(reply, setCookies);
      return reply.status(isNew ? 201 : 200).send(result);
    },
  );

  r.post('/sign-out', { config: { access: 'public' } }, async (request, reply) => {
    sendCookies(reply, await authService.signOut(requestContext(request), await request.viewer().catch(() => null)));
    return reply.status(204).send();
  });

  r.post(
    '/password',
    { config: { access: 'signedIn' }, schema: { body: ChangePasswordSchema } },
    async (request, reply) => {
      sendCookies(reply, await authService.changePassword(await requireViewer(request), request.body, requestContext(request)));
      return reply.status(204).send();
    },
  );

  r.post(
    '/email',
    { config: { access: 'signedIn' }, schema: { body: ChangeEmailSchema, response: { 200: CurrentUserSchema } } },
    async (request) => authService.changeEmail(await requireViewer(request), request.body),
  );
}
