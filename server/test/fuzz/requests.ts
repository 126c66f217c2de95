/**
 * Generated requests for one route: path ids, query string and body, each a mix of real values,
 * near-valid ones and hostile noise. Built from the route's own schemas, so a new route is fuzzed
 * by declaring its strategy only.
 */
import fc from 'fast-check';
import type { z } from 'zod';
import { BROKEN_MULTIPART_BODIES } from '@server-test/test-broken-multipart';
import { multipart } from '@server-test/test-uploads';
import type { ApiRoute } from '@server/plugins/access';
import { PATH_TRICKS, anyJson, hugeString, nastyKey, nastyString, shortNastyString, wellFormed } from './arbitraries';
import type { FuzzRequest } from './fuzz-request';
import { nearValid } from './mutate';
import type { RouteStrategy } from './strategy';
import type { World } from './world';

/** Real ids of every kind, so "another member's row" turns up in every id position. */
export function anyWorldId(w: World): fc.Arbitrary<string> {
  return fc.oneof(...Object.values(w.ids).map((pool) => pool.arb()));
}

/** A path segment: mostly a real id of the expected kind, else other rows, uuids and junk. */
function segment(w: World, strategy: RouteStrategy, name: string): fc.Arbitrary<string> {
  const own = strategy.params?.[name];
  const expected = own ? [{ weight: 6, arbitrary: own(w) }] : [];
  return fc.oneof(
    ...expected,
    { weight: 3, arbitrary: anyWorldId(w) },
    { weight: 1, arbitrary: fc.uuid({ version: [1, 2, 3, 4, 5, 7] }) },
    { weight: 1, arbitrary: fc.uuid().map((u) => u.toUpperCase()) },
    { weight: 2, arbitrary: nastyString.map((s) => encodeURIComponent(wellFormed(s.slice(0, 3000))) || 'x') },
    { weight: 1, arbitrary: fc.constantFrom(...PATH_TRICKS) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(anyWorldId(w), fc.constantFrom('%00', '%2F..', '%20', '%20OR%201=1', '.json'))
        .map(([id, tail]) => id + tail),
    },
  );
}

function path(w: World, route: ApiRoute, strategy: RouteStrategy): fc.Arbitrary<string> {
  const parts = route.url.split('/');
  return fc
    .tuple(...parts.map((p) => (p.startsWith(':') ? segment(w, strategy, p.slice(1)) : fc.constant(p))))
    .map((ps) => ps.join('/'));
}

/** Values for a query key: the strategy's near-valid ones, else the usual suspects by name. */
function queryValue(w: World, strategy: RouteStrategy, key: string): fc.Arbitrary<string> {
  const declared = strategy.query?.[key];
  const byName: Record<string, fc.Arbitrary<string>> = {
    limit: fc.oneof(
      fc.integer({ min: -5, max: 120 }).map(String),
      fc.constantFrom('1.5', '-0', '1e2', '0x10', '', 'NaN', '99999999999999999999'),
    ),
    cursor: cursorValue(w),
  };
  const fitting = declared ?? byName[key];
  return fc.oneof(
    ...(fitting ? [{ weight: 4, arbitrary: fitting }] : []),
    { weight: 2, arbitrary: shortNastyString },
    { weight: 1, arbitrary: nastyString },
  );
}

/** Cursors: real ones learned from responses, tampered ones, and base64 of nonsense. */
function cursorValue(w: World): fc.Arbitrary<string> {
  const b64 = (s: string) => Buffer.from(s).toString('base64url');
  return fc.oneof(
    w.cursors.arb(),
    fc.tuple(w.cursors.arb(), fc.nat(), fc.string({ minLength: 1, maxLength: 1 })).map(([c, i, ch]) => {
      const raw = Buffer.from(c, 'base64url').toString('utf8');
      const at = raw.length === 0 ? 0 : i % raw.length;
      return b64(raw.slice(0, at) + ch + raw.slice(at + 1));
    }),
    anyJson(anyWorldId(w)).map((v) => b64(JSON.stringify(v) ?? 'null')),
    fc
      .tuple(fc.date({ noInvalidDate: false }), fc.uuid())
      .map(([d, id]) => b64(`${Number.isNaN(d.getTime()) ? 'x' : d.toISOString()}|${id}`)),
    fc.base64String({ maxLength: 120 }),
  );
}

