/**
 * The only place that reads process.env (STYLE 7). Parsed once at boot; a bad value stops the
 * server with a message that names the variable.
 */
import path from 'node:path';
import { z } from 'zod';
import type { S3Settings } from '../modules/media/s3-media-storage';
import type { RateLimits } from '../plugins/rate-limit';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** A map tile server's URL template (ADR 064): https, one host, with {z}, {x} and {y}. */
const tilesUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(
    z
      .url({ protocol: /^https$/, error: 'must be an https URL' })
      .refine((v) => ['{z}', '{x}', '{y}'].every((part) => v.includes(part)), 'must contain {z}, {x} and {y}')
      .refine((v) => !v.includes('{s}'), 'must name one host: {s} subdomains would each need the CSP')
      .optional(),
  )
  .optional();

const perWindow = (fallback: number) => z.coerce.number().int().min(1).max(100_000).default(fallback);
/** A duration in milliseconds, at least 100 ms and at most an hour (ADR 033). */
const milliseconds = (fallback: number) => z.coerce.number().int().min(100).max(3_600_000).default(fallback);

const retentionDays = (fallback: number) => z.coerce.number().int().min(2).max(3650).default(fallback);

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  // What several instances share (issue 37): rate limits count there (ADR 113).
  REDIS_URL: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional())
    .optional(),
  // Every key Waymark writes starts with it: one Redis may serve several communities.
  REDIS_KEY_PREFIX: z
    .string()
    .trim()
    .regex(/^[\w:.-]{1,64}$/, 'must be 1-64 letters, digits, _ : . or -')
    .default('waymark:'),
  // Photos in an S3-compatible bucket (issue 37, ADR 116); unset S3_BUCKET, they stay on disk.
  S3_BUCKET: optionalText,
  // Unset for AWS itself; MinIO, R2, Garage and the like need it.
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z
    .string()
    .trim()
    .transform((v) => (v === '' ? 'us-east-1' : v))
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '']).default('false'),
  // GET /metrics (Prometheus) answers only with it, as a bearer token; unset, there is no /metrics.
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(16, 'must be at least 16 characters long')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PUBLIC_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: optionalText,
  ADMIN_EMAIL: z.string().trim().pipe(z.email()).default('admin@waymark.local'),
  ADMIN_PASSWORD: z
    .string()
    .min(8, 'must be at least 8 characters long')
    .max(128)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SESSION_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters long')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Windows (plugins/rate-limit.ts): sign-in 5 minutes, the others 30 minutes.
  RATE_LIMIT_SIGN_IN: perWindow(25),
  // ADR 107: sign-ins to one account from browsers it has not signed in on, all together.
  RATE_LIMIT_SIGN_IN_UNKNOWN_DEVICE: perWindow(10),
  RATE_LIMIT_SIGN_UP: perWindow(5),
  RATE_LIMIT_INVITATIONS: perWindow(5),
  RATE_LIMIT_UPLOADS: perWindow(30),
  // Reads of a shared guide and its photos per IP in 5 minutes (ADR 068).
  RATE_LIMIT_SHARED_LINKS: perWindow(600),
  // Password reset links asked for in 30 minutes, per IP and per e-mail address (ADR 073).
  RATE_LIMIT_PASSWORD_RESET: perWindow(10),
  RATE_LIMIT_PASSWORD_RESET_ACCOUNT: perWindow(3),
  // Two-factor codes checked per account in 15 minutes (ADR 075).
  RATE_LIMIT_TWO_FACTOR: perWindow(10),
  // Admins must turn on two-factor before any admin route answers them (ADR 076).
  REQUIRE_ADMIN_2FA: z.enum(['true', 'false', '']).default('false'),
  // "Download my data" exports per member in an hour (ADR 080).
  RATE_LIMIT_DATA_EXPORTS: perWindow(3),
  MAP_TILES_URL: tilesUrl,
  MAP_TILES_ATTRIBUTION: optionalText,
  TRUST_PROXY: z.enum(['true', 'false', '']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Slow clients (ADR 033): each bounds inactivity or a rate, not a request's length.
  REQUEST_HEADERS_TIMEOUT_MS: milliseconds(10_000),
  REQUEST_IDLE_TIMEOUT_MS: milliseconds(15_000),
  KEEP_ALIVE_TIMEOUT_MS: milliseconds(10_000),
  REQUEST_TIMEOUT_MS: milliseconds(600_000),
  REQUEST_BODY_MIN_BYTES_PER_SECOND: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000_000)
    .default(32 * 1024),
  // On SIGTERM, how long /api/ready answers 503 before the instance stops taking requests: a
  // proxy's health checks must see it first (ADR 114). 0 on one machine: nothing to tell.
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  // The e-mail job runner (ADR 091): how often it looks for due jobs; the hour (UTC) daily digests go out.
  JOBS_POLL_INTERVAL_MS: milliseconds(5_000),
  DIGEST_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(6),
  // Days a finished job stays in the Outbox's list before it is pruned (ADR 092). At least 2: a
  // job's key (one digest per member and day, one e-mail per like and day) must outlive its day.
  JOBS_RETENTION_DAYS: retentionDays(14),
  // Failed jobs stay longer: an admin has to see what never went out.
  JOBS_FAILED_RETENTION_DAYS: retentionDays(90),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Where instances share their rate limits (ADR 113); unset, each counts in its own memory. */
  redisUrl?: string;
  /** What every key in that Redis starts with. */
  redisKeyPrefix: string;
  /** The bucket photos are kept in (ADR 116); unset, they are files under DATA_DIR/uploads. */
  s3?: S3Settings;
  /** The bearer token GET /metrics asks for; unset, the route does not exist (ADR 115). */
  metricsToken?: string;
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  adminEmail: string;
  adminPassword?: string;
  sessionSecret?: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** Believe X-Forwarded-For (only behind a reverse proxy that sets it). */
  trustProxy: boolean;
  /** Calls allowed per window (ADR 005; windows in plugins/rate-limit.ts). */
  rateLimits: RateLimits;
  /** REQUIRE_ADMIN_2FA: admin routes refuse an admin without two-factor (ADR 076). */
  requireAdminTwoFactor: boolean;
  /** How long slow or silent clients may hold a connection (ADR 033). */
  timeouts: RequestTimeouts;
  /** On SIGTERM, how long the instance reports itself not ready before it closes (ADR 114). */
  shutdownDrainMs: number;
  /** An optional tile layer under the maps' country shapes (ADR 064); none by default. */
  mapTiles?: MapTilesConfig;
  /** The job runner's poll interval and the daily digest's hour, UTC (ADR 091); how long finished jobs stay (ADR 092). */
  jobs: { pollMs: number; digestHourUtc: number; retentionDays: number; failedRetentionDays: number };
}

