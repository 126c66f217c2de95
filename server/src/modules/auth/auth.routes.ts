import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ChangeEmailSchema,
  ChangePasswordSchema,
  ConfirmEmailChangeSchema,
  CurrentUserSchema,
  EmailChangeConfirmedSchema,
  EmailChangeRequestedSchema,
  EmailChangeUndoneSchema,
  SignInResultSchema,
  SignInSchema,
  SignUpSchema,
  UndoEmailChangeSchema,
} from '@common/schemas/auth';
import { UnauthorizedError } from '@server/lib/errors';
import { TEXTS } from '@common/texts';
import { requireViewer } from '@server/plugins/access';
import { limitPerIp } from '@server/plugins/rate-limit';
import type { AuthService } from './auth.service';
import type { ChallengeCookie } from '../two-factor/challenge-cookie';
import type { SignInChallenges } from '../two-factor/sign-in-challenge.service';
import type { EmailChangeService } from './email-change.service';
import type { KnownDevice } from './known-device';
import { requestContext, sendCookies } from './request-context';

export function authRoutes(
  app: FastifyInstance,
  opts: {
    authService: AuthService;
    emailChange: EmailChangeService;
    challenges: SignInChallenges;
    challengeCookie: ChallengeCookie;
    device: KnownDevice;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { authService, emailChange, challenges, challengeCookie, device } = opts;
  /** After a right password, a browser without this account's device cookie gets one (ADR 107). */
  const deviceCookies = (deviceId: string | null, email: string) =>
    deviceId ? [] : [app.serializeCookie(device.name, device.issue(email), device.options)];

  r.get('/me', { config: { access: 'public' }, schema: { response: { 200: CurrentUserSchema } } }, async (request) => {
    const viewer = await request.viewer();
    if (!viewer) throw new UnauthorizedError(TEXTS.signInRequired);
    return authService.currentUser(viewer.userId);
  });

  r.post(
    '/sign-in',
    {
      config: { access: 'public' },
      schema: { body: SignInSchema, response: { 200: SignInResultSchema } },
    },
    async (request, reply) => {
      // Per IP, shared with every route that checks a password (ADR 029); per account and
      // device, or in the account's budget for unknown devices (ADR 107).
      const deviceId = device.deviceOf(request.cookies[device.name], request.body.email);
      await app.signInAttempt(request, request.body.email, deviceId);
      const outcome = await authService.signIn(request.body, requestContext(request));
      if ('secondFactorUserId' in outcome) {
        // Two-factor on: no session yet; the code goes to POST /sign-in/two-factor (ADR 075).
        const { token, expiresInSeconds } = await challenges.start(outcome.secondFactorUserId);
        sendCookies(reply, [
          app.serializeCookie(challengeCookie.name, token, challengeCookie.set),
          ...deviceCookies(deviceId, request.body.email),
        ]);
        return { secondFactor: 'totp' as const, expiresInSeconds };
      }
      sendCookies(reply, [...outcome.setCookies, ...deviceCookies(deviceId, request.body.email)]);
      return outcome.result;
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

  // member, not signedIn (issue 36): a pending account sees only the waiting screen (docs/product.md#roles), and its
  // address is unproven, so the "password changed" notice could go to anyone's mailbox.
  r.post('/password', { config: { access: 'member' }, schema: { body: ChangePasswordSchema } }, async (request, reply) => {
    const viewer = await requireViewer(request);
    await app.signedInPasswordAttempt(request, viewer.sessionId);
    sendCookies(reply, await authService.changePassword(viewer, request.body, requestContext(request)));
    return reply.status(204).send();
  });

  // ADR 028: asked for with the password; applies when the link mailed to the new address is opened.
  // member (issue 36): a pending account could otherwise mail links to any address (docs/product.md#roles).
  r.post(
    '/email',
    { config: { access: 'member' }, schema: { body: ChangeEmailSchema, response: { 202: EmailChangeRequestedSchema } } },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      await app.signedInPasswordAttempt(request, viewer.sessionId);
      await app.keyedLimits.emailChange(request, `email-change:${viewer.userId}`);
      return reply.status(202).send(await emailChange.request(viewer, request.body));
    },
  );

  // Public: the link is opened wherever the mail is read, signed in or not; the token is the proof.
  r.post(
    '/email/confirm',
    {
      config: { access: 'public', rateLimit: limitPerIp(app, 'signIn') },
      schema: { body: ConfirmEmailChangeSchema, response: { 200: EmailChangeConfirmedSchema } },
    },
    async (request) => emailChange.confirm(request.body.token),
  );

  // Public, like the confirmation: the undo link mailed to the address being left (ADR 108).
  r.post(
    '/email/undo',
    {
      config: { access: 'public', rateLimit: limitPerIp(app, 'signIn') },
      schema: { body: UndoEmailChangeSchema, response: { 200: EmailChangeUndoneSchema } },
    },
    async (request) => emailChange.undo(request.body.token),
  );
}