function queryString(w: World, route: ApiRoute, strategy: RouteStrategy): fc.Arbitrary<string> {
  const shape = (route.schema?.querystring as z.ZodObject | undefined)?.shape ?? {};
  const known = [...Object.keys(shape), ...Object.keys(strategy.query ?? {})];
  const entry = (key: string) =>
    fc.option(queryValue(w, strategy, key), { freq: 2 }).map((v) => (v === null ? [] : [[key, v] as const]));
  const structured = fc
    .tuple(
      fc.tuple(...known.map(entry)),
      fc.array(fc.tuple(nastyKey, shortNastyString), { maxLength: 2 }),
      fc.option(fc.constantFrom(...(known.length ? known : ['x'])), { freq: 4 }),
    )
    .map(([entries, unknown, repeated]) => {
      const params = new URLSearchParams();
      for (const [k, v] of [...entries.flat(), ...unknown]) params.append(k, v);
      if (repeated) params.append(repeated, '1'); // the same key twice arrives as an array
      return params.toString();
    });
  return fc
    .oneof(
      { weight: known.length ? 8 : 2, arbitrary: structured },
      { weight: 2, arbitrary: fc.constant('') },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          'a[b]=1',
          'limit[]=1',
          '%ZZ=1',
          'q=%ZZ',
          '&&&',
          '=',
          'cursor',
          '__proto__[x]=1',
          'limit=1&limit=2',
        ),
      },
    )
    .map((q) => (q ? `?${q}` : ''));
}

interface Payload {
  payload?: string | Buffer;
  headers: Record<string, string>;
}

const json = (value: unknown): Payload => ({
  payload: JSON.stringify(value) ?? 'null',
  headers: { 'content-type': 'application/json' },
});

/** A body: near-valid JSON when the strategy knows a valid one, else any JSON, broken JSON, other types. */
function body(w: World, route: ApiRoute, strategy: RouteStrategy): fc.Arbitrary<Payload> {
  const ids = anyWorldId(w);
  const noise = fc.oneof(
    { weight: 4, arbitrary: anyJson(ids).map(json) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('{"a":', '{', '[1,2', 'nul', '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{}}}', '\u0000')
        .map((p) => ({ payload: p, headers: { 'content-type': 'application/json' } })),
    },
    { weight: 1, arbitrary: fc.constant({ payload: '', headers: { 'content-type': 'application/json' } }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/xml',
            'multipart/form-data',
            'application/json; charset=utf-16',
          ),
          nastyString,
        )
        .map(([type, p]) => ({ payload: p, headers: { 'content-type': type } })),
    },
    { weight: 1, arbitrary: hugeString.map((s) => json({ value: s.repeat(15) })) }, // past the 1 MB body limit
  );
  if (strategy.multipart)
    return fc.oneof(
      { weight: 6, arbitrary: multipartBody(w, strategy.multipart.field) },
      { weight: 2, arbitrary: noise },
      { weight: 1, arbitrary: fc.constant({ headers: {} }) },
    );
  if (strategy.body) {
    const values = anyJson(ids);
    return fc.oneof(
      { weight: 7, arbitrary: nearValid(strategy.body(w), values, nastyKey).map(json) },
      { weight: 3, arbitrary: noise },
    );
  }
  if (route.schema?.body) return noise;
  return fc.oneof({ weight: 3, arbitrary: fc.constant({ headers: {} }) }, { weight: 2, arbitrary: noise });
}

let png: Buffer = Buffer.alloc(0);
/** Uploads need a real image sometimes, so the image code runs, not only its refusals. */
export function setValidImage(image: Buffer): void {
  png = image;
}

