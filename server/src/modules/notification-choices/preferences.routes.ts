import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NotificationPreferencesInputSchema, NotificationPreferencesSchema } from '@common/schemas/notification-preferences';
import { requireViewer } from '@server/plugins/access';
import type { PreferencesService } from './preferences.service';

const member = { access: 'member' } as const;

/** /api/notifications/preferences: the caller's own choices per kind (ADR 090). */
export function preferenceRoutes(app: FastifyInstance, opts: { preferences: PreferencesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { preferences } = opts;

  r.get('/', { config: member, schema: { response: { 200: NotificationPreferencesSchema } } }, async (request) =>
    preferences.get((await requireViewer(request)).userId),
  );

  r.put(
    '/',
    { config: member, schema: { body: NotificationPreferencesInputSchema, response: { 200: NotificationPreferencesSchema } } },
    async (request) => preferences.update((await requireViewer(request)).userId, request.body.preferences),
  );
}
