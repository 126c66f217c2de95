import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SystemMessageSchema } from '@common/schemas/system-message';
import { requireViewer } from '@server/plugins/access';
import type { SystemMessagesService } from './system-messages.service';

/** /api/system-messages: GET /active for members. */
export function systemMessageRoutes(app: FastifyInstance, opts: { systemMessages: SystemMessagesService }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/active',
      { config: { access: 'member' }, schema: { response: { 200: z.array(SystemMessageSchema) } } },
      async (request) => {
        return opts.systemMessages.listActive((await requireViewer(request)).userId);
      },
    );
}