function multipartBody(w: World, field: string): fc.Arbitrary<Payload> {
  const data = fc.oneof(
    fc.uint8Array({ maxLength: 4096 }).map((a) => Buffer.from(a)),
    fc.constant(null).map(() => png),
    fc.nat().map((n) => png.subarray(0, n % (png.length + 1))),
    fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })).map(([at, byte]) => {
      const copy = Buffer.from(png);
      if (copy.length) copy[at % copy.length] = byte;
      return copy;
    }),
    fc
      .constantFrom(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        'GIF89a',
        '%PDF-1.4',
        'PK\u0003\u0004',
      )
      .map((s) => Buffer.from(s)),
  );
  const part = fc.record({
    data,
    filename: fc.oneof(
      fc.constantFrom('a.png', 'photo.jpg', '../../../etc/passwd', 'x.svg', '.htaccess', 'a\u0000.png', '💥.png', ''),
      shortNastyString,
    ),
    contentType: fc.oneof(
      fc.constantFrom('image/png', 'image/jpeg', 'image/webp', 'image/svg+xml', 'text/html', 'application/octet-stream'),
      fc.string({ maxLength: 30 }),
    ),
    field: fc.oneof(
      { weight: 5, arbitrary: fc.constant(field) },
      { weight: 1, arbitrary: fc.constantFrom('photos', 'avatar', 'file', '') },
    ),
  });
  const wellFormed = fc.array(part, { maxLength: 12 }).map((parts) => {
    const { body: payload, headers } = multipart(parts);
    return { payload, headers };
  });
  return fc.oneof({ weight: 3, arbitrary: wellFormed }, { weight: 2, arbitrary: brokenMultipart(wellFormed, field) });
}

/**
 * Multipart bodies broken in transit or by hand (issue 19): cut anywhere, closing boundary
 * dropped, a byte changed in the part headers, a boundary the body does not use, and the named
 * breakages of test-broken-multipart.ts. Every one must get a 4xx, never a 5xx.
 */
function brokenMultipart(wellFormed: fc.Arbitrary<Payload>, field: string): fc.Arbitrary<Payload> {
  const named = fc.constantFrom(...Object.values(BROKEN_MULTIPART_BODIES)).map((make) => {
    const { body: payload, contentType } = make(png, field);
    return { payload, headers: { 'content-type': contentType } };
  });
  const cut = fc
    .tuple(wellFormed, fc.nat())
    .map(([b, at]) => ({ ...b, payload: bytes(b).subarray(0, at % (bytes(b).length + 1)) }));
  const unclosed = wellFormed.map((b) => ({
    ...b,
    payload: bytes(b).subarray(0, Math.max(0, bytes(b).lastIndexOf('--') - boundaryOf(b).length - 2)),
  }));
  const flipped = fc.tuple(wellFormed, fc.nat(), fc.integer({ min: 0, max: 255 })).map(([b, at, byte]) => {
    const copy = Buffer.from(bytes(b));
    if (copy.length) copy[at % Math.min(copy.length, 300)] = byte;
    return { ...b, payload: copy };
  });
  const otherBoundary = fc
    .tuple(wellFormed, fc.constantFrom('other', '', '"', 'x'.repeat(300), 'a b', '--'))
    .map(([b, boundary]) => ({
      ...b,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    }));
  return fc.oneof(named, cut, unclosed, flipped, otherBoundary);
}

const bytes = (b: Payload) => (Buffer.isBuffer(b.payload) ? b.payload : Buffer.from(b.payload ?? ''));
const boundaryOf = (b: Payload) => /boundary=(.*)$/.exec(b.headers['content-type'] ?? '')?.[1] ?? '';

export function fuzzRequest(w: World, route: ApiRoute, strategy: RouteStrategy): fc.Arbitrary<FuzzRequest> {
  const extra = strategy.extra ? strategy.extra(w) : fc.constant(undefined);
  return fc
    .tuple(path(w, route, strategy), queryString(w, route, strategy), body(w, route, strategy), extra)
    .map(([p, q, b, e]) => ({
      url: p + q,
      headers: { ...(route.method === 'GET' ? {} : { 'x-waymark-csrf': '1' }), ...b.headers },
      ...(b.payload === undefined ? {} : { payload: b.payload }),
      ...(e === undefined ? {} : { extra: e }),
      [fc.toStringMethod]: () => describeRequest(route.method, p + q, b, e),
    }));
}

/** A counterexample as fast-check prints it: huge parts cut, so the report stays readable. */
function describeRequest(method: string, url: string, b: Payload, extra: unknown): string {
  const cut = (s: string) => (s.length > 600 ? `${s.slice(0, 600)}... (${s.length} chars)` : s);
  const payload =
    b.payload === undefined
      ? ''
      : ` ${b.headers['content-type'] ?? ''} ${cut(Buffer.isBuffer(b.payload) ? `<${b.payload.length} bytes multipart>` : JSON.stringify(b.payload))}`;
  return `${method} ${cut(url)}${payload}${extra === undefined ? '' : ` extra=${JSON.stringify(extra)}`}`;
}
