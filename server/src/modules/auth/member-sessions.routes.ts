/** "Where you're signed in" (ADR 074): the caller's own sessions only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PageQuerySchema } from '@common/schemas/common';
import { OtherSessionsEndedSchema, SessionPageSchema, SessionParamsSchema } from '@common/schemas/sessions';
import { requireViewer } from '@server/plugins/access';
import type { AuthService } from './auth.service';
import type { MemberSessionsService } from './member-sessions.service';
import { requestContext, sendCookies } from './request-context';

export function memberSessionRoutes(app: FastifyInstance, opts: { sessions: MemberSessionsService; authService: AuthService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { sessions, authService } = opts;

  r.get(
    '/',
    { config: { access: 'signedIn' }, schema: { querystring: PageQuerySchema, response: { 200: SessionPageSchema } } },
    async (request) => sessions.list(await requireViewer(request), request.query.cursor, request.query.limit),
  );

  // Ending the caller's own current session is signing out: the cookie is cleared as well.
  r.delete('/:id', { config: { access: 'signedIn' }, schema: { params: SessionParamsSchema } }, async (request, reply) => {
    const viewer = await requireViewer(request);
    if (request.params.id === viewer.sessionId) {
      sendCookies(reply, await authService.signOut(requestContext(request), viewer));
    } else {
      await sessions.end(viewer, request.params.id);
    }
    return reply.status(204).send();
  });

  r.post(
    '/sign-out-others',
    { config: { access: 'signedIn' }, schema: { response: { 200: OtherSessionsEndedSchema } } },
    async (request) => sessions.endOthers(await requireViewer(request)),
  );
}