export interface MapTilesConfig {
  /** The URL template, {z}/{x}/{y} as Leaflet fills them. */
  url: string;
  /** Shown in the map's corner: tile providers require it. */
  attribution: string;
  /** The only origin the CSP's img-src adds. */
  origin: string;
}

export interface RequestTimeouts {
  /** The request line and headers must arrive within this. */
  headersMs: number;
  /** A request whose body sends nothing for this long is closed (also the socket's idle limit). */
  idleMs: number;
  /** A kept-alive connection with no request for this long is closed. */
  keepAliveMs: number;
  /** No request may take longer than this to arrive, however steadily it comes. */
  requestMs: number;
  /** A body must keep up this average rate (after the first `idleMs`). */
  bodyMinBytesPerSecond: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.MAP_TILES_URL && !e.MAP_TILES_ATTRIBUTION)
    throw new ConfigError('Invalid environment configuration:\n  MAP_TILES_ATTRIBUTION: is required with MAP_TILES_URL');
  if (e.JOBS_FAILED_RETENTION_DAYS < e.JOBS_RETENTION_DAYS)
    throw new ConfigError(
      'Invalid environment configuration:\n  JOBS_FAILED_RETENTION_DAYS: must be at least JOBS_RETENTION_DAYS (failed jobs stay longer)',
    );
  if (e.S3_BUCKET) {
    for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!e[name]) throw new ConfigError(`Invalid environment configuration:\n  ${name}: is required with S3_BUCKET`);
    }
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
          }
        : undefined,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    metricsToken: e.METRICS_TOKEN,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `Waymark <no-reply@${new URL(publicUrl).hostname}>`,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    sessionSecret: e.SESSION_SECRET,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true',
    rateLimits: {
      signIn: e.RATE_LIMIT_SIGN_IN,
      signInUnknownDevice: e.RATE_LIMIT_SIGN_IN_UNKNOWN_DEVICE,
      signUp: e.RATE_LIMIT_SIGN_UP,
      invitationRequest: e.RATE_LIMIT_INVITATIONS,
      uploads: e.RATE_LIMIT_UPLOADS,
      sharedLinks: e.RATE_LIMIT_SHARED_LINKS,
      passwordReset: e.RATE_LIMIT_PASSWORD_RESET,
      passwordResetAccount: e.RATE_LIMIT_PASSWORD_RESET_ACCOUNT,
      twoFactor: e.RATE_LIMIT_TWO_FACTOR,
      dataExports: e.RATE_LIMIT_DATA_EXPORTS,
    },
    requireAdminTwoFactor: e.REQUIRE_ADMIN_2FA === 'true',
    timeouts: {
      headersMs: e.REQUEST_HEADERS_TIMEOUT_MS,
      idleMs: e.REQUEST_IDLE_TIMEOUT_MS,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS,
      requestMs: e.REQUEST_TIMEOUT_MS,
      bodyMinBytesPerSecond: e.REQUEST_BODY_MIN_BYTES_PER_SECOND,
    },
    mapTiles: e.MAP_TILES_URL
      ? { url: e.MAP_TILES_URL, attribution: e.MAP_TILES_ATTRIBUTION ?? '', origin: tilesOrigin(e.MAP_TILES_URL) }
      : undefined,
    jobs: {
      pollMs: e.JOBS_POLL_INTERVAL_MS,
      digestHourUtc: e.DIGEST_HOUR_UTC,
      retentionDays: e.JOBS_RETENTION_DAYS,
      failedRetentionDays: e.JOBS_FAILED_RETENTION_DAYS,
    },
  };
}

/** The template's origin: its placeholders filled, so URL parses it as any tile's URL. */
function tilesOrigin(template: string): string {
  return new URL(template.replace(/\{[a-z]+\}/g, '0')).origin;
}
