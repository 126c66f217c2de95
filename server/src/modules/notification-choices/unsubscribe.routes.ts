import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UnsubscribeInputSchema, UnsubscribeResultSchema } from '@common/schemas/notification-preferences';
import type { UnsubscribeService } from './unsubscribe.service';

/**
 * POST /api/unsubscribe?token=: the List-Unsubscribe-Post target (RFC 8058) and the unsubscribe
 * page's button. Public and without the CSRF header: a mail provider posts
 * `List-Unsubscribe=One-Click` as a form; the signed token is the whole authority, and all it can
 * do is turn e-mails off.
 */
export function unsubscribeRoutes(app: FastifyInstance, opts: { unsubscribe: UnsubscribeService }) {
  // The one-click body is a form; its content is fixed by RFC 8058 and not needed.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) =>
    done(null, {}),
  );
  app.withTypeProvider<ZodTypeProvider>().post(
    '/',
    {
      config: { access: 'public', csrfExempt: true },
      schema: { querystring: UnsubscribeInputSchema, response: { 200: UnsubscribeResultSchema } },
    },
    (request) => opts.unsubscribe.unsubscribe(request.query.token),
  );
}
