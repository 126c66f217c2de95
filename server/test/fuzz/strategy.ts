/** How one route is fuzzed: what a valid input looks like and which tables it may change. */
import type fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import type { FuzzRequest } from './fuzz-request';
import type { World } from './world';

/** One fuzz file per group, so Vitest's workers run them in parallel. */
export type Group = 'auth' | 'admin' | 'content' | 'lists' | 'social';

export interface RouteStrategy {
  group: Group;
  /** Tables whose row counts the route may change; every other count must stay the same. */
  tables: readonly string[];
  /** Who calls it: admin routes are fuzzed as an admin (as a member they only answer 403). */
  actor?: 'member' | 'admin';
  /** Real values for path parameters by name (the generic junk is mixed in anyway). */
  params?: Record<string, (w: World) => fc.Arbitrary<string>>;
  /** A valid body; near-valid ones are mutations of it. */
  body?: (w: World) => fc.Arbitrary<unknown>;
  /** Near-valid values for query keys by name (the route's own keys are fuzzed anyway). */
  query?: Record<string, fc.Arbitrary<string>>;
  /** A multipart upload with files in this field. */
  multipart?: { field: string };
  /** Check of a success answer the route declares no schema for (e.g. an image). */
  check2xx?: (res: { statusCode: number; body: string; headers: Record<string, unknown> }) => string | null;
  /** After each answer: learn ids and cursors, follow a changed password, etc. */
  after?: (w: World, req: FuzzRequest, res: LightMyRequestResponse) => void | Promise<void>;
  /** After the route's whole run: put back what later routes of the file rely on. */
  restore?: (w: World) => Promise<void>;
  /** Generated choices for `send`, e.g. which session a request that ends it uses. */
  extra?: (w: World) => fc.Arbitrary<unknown>;
  /** Sends the request itself (routes that end the caller's session or never end). */
  send?: (w: World, req: FuzzRequest) => Promise<Pick<LightMyRequestResponse, 'statusCode' | 'body' | 'headers'>>;
}

/** Routes' strategies by `METHOD url`, e.g. `POST /api/tips`. */
export type Strategies = Record<string, RouteStrategy>;

export const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
