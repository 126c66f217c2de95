/**
 * Builds the Fastify app from its plugins (fastify/demo): shared plugins first, then each
 * feature module under its prefix. server.ts listens; tests build the app and inject().
 */
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '@db/client';
import type { Config } from './config/env';
import { accountRoutes } from './modules/account/account.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { createAdminService } from './modules/admin/admin.service';
import { createAccountService } from './modules/account/account.service';
import { cookieValue, createAuthService } from './modules/auth/auth.service';
import { authRoutes } from './modules/auth/auth.routes';
import { createEmailChangeService } from './modules/auth/email-change.service';
import { createBetterAuth, sessionCookieName } from './modules/auth/better-auth';
import { createSessionCache } from './modules/auth/session-cache';
import { createLastSeen } from './modules/auth/last-seen';
import { createMemberSessionsService } from './modules/auth/member-sessions.service';
import { memberSessionRoutes } from './modules/auth/member-sessions.routes';
import { createPasswordChangedNotice } from './modules/auth/password-changed';
import { createPasswordResetService } from './modules/auth/password-reset.service';
import { passwordResetRoutes } from './modules/auth/password-reset.routes';
import { challengeCookie as createChallengeCookie } from './modules/two-factor/challenge-cookie';
import { knownDevice } from './modules/auth/known-device';
import { createSecretBox } from './modules/two-factor/secret-box';
import { createSignInChallenges } from './modules/two-factor/sign-in-challenge.service';
import { twoFactorSignInRoutes } from './modules/two-factor/two-factor-sign-in.routes';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes';
import { createTwoFactorService } from './modules/two-factor/two-factor.service';
import { createPasskeySignInService } from './modules/passkeys/passkey-sign-in.service';
import { passkeyRoutes, passkeySignInRoutes } from './modules/passkeys/passkeys.routes';
import { createPasskeysService } from './modules/passkeys/passkeys.service';
import { challengeCookie as passkeyChallengeCookie, relyingPartyOf } from './modules/passkeys/relying-party';
import { exploreRoutes, savedRoutes, userContentRoutes } from './modules/content/content.routes';
import { createContentService } from './modules/content/content.service';
import { memberRoutes } from './modules/members/members.routes';
import { createMembersService } from './modules/members/members.service';
import { blockRoutes } from './modules/blocks/blocks.routes';
import { createBlocksService } from './modules/blocks/blocks.service';
import { connectionRoutes, userConnectionRoutes } from './modules/connections/connections.routes';
import { createConnectionsService } from './modules/connections/connections.service';
import { guideRoutes } from './modules/guides/guides.routes';
import { createGuidesService } from './modules/guides/guides.service';
import { viewerPlugin } from './modules/auth/viewer.plugin';
import { healthRoutes, readyRoutes } from './modules/health/health.routes';
import { type Readiness, createReadiness } from './modules/health/readiness';
import { homeRoutes } from './modules/home/home.routes';
import { offlineGazetteer } from './modules/maps/gazetteer';
import { createGuideMapService } from './modules/maps/guide-map.service';
import { guideMapRoutes, mapRoutes } from './modules/maps/map.routes';
import { createMapService } from './modules/maps/map.service';
import { type Gazetteer, createTipLocator } from './modules/maps/tip-locator';
import { createHomeService } from './modules/home/home.service';
import { dataExportRoutes } from './modules/data-export/data-export.routes';
import { createDataExportService } from './modules/data-export/data-export.service';
import { createGuideExportService } from './modules/exports/guide-export.service';
import { guideExportRoutes } from './modules/exports/guide-exports.routes';
import { adminInvitationRoutes, invitationRequestRoutes } from './modules/invitations/invitations.routes';
import { createInvitationsService } from './modules/invitations/invitations.service';
import { type Mailer, createOutboxMailer, createSmtpMailer } from './modules/mail/mailer';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { systemMessageRoutes } from './modules/system-messages/system-messages.routes';
import { createSystemMessagesService } from './modules/system-messages/system-messages.service';
import { outboxRoutes } from './modules/mail/outbox.routes';
import { createOutboxService } from './modules/mail/outbox.service';
import { mapSettingsRoutes } from './modules/maps/map-settings.routes';
import { createMediaStorage } from './modules/media/media-storage';
import { createPhotoSweepPlanner, photoSweepHandlers } from './modules/media/photo-sweep';
import { createS3MediaStorage } from './modules/media/s3-media-storage';
import { mediaRoutes, uploadRoutes } from './modules/media/media.routes';
import { createMediaService } from './modules/media/media.service';
import { createPhotoAccess } from './modules/media/photo-access';
import { profileRoutes } from './modules/profiles/profiles.routes';
import { createProfilesService } from './modules/profiles/profiles.service';
import { likeRoutes, saveRoutes } from './modules/reactions/reactions.routes';
import { createReactionsService } from './modules/reactions/reactions.service';
import { createEventHub } from './modules/realtime/event-hub';
import { realtimeRoutes } from './modules/realtime/realtime.routes';
import { createRealtimeService } from './modules/realtime/realtime.service';
import { createLiveStreams } from './modules/realtime/live-streams';
import { tipRoutes } from './modules/tips/tips.routes';
import { createTipsService } from './modules/tips/tips.service';
import { tipTypeRoutes } from './modules/tip-types/tip-types.routes';
import { createTipTypesService } from './modules/tip-types/tip-types.service';
import { accessPlugin } from './plugins/access';
import { cacheHeadersPlugin } from './plugins/cache-headers';
import { csrfPlugin } from './plugins/csrf';
import { errorHandlerPlugin, sendFrameworkError } from './plugins/error-handler';
import { countingMailer, createMetrics, metricsRoute, requestMetricsPlugin } from './plugins/metrics';
import { type RateLimits, rateLimitPlugin } from './plugins/rate-limit';
import type { Redis } from 'ioredis';
import { connectRedis } from './plugins/redis';
import { bodyTimeoutPlugin, serverTimeoutOptions } from './plugins/request-timeouts';
import { textGuardPlugin } from './plugins/text-guard';
import { DEFERRED_START_HASH } from './plugins/deferred-scripts';
import { webClientPlugin } from './plugins/web-client';
import { createShareLinksService } from './modules/guide-sharing/share-links.service';
import { sharedGuideRoutes, shareLinkRoutes } from './modules/guide-sharing/share-links.routes';
import { createLinkPreview } from './plugins/link-preview';
import { createJobPruner } from './modules/jobs/job-pruner';
import { type JobRunner, createJobRunner } from './modules/jobs/job-runner';
import { jobRoutes } from './modules/jobs/jobs.routes';
import { createJobsService } from './modules/jobs/jobs.service';
import { countWaitingAndFailedJobs } from './modules/jobs/jobs.repository';
import { createDigestPlanner, notificationEmailHandlers } from './modules/notification-choices/notification-emails';
import { preferenceRoutes } from './modules/notification-choices/preferences.routes';
import { systemMessageHandlers } from './modules/notification-choices/system-message-emails';
import { createPreferencesService } from './modules/notification-choices/preferences.service';
import { unsubscribeRoutes } from './modules/notification-choices/unsubscribe.routes';
import { createUnsubscribeService } from './modules/notification-choices/unsubscribe.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The e-mail job runner (ADR 091): built here, started by server.ts, stopped on close. */
    jobRunner: JobRunner;
    /** The connection to REDIS_URL, shared by what several instances share (ADR 113); null without it. */
    redis: Redis | null;
    /** What `/api/ready` reports; server.ts drains it on SIGTERM (ADR 114). */
    readiness: Readiness;
  }
}
import { createAuditService } from './modules/audit/audit.service';
import { adminModerationRoutes, reportRoutes } from './modules/moderation/moderation.routes';
import { createModerationService } from './modules/moderation/moderation.service';
import { createHandledReportsService } from './modules/moderation/handled-reports.service';
import { createReportCasesService } from './modules/moderation/report-cases.service';
import { createReportsService } from './modules/moderation/reports.service';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** The session-signing secret (config or the one stored in the database, see bootstrap). */
  sessionSecret: string;
  mailer?: Mailer;
  rateLimits?: Partial<RateLimits>;
  logger?: FastifyServerOptions['logger'];
  webRoot?: string;
  /** With webRoot: the server-rendering entry to use (none: pages are drawn by the browser). */
  ssrEntry?: string;
  /** The places tips are located by; the offline GeoNames gazetteer unless a test brings its own. */
  gazetteer?: Gazetteer;
  /** "Download my data" exports running at once in this process (4); tests set fewer. */
  dataExportCapacity?: number;
}

