/**
 * Guide share links (ADR 068): the owner's routes, and the public reads by token, with token
 * guessing: random tokens of the right shape and real ones with a character changed must never
 * open a guide.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import type { FuzzRequest } from '../fuzz-request';
import type { Strategies } from '../strategy';
import type { World } from '../world';
import { idOf, pastDate, text } from './helpers';

/** Tokens the server made (the pool) and guesses: random ones of the right shape, tampered real ones. */
const token = (w: World) =>
  fc.oneof(
    { weight: 3, arbitrary: w.ids.shareTokens.arb() },
    { weight: 3, arbitrary: fc.constant(null).map(() => randomBytes(32).toString('base64url')) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(w.ids.shareTokens.arb(), fc.nat(42), fc.constantFrom(...'ABCabc019-_'))
        .map(([real, i, c]) => `${real.slice(0, i)}${c}${real.slice(i + 1)}`),
    },
  );

const futureDate = fc
  .date({ min: new Date(Date.now() + 86_400_000), max: new Date('2100-01-01'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

/** Learns the token of a link the PUT made. */
function learnToken(w: World, _req: FuzzRequest, res: LightMyRequestResponse) {
  const match = /"url":"[^"]*\/shared\/guides\/([\w-]{43})"/.exec(res.body);
  if (res.statusCode === 200 && match?.[1]) w.ids.shareTokens.add(match[1]);
}

/** The token in a shared route's URL. */
const tokenOf = (url: string) => /^\/api\/shared\/guides\/([^/?]+)/.exec(url)?.[1] ?? '';

/** A guess (a token the server never made) that opened anything is a leak. */
function refuseGuesses(w: World, req: FuzzRequest, res: LightMyRequestResponse) {
  if (res.statusCode >= 300) return;
  const used = tokenOf(req.url);
  if (!w.ids.shareTokens.has(used)) throw new Error(`a token the server never made opened a shared guide: ${used}`);
}

const image = (res: { headers: Record<string, unknown> }) =>
  String(res.headers['content-type']).startsWith('image/webp')
    ? null
    : `shared photo answered ${String(res.headers['content-type'])}`;

export const SHARING: Strategies = {
  'GET /api/guides/:id/share-link': { group: 'content', tables: [], params: { id: idOf('guides') } },
  'PUT /api/guides/:id/share-link': {
    group: 'content',
    tables: ['guide_share_links'],
    params: { id: idOf('guides') },
    body: () => fc.record({ expiresOn: fc.option(fc.oneof(futureDate, pastDate, text(20)), { nil: undefined }) }),
    after: learnToken,
  },
  'DELETE /api/guides/:id/share-link': { group: 'content', tables: ['guide_share_links'], params: { id: idOf('guides') } },
  'GET /api/shared/guides/:token': { group: 'content', tables: [], params: { token }, after: refuseGuesses },
  'GET /api/shared/guides/:token/photos/:bucket/:userId/:file': {
    group: 'content',
    tables: [],
    params: {
      token,
      bucket: () => fc.constantFrom('tip-photos', 'guide-photos', 'avatars', '..'),
      userId: idOf('users'),
      file: (w) =>
        fc.oneof(
          fc.constantFrom(...[...w.photoUrls.mine, ...w.photoUrls.others].map((u) => u.split('/').pop() ?? 'x.webp')),
          fc.constantFrom('x.webp', 'x.thumb.webp', '.webp', `${'a'.repeat(250)}.webp`),
        ),
    },
    check2xx: image,
    after: refuseGuesses,
  },
};
