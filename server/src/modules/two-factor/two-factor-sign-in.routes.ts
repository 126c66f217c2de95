import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CurrentUserSchema } from '@common/schemas/auth';
import { SecondFactorSchema, TWO_FACTOR_TEXTS } from '@common/schemas/two-factor';
import { AppError } from '@server/lib/errors';
import type { AuthService } from '../auth/auth.service';
import { requestContext, sendCookies } from '../auth/request-context';
import type { ChallengeCookie } from './challenge-cookie';
import type { SignInChallenges } from './sign-in-challenge.service';

const CHALLENGE_OVER: ReadonlySet<string> = new Set([TWO_FACTOR_TEXTS.challengeExpired, TWO_FACTOR_TEXTS.challengeEnded]);

/**
 * POST /api/auth/sign-in/two-factor: the second step of a sign-in whose password was right. The
 * challenge cookie says whose; a right code or unused recovery code starts the session.
 */
export function twoFactorSignInRoutes(
  app: FastifyInstance,
  opts: { authService: AuthService; challenges: SignInChallenges; cookie: ChallengeCookie },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { authService, challenges, cookie } = opts;
  const cleared = () => app.serializeCookie(cookie.name, '', cookie.clear);

  r.post(
    '/two-factor',
    {
      config: { access: 'public' },
      schema: { body: SecondFactorSchema, response: { 200: CurrentUserSchema } },
    },
    async (request, reply) => {
      const token = request.cookies[cookie.name];
      try {
        await app.keyedLimits.passwordIp(request, `ip:${request.ip}`);
        const tried = await challenges.attempt(token);
        await app.keyedLimits.twoFactor(request, `two-factor:${tried.userId}`);
        await challenges.finish(token ?? '', tried, request.body);
        const { result, setCookies } = await authService.issueSession(tried.userId, requestContext(request));
        sendCookies(reply, [...setCookies, cleared()]);
        return result;
      } catch (error) {
        // A challenge that is over (expired, unknown, out of tries) leaves no cookie behind.
        if (error instanceof AppError && CHALLENGE_OVER.has(error.message)) sendCookies(reply, [cleared()]);
        throw error;
      }
    },
  );
}
