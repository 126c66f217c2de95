/**
 * Builds the Fastify app from its plugins (fastify/demo): shared plugins first, then each
 * feature module under its prefix. server.ts listens; tests build the app and inject().
 */
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '../../db/client';
import type { Config } from './config/env';
import { createAuthService } from './modules/auth/auth.service';
import { authRoutes } from './modules/auth/auth.routes';
import { createBetterAuth } from './modules/auth/better-auth';
import { viewerPlugin } from './modules/auth/viewer.plugin';
import { healthRoutes } from './modules/health/health.routes';
import { adminInvitationRoutes, invitationRequestRoutes } from './modules/invitations/invitations.routes';
import { createInvitationsService } from './modules/invitations/invitations.service';
import { type Mailer, createOutboxMailer, createSmtpMailer } from './modules/mail/mailer';
import { outboxRoutes } from './modules/mail/outbox.routes';
import { tipTypeRoutes } from './modules/tip-types/tip-types.routes';
import { accessPlugin } from './plugins/access';
import { csrfPlugin } from './plugins/csrf';
import { errorHandlerPlugin } from './plugins/error-handler';
import { type RateLimits, rateLimitPlugin } from './plugins/rate-limit';
import { webClientPlugin } from './plugins/web-client';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** The session-signing secret (config or the one stored in the database, see bootstrap). */
  sessionSecret: string;
  mailer?: Mailer;
  rateLimits?: Partial<RateLimits>;
  logger?: FastifyServerOptions['logger'];
  webRoot?: string;
}

export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const db = database.db;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandlerPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: { directives: { 'upgrade-insecure-requests': null } },
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
  });
  await app.register(cookie);
  await app.register(rateLimitPlugin, { limits: { ...config.rateLimits, ...deps.rateLimits } });
  await app.register(csrfPlugin, { publicUrl: config.publicUrl });

  const auth = createBetterAuth({ db, secret: deps.sessionSecret, publicUrl: config.publicUrl });
  const authService = createAuthService(db, auth);
  const mailer = deps.mailer ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer(db));
  const invitations = createInvitationsService({ db, mailer, publicUrl: config.publicUrl, log: app.log });

  await app.register(viewerPlugin, { authService });
  await app.register(accessPlugin);

  await app.register(healthRoutes, { prefix: '/api/health' });
  await app.register(authRoutes, { prefix: '/api/auth', authService });
  await app.register(invitationRequestRoutes, { prefix: '/api/invitations', invitations });
  await app.register(adminInvitationRoutes, { prefix: '/api/admin/invitations', invitations });
  await app.register(outboxRoutes, { prefix: '/api/admin/outbox', db });
  await app.register(tipTypeRoutes, { prefix: '/api/tip-types', db });

  await app.register(webClientPlugin, { root: deps.webRoot ?? path.resolve('dist/web') });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
