/**
 * The ceiling: a bare Fastify server with one small JSON route, loaded exactly like Waymark.
 * Whatever Waymark answers below this is the cost of its plugins, auth and database work.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/ping', () => ({ ok: true, service: 'bare-fastify' }));

const port = Number(process.env.PORT ?? 0);
await app.listen({ port, host: '127.0.0.1' });
const shutdown = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
