import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('loadConfig accepted an invalid environment');
}

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'production',
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      publicUrl: 'http://localhost:3000',
      mailFrom: 'Waymark <no-reply@localhost>',
      adminEmail: 'admin@waymark.local',
      logLevel: 'info',
      trustProxy: false,
      rateLimits: {
        signIn: 25,
        signUp: 5,
        invitationRequest: 5,
        uploads: 30,
        sharedLinks: 600,
        passwordReset: 10,
        passwordResetAccount: 3,
        twoFactor: 10,
        dataExports: 3,
      },
      requireAdminTwoFactor: false,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.adminPassword).toBeUndefined();
    expect(config.sessionSecret).toBeUndefined();
  });

  it('derives PUBLIC_URL from PORT and strips a trailing slash from a given one', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    const config = loadConfig({ PUBLIC_URL: 'https://trips.example.com/' });
    expect(config.publicUrl).toBe('https://trips.example.com');
    expect(config.mailFrom).toBe('Waymark <no-reply@trips.example.com>');
  });

  it('treats empty optional values as unset', () => {
    const config = loadConfig({ SMTP_URL: '', DATABASE_URL: '  ', ADMIN_PASSWORD: '', SESSION_SECRET: '', MAIL_FROM: '' });
    expect(config.smtpUrl).toBeUndefined();
    expect(config.databaseUrl).toBeUndefined();
    expect(config.adminPassword).toBeUndefined();
    expect(config.sessionSecret).toBeUndefined();
    expect(config.mailFrom).toBe('Waymark <no-reply@localhost>');
  });

  it('reads the values it is given', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '8080',
      DATA_DIR: '/var/lib/waymark',
      SMTP_URL: 'smtp://mail.example.com:587',
      ADMIN_EMAIL: 'Boss@Example.com',
      SESSION_SECRET: 's'.repeat(32),
      TRUST_PROXY: 'true',
      RATE_LIMIT_SIGN_IN: '3',
    });
    expect(config).toMatchObject({
      env: 'test',
      port: 8080,
      dataDir: '/var/lib/waymark',
      smtpUrl: 'smtp://mail.example.com:587',
      adminEmail: 'boss@example.com',
      sessionSecret: 's'.repeat(32),
      trustProxy: true,
      rateLimits: { signIn: 3 },
    });
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['SESSION_SECRET', { SESSION_SECRET: 'too-short' }],
    ['SMTP_URL', { SMTP_URL: 'not a url' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'waymark' }],
    ['ADMIN_EMAIL', { ADMIN_EMAIL: 'nobody' }],
    ['ADMIN_PASSWORD', { ADMIN_PASSWORD: 'short' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
  ])('stops with a ConfigError naming %s', (name, env) => {
    const error = configError(env);
    expect(error.message).toContain('Invalid environment configuration');
    expect(error.message).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
  });

  it('names every bad variable at once', () => {
    const error = configError({ PORT: 'abc', SESSION_SECRET: 'x' });
    expect(error.message).toContain('PORT');
    expect(error.message).toContain('SESSION_SECRET');
  });
});

