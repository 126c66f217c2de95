import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DISMISSED_MESSAGES_COOKIE, parseDismissed } from '@common/dismissed-messages';
import { SystemMessageSchema } from '@common/schemas/system-message';
import { requireViewer } from '@server/plugins/access';
import type { SystemMessagesService } from './system-messages.service';

/** /api/system-messages: GET /active for members, without those dismissed in this browser session. */
export function systemMessageRoutes(app: FastifyInstance, opts: { systemMessages: SystemMessagesService }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/active',
      { config: { access: 'member' }, schema: { response: { 200: z.array(SystemMessageSchema) } } },
      async (request) => {
        const { userId } = await requireViewer(request);
        // Dismissed in this browser session (a session cookie): left out here, so the drawn page has them out too.
        return opts.systemMessages.listActive(userId, parseDismissed(request.cookies[DISMISSED_MESSAGES_COOKIE], userId));
      },
    );
}
