/**
 * Builds the real app on a test database, with helpers to call it as a browser would
 * (session cookie and the CSRF header).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Role } from '@common/schemas/auth';
import type { DatabaseHandle } from '@db/client';
import { userRoles } from '@db/schema';
import { buildApp } from '../src/app';
import { bootstrap } from '../src/bootstrap';
import { loadConfig } from '../src/config/env';
import type { Mailer } from '../src/modules/mail/mailer';
import type { RateLimits } from '../src/plugins/rate-limit';
import { openTestDatabase } from './test-database';
import { testGazetteer } from './test-gazetteer';
import type { Gazetteer } from '../src/modules/maps/tip-locator';

export const ADMIN = { email: 'admin@waymark.test', password: 'admin-password-1' };
export const PUBLIC_URL = 'http://waymark.test';

export interface TestAppOptions {
  mailer?: Mailer;
  rateLimits?: Partial<RateLimits>;
  publicUrl?: string;
  /** The real offline gazetteer for the tests of locating itself; a few test places otherwise. */
  gazetteer?: Gazetteer;
  /** More environment variables, e.g. MAP_TILES_URL. */
  env?: NodeJS.ProcessEnv;
  /** A built client to serve pages from (a stand-in, server/test/stand-in-client.ts); none by default. */
  webRoot?: string;
  /** Another test app's database: this app is a second instance on it, and leaves it open on close. */
  sharedDatabase?: DatabaseHandle;
  /** "Download my data" exports this instance runs at once (4 unless set). */
  dataExportCapacity?: number;
}

export async function createTestApp(options: TestAppOptions = {}) {
  const database = options.sharedDatabase ?? (await openTestDatabase());
  // Uploaded files of this test file go to a directory of its own, removed on close.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'waymark-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: options.publicUrl ?? PUBLIC_URL,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const { sessionSecret } = await bootstrap(database, config);
  const app = await buildApp({
    config,
    database,
    sessionSecret,
    logger: false,
    mailer: options.mailer,
    webRoot: options.webRoot ?? '/nonexistent',
    gazetteer: options.gazetteer ?? testGazetteer,
    dataExportCapacity: options.dataExportCapacity,
    rateLimits: {
      signIn: 1000,
      signInUnknownDevice: 1000,
      signUp: 1000,
      invitationRequest: 1000,
      uploads: 1000,
      sharedLinks: 1000,
      passwordReset: 1000,
      passwordResetAccount: 1000,
      twoFactor: 1000,
      dataExports: 1000,
      ...options.rateLimits,
    },
  });
  await app.ready();

  interface CallOptions {
    cookie?: string;
    body?: unknown;
    headers?: Record<string, string>;
  }

  /** A call as the web client makes it: JSON, the session cookie and the CSRF header. */
  function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, opts: CallOptions = {}) {
    return app.inject({
      method,
      url,
      headers: {
        ...(method === 'GET' ? {} : { 'x-waymark-csrf': '1' }),
        ...(opts.cookie ? { cookie: opts.cookie } : {}),
        ...opts.headers,
      },
      ...(opts.body === undefined ? {} : { payload: opts.body as object }),
    });
  }

  async function signIn(email: string, password: string): Promise<string> {
    const res = await call('POST', '/api/auth/sign-in', { body: { email, password } });
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
    return sessionCookie(res);
  }

  let counter = 0;
  /** Signs up a new account and gives it `role`; returns its id, e-mail and session cookie. */
  async function createMember(role: Role = 'user', name = 'Test Member') {
    counter += 1;
    const email = `member${counter}-${Date.now()}@example.com`;
    const password = 'member-password-1';
    const res = await call('POST', '/api/auth/sign-up', { body: { fullName: name, email, password } });
    if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
    const id = res.json<{ id: string }>().id;
    await database.db.update(userRoles).set({ role }).where(eq(userRoles.userId, id));
    return { id, email, password, cookie: sessionCookie(res) };
  }

  return {
    app,
    db: database.db,
    database,
    config,
    call,
    signIn,
    signInAdmin: () => signIn(ADMIN.email, ADMIN.password),
    createMember,
    close: async () => {
      await app.close();
      if (!options.sharedDatabase) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The `name=value` pair of the session cookie a response set. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name.endsWith('session_token') && c.value !== '');
  if (!cookie) throw new Error(`no session cookie in response (${res.statusCode})`);
  return `${cookie.name}=${cookie.value}`;
}
