/** Forgotten passwords (ADR 073): public; the link's token is the proof. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PasswordResetDoneSchema,
  PasswordResetRequestedSchema,
  RequestPasswordResetSchema,
  ResetPasswordSchema,
} from '@common/schemas/password-reset';
import { limitPerIp } from '@server/plugins/rate-limit';
import type { PasswordResetService } from './password-reset.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once every reset link asked for so far was handled: they go out after the answer. */
    passwordResetsSettled(): Promise<void>;
  }
}

export function passwordResetRoutes(app: FastifyInstance, opts: { passwordReset: PasswordResetService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { passwordReset } = opts;

  // 202 and the same words for every address, known or not; the link goes out after the answer.
  r.post(
    '/request',
    {
      config: { access: 'public', rateLimit: limitPerIp(app, 'passwordReset') },
      schema: { body: RequestPasswordResetSchema, response: { 202: PasswordResetRequestedSchema } },
    },
    async (request, reply) => {
      await app.keyedLimits.passwordResetAccount(request, `reset:${request.body.email.toLowerCase()}`);
      return reply.status(202).send(passwordReset.request(request.body.email));
    },
  );

  // Signed in or not: the link is opened wherever the mail is read. It never signs in.
  r.post(
    '/',
    {
      config: { access: 'public', rateLimit: limitPerIp(app, 'signIn') },
      schema: { body: ResetPasswordSchema, response: { 200: PasswordResetDoneSchema } },
    },
    async (request) => passwordReset.reset(request.body),
  );
}