describe('loadConfig: the optional map tiles (ADR 064)', () => {
  const url = 'https://tiles.example.org/osm/{z}/{x}/{y}.png';

  it('has no tile layer by default, nor for empty values', () => {
    expect(loadConfig({}).mapTiles).toBeUndefined();
    expect(loadConfig({ MAP_TILES_URL: ' ', MAP_TILES_ATTRIBUTION: '' }).mapTiles).toBeUndefined();
  });

  it('reads the template, its attribution and the origin the CSP allows', () => {
    const config = loadConfig({ MAP_TILES_URL: url, MAP_TILES_ATTRIBUTION: '© OpenStreetMap contributors' });
    expect(config.mapTiles).toEqual({ url, attribution: '© OpenStreetMap contributors', origin: 'https://tiles.example.org' });
    const withPort = loadConfig({ MAP_TILES_URL: 'https://maps.example.net:8443/{z}/{x}/{y}', MAP_TILES_ATTRIBUTION: 'x' });
    expect(withPort.mapTiles?.origin).toBe('https://maps.example.net:8443');
  });

  it.each([
    ['plain http', 'http://tiles.example.org/{z}/{x}/{y}.png', 'https'],
    ['no placeholders', 'https://tiles.example.org/tile.png', '{z}, {x} and {y}'],
    ['no {y}', 'https://tiles.example.org/{z}/{x}.png', '{z}, {x} and {y}'],
    ['subdomains', 'https://{s}.tiles.example.org/{z}/{x}/{y}.png', 'one host'],
    ['not a URL', 'tiles {z} {x} {y}', 'MAP_TILES_URL'],
  ])('refuses a template with %s', (_case, value, message) => {
    const error = configError({ MAP_TILES_URL: value, MAP_TILES_ATTRIBUTION: 'x' });
    expect(error.message).toMatch(/^\s+MAP_TILES_URL: /m);
    expect(error.message).toContain(message);
  });

  it('requires an attribution with a template', () => {
    expect(configError({ MAP_TILES_URL: url }).message).toMatch(/^\s+MAP_TILES_ATTRIBUTION: /m);
  });

  it('keeps finished jobs 14 days and failed ones 90 by default, and checks the values (ADR 092)', () => {
    expect(loadConfig({}).jobs).toMatchObject({ retentionDays: 14, failedRetentionDays: 90 });
    expect(loadConfig({ JOBS_RETENTION_DAYS: '3', JOBS_FAILED_RETENTION_DAYS: '3' }).jobs).toMatchObject({
      retentionDays: 3,
      failedRetentionDays: 3,
    });
    for (const value of ['1', '0', '-5', '2.5', 'week', '3651']) {
      expect(configError({ JOBS_RETENTION_DAYS: value }).message).toMatch(/^\s+JOBS_RETENTION_DAYS: /m);
    }
    expect(configError({ JOBS_FAILED_RETENTION_DAYS: '1' }).message).toMatch(/^\s+JOBS_FAILED_RETENTION_DAYS: /m);
    expect(configError({ JOBS_RETENTION_DAYS: '30', JOBS_FAILED_RETENTION_DAYS: '20' }).message).toMatch(
      /^\s+JOBS_FAILED_RETENTION_DAYS: must be at least JOBS_RETENTION_DAYS/m,
    );
  });
});

describe('loadConfig: the photo bucket (issue 37, ADR 116)', () => {
  const keys = { S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };

  it('keeps photos on disk without S3_BUCKET', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: '', ...keys }).s3).toBeUndefined();
  });

  it('reads the bucket, with us-east-1 and virtual-host style by default, and no endpoint for AWS', () => {
    expect(loadConfig({ S3_BUCKET: 'photos', ...keys }).s3).toEqual({
      bucket: 'photos',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
    expect(
      loadConfig({
        S3_BUCKET: 'photos',
        S3_ENDPOINT: 'http://minio:9000',
        S3_REGION: 'garage',
        S3_FORCE_PATH_STYLE: 'true',
        ...keys,
      }).s3,
    ).toMatchObject({ endpoint: 'http://minio:9000', region: 'garage', forcePathStyle: true });
  });

  it.each([
    ['S3_ACCESS_KEY_ID', { S3_BUCKET: 'photos', S3_SECRET_ACCESS_KEY: 'secret' }],
    ['S3_SECRET_ACCESS_KEY', { S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'id' }],
    ['S3_ENDPOINT', { S3_BUCKET: 'photos', S3_ENDPOINT: 'minio', ...keys }],
    ['S3_FORCE_PATH_STYLE', { S3_BUCKET: 'photos', S3_FORCE_PATH_STYLE: 'yes', ...keys }],
  ])('stops with a ConfigError naming %s', (name, env) => {
    expect(configError(env).message).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
  });
});
