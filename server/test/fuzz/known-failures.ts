/**
 * 5xx answers the fuzz found that are not fixed yet, each limited to the routes and the inputs
 * that cause it: those answers are counted and printed but do not fail the run, while any other
 * 5xx on the same routes still does. Every entry is a TODO: fix the server, then delete it.
 * The goal is an empty list (issue 6: 5xx seen must be 0).
 */
import type { FuzzRequest } from './requests';

export interface KnownFailure {
  /** `METHOD url` of the routes it happens on. */
  routes: readonly string[];
  /** Whether a request is one of the inputs that cause it. */
  matches: (req: FuzzRequest) => boolean;
  /** What fails, with an input that shows it. */
  why: string;
}

const TEXT_ROUTES = [
  'POST /api/tips',
  'PUT /api/tips/:id',
  'POST /api/guides',
  'PUT /api/guides/:id',
  'PATCH /api/profiles/me',
  'POST /api/admin/system-messages',
  'PUT /api/admin/system-messages/:id',
  'POST /api/admin/tip-types',
  'PUT /api/admin/tip-types/:id',
  'POST /api/invitations',
  'POST /api/auth/sign-up',
  'GET /api/explore',
  'GET /api/explore/counts',
  'GET /api/saved',
  'GET /api/saved/counts',
  'GET /api/users/:userId/content',
];

const KEYSET_ROUTES = [
  'GET /api/admin/invitations',
  'GET /api/admin/outbox',
  'GET /api/admin/users',
  'GET /api/connections/discover',
  'GET /api/notifications',
  'GET /api/explore',
  'GET /api/saved',
  'GET /api/users/:userId/content',
];

const UPLOAD_ROUTES = ['POST /api/uploads/tip-photos', 'POST /api/uploads/guide-photos', 'POST /api/profiles/me/avatar'];

const isPglite = process.env.WAYMARK_TEST_DB !== 'postgres';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A cursor the server did not issue that decodeCursor still lets through to PostgreSQL. */
function hasForgedTimestampCursor(req: FuzzRequest, issued: (cursor: string) => boolean): boolean {
  const query = req.url.split('?')[1] ?? '';
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(query);
  } catch {
    return false;
  }
  return params.getAll('cursor').some((cursor) => {
    const [createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
    return !issued(cursor) && !!createdAt && !!id && UUID.test(id) && !Number.isNaN(Date.parse(createdAt));
  });
}

export const KNOWN_5XX: readonly KnownFailure[] = [
  {
    // TODO(issue 6): PostgreSQL refuses U+0000 in text ("invalid byte sequence for encoding UTF8:
    // 0x00" / "unsupported Unicode escape sequence"); no schema or parser refuses it first.
    // e.g. POST /api/tips {"title":"\u0000", ...valid tip}; GET /api/saved/counts?q=%00
    routes: TEXT_ROUTES,
    matches: (req) => /%00/i.test(req.url) || (typeof req.payload === 'string' && req.payload.includes('\\u0000')),
    why: 'U+0000 in a text field or search reaches PostgreSQL',
  },
  {
    // TODO(issue 6): on the embedded database (PGlite) only, a lone UTF-16 surrogate in a stored
    // text answers 500 (PostgreSQL through node-postgres stores U+FFFD instead), e.g. POST /api/tips
    // {"title":"مرحبا بالعالم\\udfff\\ud800", ...valid tip}; POST /api/guides {"tags":["\\udfff\\ud800"], ...}.
    routes: TEXT_ROUTES,
    matches: (req) => isPglite && typeof req.payload === 'string' && /\\ud[89a-f][0-9a-f]{2}/i.test(req.payload),
    why: 'a lone UTF-16 surrogate in a text field (PGlite)',
  },
  {
    // TODO(issue 6): server/src/lib/keyset.ts decodeCursor accepts any timestamp Date.parse
    // accepts; PostgreSQL's timestamptz refuses some: years 0 and beyond 9999, e.g. the cursor
    // base64url('+010000-01-01T00:00:00.000Z|00000000-0000-1000-8000-000000000000'), or a real
    // cursor with one character changed, base64url('2026-"1-21 20:08:45.917+00|<uuid>').
    routes: KEYSET_ROUTES,
    matches: (req) => hasForgedTimestampCursor(req, (c) => issuedCursors.has(c)),
    why: 'a forged keyset cursor with a timestamp PostgreSQL cannot read',
  },
  {
    // TODO(issue 6): content-type multipart/form-data without a boundary makes the multipart
    // parser throw an error the upload routes do not map to 4xx, e.g. POST /api/uploads/tip-photos
    // with content-type "multipart/form-data" and the body "{}".
    routes: UPLOAD_ROUTES,
    matches: (req) => /^multipart\/form-data(?!.*boundary=)/i.test(req.headers['content-type'] ?? ''),
    why: 'multipart/form-data without a boundary',
  },
];

/** Cursors the server itself handed out (never forged), filled by the runner. */
export const issuedCursors = new Set<string>();

/** The known failure a 5xx answer to `req` is, if any. */
export function knownFailureOf(routeKey: string, req: FuzzRequest): KnownFailure | undefined {
  return KNOWN_5XX.find((k) => k.routes.includes(routeKey) && k.matches(req));
}
