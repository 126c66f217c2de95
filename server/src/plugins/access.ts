/**
 * Deny by default (docs/product.md#who-may-do-what): every /api route must declare who may call it in
 * `config.access`, or the app refuses to start. The check runs before parsing and validation.
 */
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { TWO_FACTOR_TEXTS } from '@common/schemas/two-factor';
import { TEXTS } from '@common/texts';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';
import type { Viewer } from '../modules/auth/viewer';

/** public: anyone; signedIn: any account, pending too; member: role user or admin; admin. */
export type Access = 'public' | 'signedIn' | 'member' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access, in registration order (the route matrix reads it). */
    apiRoutes: ApiRoute[];
    /**
     * Whether the viewer may use an admin's powers now, wherever they are (admin routes, and
     * outside them: photos of private tips, moderator-hidden tips and guides...). The one place
     * that asks whether someone is an admin: REQUIRE_ADMIN_2FA applies to every power alike
     * (issue 36, ADR 076).
     */
    hasAdminPowers(viewer: Viewer | null): Promise<boolean>;
  }
  interface FastifyRequest {
    /** The signed-in caller, resolved once per request (null when anonymous). */
    viewer(): Promise<Viewer | null>;
  }
}

export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
  /** The route's zod schemas (params, querystring, body, response by status), for the fuzz tests. */
  schema: FastifySchema | undefined;
}

export function assertAllowed(access: Access, viewer: Viewer | null): void {
  if (access === 'public') return;
  if (!viewer) throw new UnauthorizedError(TEXTS.signInRequired);
  if (access === 'signedIn') return;
  if (viewer.role === 'pending') throw new ForbiddenError(TEXTS.accountPendingActivation);
  if (access === 'admin' && viewer.role !== 'admin') throw new ForbiddenError(TEXTS.accessDenied);
}

/** The viewer of a route whose access is not public: never null there. */
export async function requireViewer(request: FastifyRequest): Promise<Viewer> {
  const viewer = await request.viewer();
  if (!viewer) throw new UnauthorizedError(TEXTS.signInRequired);
  return viewer;
}

export interface AccessOptions {
  /** REQUIRE_ADMIN_2FA (ADR 076): true when this admin must turn on two-factor before admin routes answer. */
  isAdminSecondFactorMissing?: (viewer: Viewer) => Promise<boolean>;
}

/** An admin, with two-factor on when REQUIRE_ADMIN_2FA asks for it. */
export function adminPowers(opts: AccessOptions) {
  return async (viewer: Viewer | null): Promise<boolean> =>
    viewer?.role === 'admin' && !(await opts.isAdminSecondFactorMissing?.(viewer));
}

export const accessPlugin = fp((app: FastifyInstance, opts: AccessOptions) => {
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.decorate('hasAdminPowers', adminPowers(opts));
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const access = route.config?.access;
    if (!access) {
      throw new Error(`Route ${[route.method].flat().join(',')} ${route.url} declares no config.access (deny by default)`);
    }
    // HEAD routes Fastify adds for each GET are listed under their GET.
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, access, schema: route.schema });
    }
  });

  // onRequest, before the body is read or validated: a caller who may not call the route learns
  // nothing about its input rules (a 400 would tell them), and sends no upload for nothing.
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    const viewer = await request.viewer();
    assertAllowed(access, viewer);
    if (access === 'admin' && !(await app.hasAdminPowers(viewer))) {
      throw new ForbiddenError(TWO_FACTOR_TEXTS.requiredForAdmins);
    }
  });
});
