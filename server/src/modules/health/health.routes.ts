import type { FastifyInstance } from 'fastify';
import type { Readiness } from './readiness';

/** `/api/health`: the process is alive and answers. Nothing else is checked. */
export function healthRoutes(app: FastifyInstance) {
  app.get('/', { config: { access: 'public' } }, () => ({ ok: true }));
}

/** `/api/ready`: 200 while this instance should get traffic, 503 otherwise, with what is wrong. */
export function readyRoutes(app: FastifyInstance, opts: { readiness: Readiness }) {
  app.get('/', { config: { access: 'public' } }, async (_request, reply) => {
    const { isReady, isDraining, checks } = await opts.readiness.check();
    return reply
      .status(isReady ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ ready: isReady, shuttingDown: isDraining, checks });
  });
}
