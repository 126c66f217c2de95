import type { FastifyInstance } from 'fastify';
import { requireViewer } from '@server/plugins/access';
import type { AuthService } from '../auth/auth.service';
import { requestContext, sendCookies } from '../auth/request-context';
import type { AccountService } from './account.service';

/** DELETE /api/account (docs/product.md#deleting-an-account): 204, everything of the member gone, session cookie expired. */
export function accountRoutes(app: FastifyInstance, opts: { account: AccountService; authService: AuthService }) {
  app.delete('/', { config: { access: 'member' } }, async (request, reply) => {
    const viewer = await requireViewer(request);
    await opts.account.deleteOwnAccount(viewer.userId);
    // The session row went with the user; better-auth's sign-out still sends the expired cookies
    // (same names and attributes as the ones it set, __Secure- prefix included).
    sendCookies(reply, await opts.authService.signOut(requestContext(request), viewer));
    return reply.status(204).send();
  });
}
