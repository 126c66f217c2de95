import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DisableTwoFactorSchema,
  RecoveryCodesSchema,
  StartTwoFactorSetupSchema,
  TotpCodeBodySchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '@common/schemas/two-factor';
import { requireViewer } from '@server/plugins/access';
import type { TwoFactorService } from './two-factor.service';

/** Codes checked per account (and per IP, with every password check), ADR 075. */
export async function limitCodeTries(app: FastifyInstance, request: FastifyRequest, userId: string): Promise<void> {
  await app.keyedLimits.passwordIp(request, `ip:${request.ip}`);
  await app.keyedLimits.twoFactor(request, `two-factor:${userId}`);
}

/** /api/auth/two-factor: the member's own two-factor (Security Settings). */
export function twoFactorRoutes(app: FastifyInstance, opts: { twoFactor: TwoFactorService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { twoFactor } = opts;
  const member = { access: 'member' } as const;

  r.get('/', { config: member, schema: { response: { 200: TwoFactorStatusSchema } } }, async (request) =>
    twoFactor.status(await requireViewer(request)),
  );

  r.post(
    '/setup',
    { config: member, schema: { body: StartTwoFactorSetupSchema, response: { 200: TwoFactorSetupSchema } } },
    async (request) => {
      const viewer = await requireViewer(request);
      await app.signedInPasswordAttempt(request, viewer.sessionId);
      return twoFactor.startSetup(viewer, request.body.password);
    },
  );

  r.post(
    '/enable',
    { config: member, schema: { body: TotpCodeBodySchema, response: { 200: RecoveryCodesSchema } } },
    async (request) => {
      const viewer = await requireViewer(request);
      await limitCodeTries(app, request, viewer.userId);
      return twoFactor.enable(viewer, request.body.code);
    },
  );

  r.post(
    '/recovery-codes',
    { config: member, schema: { body: TotpCodeBodySchema, response: { 200: RecoveryCodesSchema } } },
    async (request) => {
      const viewer = await requireViewer(request);
      await limitCodeTries(app, request, viewer.userId);
      return twoFactor.regenerateRecoveryCodes(viewer, request.body.code);
    },
  );

  r.post('/disable', { config: member, schema: { body: DisableTwoFactorSchema } }, async (request, reply) => {
    const viewer = await requireViewer(request);
    await app.signedInPasswordAttempt(request, viewer.sessionId);
    await app.keyedLimits.twoFactor(request, `two-factor:${viewer.userId}`);
    await twoFactor.disable(viewer, request.body);
    return reply.status(204).send();
  });
}
