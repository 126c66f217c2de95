import type { FastifyInstance } from 'fastify';

export function healthRoutes(app: FastifyInstance) {
  app.get('/', { config: { access: 'public' } }, () => ({ ok: true }));
}