export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const db = database.db;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // URLs Fastify refuses before routing answer our error body too (ADR 121).
    frameworkErrors: sendFrameworkError,
    // Slow or silent clients cannot hold connections open (ADR 033).
    ...serverTimeoutOptions(config.timeouts),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandlerPlugin);
  // /metrics only with METRICS_TOKEN (ADR 115). Its request hook before any route: a hook reaches
  // only the routes registered after it.
  const metrics = config.metricsToken ? createMetrics() : null;
  if (metrics) await app.register(requestMetricsPlugin, { metrics });
  // First, so its onSend hook covers every answer, refusals by the plugins below included.
  await app.register(cacheHeadersPlugin);
  await app.register(bodyTimeoutPlugin, { timeouts: config.timeouts });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'upgrade-insecure-requests': null,
        // The one inline script: a server-drawn page's deferred start of its scripts.
        'script-src': ["'self'", DEFERRED_START_HASH],
        // blob: for the photo pickers' local previews (URL.createObjectURL).
        // The map tile server's origin only when MAP_TILES_URL names one (ADR 064).
        'img-src': ["'self'", 'data:', 'blob:', ...(config.mapTiles ? [config.mapTiles.origin] : [])],
        // Nobody may frame Waymark (clickjacking); X-Frame-Options says the same to old browsers.
        'frame-ancestors': ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    strictTransportSecurity: config.publicUrl.startsWith('https:') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  await app.register(cookie);
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, config.redisKeyPrefix, app.log) : null;
  app.decorate('redis', redis);
  if (redis)
    app.addHook('onClose', () =>
      redis.quit().then(
        () => undefined,
        () => redis.disconnect(),
      ),
    );
  await app.register(rateLimitPlugin, { limits: { ...config.rateLimits, ...deps.rateLimits }, redis });
  await app.register(csrfPlugin, { publicUrl: config.publicUrl });
  await app.register(textGuardPlugin);

  const auth = createBetterAuth({ db, secret: deps.sessionSecret, publicUrl: config.publicUrl });
  // Started here, stopped on close: a viewer is only cached while its changes can be heard.
  const sessionCache = createSessionCache({ database, log: app.log });
  await sessionCache.start();
  app.addHook('onClose', () => sessionCache.stop());
  const cookieName = sessionCookieName(config.publicUrl);
  const twoFactor = createTwoFactorService({
    db,
    box: createSecretBox(deps.sessionSecret),
    requireAdminTwoFactor: config.requireAdminTwoFactor,
  });
  const challenges = createSignInChallenges({ db, twoFactor });
  const challengeCookie = createChallengeCookie(config.publicUrl);
  const baseMailer = deps.mailer ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer(db));
  // Every module and the job runner mail through this one, so /metrics counts every send.
  const mailer = metrics ? countingMailer(baseMailer, metrics) : baseMailer;
  // Issue 24: forgotten passwords (ADR 073) and the member's sessions (ADR 074).
  const passwordChanged = createPasswordChangedNotice({ db, mailer, publicUrl: config.publicUrl, log: app.log });
  const lastSeen = createLastSeen({ db, log: app.log });
  const authService = createAuthService(
    db,
    auth,
    { cache: sessionCache, cookieName, lastSeen, passwordChanged },
    { requireAdminTwoFactor: config.requireAdminTwoFactor },
  );
  const passwordReset = createPasswordResetService({
    db,
    mailer,
    publicUrl: config.publicUrl,
    log: app.log,
    authChanges: sessionCache,
    passwordChanged,
  });
  // Links asked for just before shutdown are still sent (and never outlive the database).
  app.addHook('onClose', () => passwordReset.settled());
  app.decorate('passwordResetsSettled', passwordReset.settled);
  const memberSessions = createMemberSessionsService({ db, authChanges: sessionCache });
  const invitations = createInvitationsService({ db, mailer, publicUrl: config.publicUrl, log: app.log });
  // One photo store for every module (uploads, tips, guides): the bucket when one is configured
  // (ADR 116), else DATA_DIR/uploads.
  const s3Storage = config.s3 ? createS3MediaStorage(config.s3) : null;
  if (s3Storage) app.addHook('onClose', () => Promise.resolve(s3Storage.close()));
  const mediaStorage = s3Storage ?? createMediaStorage(config.dataDir);
  const media = createMediaService(mediaStorage);
  const gazetteer = deps.gazetteer ?? offlineGazetteer;
  const locator = createTipLocator(gazetteer);
  const tips = createTipsService({ db, storage: mediaStorage, log: app.log, locator });
  const map = createMapService({ db });
  const guideMap = createGuideMapService({ db, gazetteer });
  const reactions = createReactionsService({ db });
  const guides = createGuidesService({ db, storage: mediaStorage, log: app.log });
  const guideExports = createGuideExportService({ guides, guideMap, publicUrl: config.publicUrl });
  const content = createContentService({ db });
  const home = createHomeService({ db });
  const profiles = createProfilesService({ db, storage: mediaStorage, log: app.log });
  const account = createAccountService({ db, storage: mediaStorage, log: app.log, authChanges: sessionCache });
  const dataExport = createDataExportService({
    db,
    hasSnapshots: database.kind === 'postgres',
    storage: mediaStorage,
    publicUrl: config.publicUrl,
    secret: deps.sessionSecret,
    redis,
    log: app.log,
    capacity: deps.dataExportCapacity,
  });
  const connections = createConnectionsService({ db });
  const notifications = createNotificationsService({ db });
  const systemMessages = createSystemMessagesService({ db });
  const tipTypes = createTipTypesService({ db });
  const outbox = createOutboxService({ db });
  const emailChange = createEmailChangeService({
    db,
    mailer,
    publicUrl: config.publicUrl,
    log: app.log,
    authChanges: sessionCache,
  });
  // Passkeys (ADR 077): RP ID and origin from PUBLIC_URL.
  const rp = relyingPartyOf(config.publicUrl);
  const passkeys = createPasskeysService({ db, rp });
  const passkeySignIn = createPasskeySignInService({ db, rp, signInProven: authService.issueSession });
  const shareLinks = createShareLinksService({ db, secret: deps.sessionSecret, publicUrl: config.publicUrl });
  const admin = createAdminService({
    db,
    mailer,
    publicUrl: config.publicUrl,
    storage: mediaStorage,
    log: app.log,
    authChanges: sessionCache,
  });

  await app.register(viewerPlugin, { authService });
  await app.register(accessPlugin, { isAdminSecondFactorMissing: twoFactor.isMissingFor });

  await app.register(healthRoutes, { prefix: '/api/health' });
  const readiness = createReadiness({ db, redis, ...(s3Storage ? { storage: () => s3Storage.probe() } : {}) });
  app.decorate('readiness', readiness);
  await app.register(readyRoutes, { prefix: '/api/ready', readiness });
  const device = knownDevice({ secret: deps.sessionSecret, publicUrl: config.publicUrl });
  await app.register(authRoutes, { prefix: '/api/auth', authService, emailChange, challenges, challengeCookie, device });
  await app.register(twoFactorRoutes, { prefix: '/api/auth/two-factor', twoFactor });
  await app.register(twoFactorSignInRoutes, { prefix: '/api/auth/sign-in', authService, challenges, cookie: challengeCookie });
  await app.register(passwordResetRoutes, { prefix: '/api/auth/password-reset', passwordReset });
  await app.register(memberSessionRoutes, { prefix: '/api/auth/sessions', sessions: memberSessions, authService });
  await app.register(passkeyRoutes, { prefix: '/api/auth/passkeys', passkeys, cookie: passkeyChallengeCookie(config.publicUrl) });
  await app.register(passkeySignInRoutes, {
    prefix: '/api/auth/passkey-sign-in',
    passkeySignIn,
    cookie: passkeyChallengeCookie(config.publicUrl),
  });
  await app.register(invitationRequestRoutes, { prefix: '/api/invitations', invitations });
  await app.register(adminInvitationRoutes, { prefix: '/api/admin/invitations', invitations });
  await app.register(outboxRoutes, { prefix: '/api/admin/outbox', outbox });
  await app.register(adminRoutes, { prefix: '/api/admin', admin });
  await app.register(tipTypeRoutes, { prefix: '/api/tip-types', tipTypes });
  await app.register(uploadRoutes, { prefix: '/api/uploads', media });
  await app.register(mediaRoutes, { prefix: '/api/media', media, photoAccess: createPhotoAccess({ db }) });
  await app.register(tipRoutes, { prefix: '/api/tips', tips });
  await app.register(likeRoutes, { prefix: '/api/likes', reactions });
  await app.register(saveRoutes, { prefix: '/api/saves', reactions });
  await app.register(guideRoutes, { prefix: '/api/guides', guides });
  await app.register(guideMapRoutes, { prefix: '/api/guides', guideMap });
  await app.register(userContentRoutes, { prefix: '/api/users', content });
  await app.register(exploreRoutes, { prefix: '/api/explore', content });
  await app.register(savedRoutes, { prefix: '/api/saved', content });
  await app.register(homeRoutes, { prefix: '/api/home', home });
  await app.register(mapRoutes, { prefix: '/api/map', map, locator });
  await app.register(profileRoutes, { prefix: '/api/profiles', profiles });
  await app.register(accountRoutes, { prefix: '/api/account', authService, account });
  await app.register(dataExportRoutes, { prefix: '/api/account', dataExport });
  await app.register(connectionRoutes, { prefix: '/api/connections', connections });
  await app.register(userConnectionRoutes, { prefix: '/api/users', connections });
  await app.register(notificationRoutes, { prefix: '/api/notifications', notifications });
  await app.register(systemMessageRoutes, { prefix: '/api/system-messages', systemMessages });
  await app.register(mapSettingsRoutes, { prefix: '/api/map', tiles: config.mapTiles });
  await app.register(shareLinkRoutes, { prefix: '/api/guides', shareLinks });
  await app.register(sharedGuideRoutes, { prefix: '/api/shared/guides', shareLinks, storage: mediaStorage });
  await app.register(guideExportRoutes, { prefix: '/api/guides', exports: guideExports });
  await app.register(blockRoutes, { prefix: '/api/blocks', blocks: createBlocksService({ db }) });
  await app.register(memberRoutes, { prefix: '/api/members', members: createMembersService({ db }) });
  // Issue 25: notification choices, their e-mails and the job runner that sends them (ADR 090, 091).
  await app.register(preferenceRoutes, {
    prefix: '/api/notifications/preferences',
    preferences: createPreferencesService({ db }),
  });
  await app.register(unsubscribeRoutes, {
    prefix: '/api/unsubscribe',
    unsubscribe: createUnsubscribeService({ db, secret: deps.sessionSecret }),
  });
  await app.register(jobRoutes, { prefix: '/api/admin/jobs', jobs: createJobsService({ db }) });
  const planDigests = createDigestPlanner(db, config.jobs.digestHourUtc);
  const planPhotoSweep = createPhotoSweepPlanner(db);
  const jobRunner = createJobRunner({
    db,
    log: app.log,
    pollMs: config.jobs.pollMs,
    handlers: {
      ...notificationEmailHandlers({ db, mailer, publicUrl: config.publicUrl, secret: deps.sessionSecret }),
      ...systemMessageHandlers({ db, mailer, publicUrl: config.publicUrl, secret: deps.sessionSecret }),
      ...photoSweepHandlers({ db, storage: mediaStorage, log: app.log }),
    },
    beforePass: async (now) => {
      await planDigests(now);
      // Issue 37: the day's sweep of photo files nothing references (photo-sweep.ts).
      await planPhotoSweep(now);
    },
    afterPass: createJobPruner(db, config.jobs),
  });
  app.decorate('jobRunner', jobRunner);
  app.addHook('onClose', () => jobRunner.stop());
  // Issue 25: reports, moderation and the audit log (ADR 088, 089).
  await app.register(reportRoutes, { prefix: '/api/reports', reports: createReportsService({ db }) });
  await app.register(adminModerationRoutes, {
    prefix: '/api/admin',
    cases: createReportCasesService({ db }),
    handled: createHandledReportsService({ db }),
    moderation: createModerationService({ db, tips, guides, storage: mediaStorage, log: app.log, authChanges: sessionCache }),
    audit: createAuditService({ db }),
  });

  // Live events (docs/product.md#live-updates): one LISTEN per process, fanned out to the SSE streams.
  const realtime = createRealtimeService({ db });
  const liveStreams = createLiveStreams({ findSessions: realtime.sessionStates, log: app.log });
  await app.register(realtimeRoutes, {
    prefix: '/api/events',
    hub: createEventHub({ database, log: app.log }),
    realtime,
    streams: liveStreams,
    authChanges: sessionCache,
  });

  // GET /metrics itself after the live streams, which it counts.
  if (metrics && config.metricsToken) {
    await app.register(metricsRoute, {
      metrics,
      token: config.metricsToken,
      sources: {
        poolStats: database.poolStats,
        openStreams: () => liveStreams.count(),
        jobCounts: () => countWaitingAndFailedJobs(db),
      },
    });
  }

  await app.register(webClientPlugin, {
    root: deps.webRoot ?? path.resolve('dist/web'),
    ssrEntry: deps.webRoot ? deps.ssrEntry : path.resolve('dist/ssr/entry-server.js'),
    hasSession: (cookieHeader) => cookieValue(cookieHeader, cookieName) !== undefined,
    linkPreview: createLinkPreview({ shareLinks, publicUrl: config.publicUrl }),
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
