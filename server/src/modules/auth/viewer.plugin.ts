import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthService } from './auth.service';
import { requestContext, sendCookies } from './request-context';
import type { Viewer } from './viewer';

/** Gives every request a memoised `request.viewer()`; a refreshed session cookie is sent back. */
export const viewerPlugin = fp((app: FastifyInstance, opts: { authService: AuthService }) => {
  app.decorateRequest('viewer', function unresolved(): Promise<Viewer | null> {
    return Promise.resolve(null);
  });
  app.addHook('onRequest', (request, reply, done) => {
    let pending: Promise<Viewer | null> | undefined;
    request.viewer = () => {
      pending ??= opts.authService.resolveViewer(requestContext(request)).then(({ result, setCookies }) => {
        sendCookies(reply, setCookies);
        return result;
      });
      return pending;
    };
    done();
  });
});
