import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/', { config: { access: 'public' } }, async () => ({ ok: true }));
}
