/** Requests for guide share links (ADR 068): the owner's routes and what a link's visitor reads. */
import { eq } from 'drizzle-orm';
import { guideTips, guides } from '@db/schema';
import { insertTip, writeUpload } from '../content-fixtures';
import type { Visibility } from '@common/schemas/visibility';
import type { Fixtures } from './fixtures';
import type { Build, Requests } from './scene';

/**
 * A public guide of the owner with a photo, a public, a private and a connections-only tip, and a
 * link; the link's token. The link shows only what every member may see (ADR 068, issue 25).
 */
async function sharedGuide(fx: Fixtures, { revoke = false } = {}) {
  const owner = fx.people.owner;
  const cover = writeUpload(fx.t.config.dataDir, 'guide-photos', owner.id);
  const hiddenPhoto = writeUpload(fx.t.config.dataDir, 'tip-photos', owner.id);
  const guide = await fx.guide(false);
  const { db } = fx.t;
  await db
    .update(guides)
    .set({ photoUrls: [cover] })
    .where(eq(guides.id, guide.id));
  const shown = await fx.tip(false);
  const hidden = await insertTip(db, owner.id, { title: `${guide.title} hidden`, isPrivate: true, photoUrls: [hiddenPhoto] });
  const sharedPhoto = writeUpload(fx.t.config.dataDir, 'tip-photos', owner.id);
  const forConnections = await insertTip(db, owner.id, {
    title: `${guide.title} for connections`,
    visibility: 'connections',
    photoUrls: [sharedPhoto],
  });
  await db.insert(guideTips).values([
    { guideId: guide.id, tipId: shown.id, dayNumber: 1, orderInDay: 1 },
    { guideId: guide.id, tipId: hidden.id, dayNumber: 1, orderInDay: 2 },
    { guideId: guide.id, tipId: forConnections.id, dayNumber: 1, orderInDay: 3 },
  ]);
  const url = `/api/guides/${guide.id}/share-link`;
  const res = await fx.t.call('PUT', url, { cookie: owner.cookie, body: {} });
  if (res.statusCode !== 200) throw new Error(`share link not made: ${res.body}`);
  if (revoke) await fx.t.call('DELETE', url, { cookie: owner.cookie });
  const token = new URL(res.json<{ url: string }>().url).pathname.split('/').pop() ?? '';
  return { token, cover, hiddenPhoto, hiddenTitle: hidden.title, sharedPhoto, sharedTitle: forConnections.title };
}

const ownersLink = (body?: object): Record<string, Build> => {
  const build =
    (level: Visibility): Build =>
    async (fx) => {
      const guide = await fx.guide(level);
      return {
        url: `/api/guides/${guide.id}/share-link`,
        body,
        ownerOnly: level === 'private' ? [guide.title] : [],
        connectionsOnly: level === 'connections' ? [guide.title] : [],
      };
    };
  return { public: build('public'), private: build('private'), connections: build('connections') };
};

const photoUrl = (token: string, mediaUrl: string) => mediaUrl.replace('/api/media/', `/api/shared/guides/${token}/photos/`);

export const sharingRequests: Requests = {
  'GET /api/guides/:id/share-link': ownersLink(),
  'PUT /api/guides/:id/share-link': ownersLink({ expiresOn: '2999-12-31' }),
  'DELETE /api/guides/:id/share-link': ownersLink(),
  // Anyone with a working link reads the guide, never its private tip; a revoked link is 404 for all.
  'GET /api/shared/guides/:token': {
    working: async (fx) => {
      const link = await sharedGuide(fx);
      const kept = [link.hiddenTitle, link.sharedTitle];
      return { url: `/api/shared/guides/${link.token}`, ownerOnly: kept, secrets: kept };
    },
    revoked: async (fx) => ({ url: `/api/shared/guides/${(await sharedGuide(fx, { revoke: true })).token}` }),
  },
  'GET /api/shared/guides/:token/photos/:bucket/:userId/:file': {
    "the guide's photo": async (fx) => {
      const link = await sharedGuide(fx);
      return { url: photoUrl(link.token, link.cover) };
    },
    "a private tip's photo": async (fx) => {
      const link = await sharedGuide(fx);
      return { url: photoUrl(link.token, link.hiddenPhoto) };
    },
    "a connections-only tip's photo": async (fx) => {
      const link = await sharedGuide(fx);
      return { url: photoUrl(link.token, link.sharedPhoto) };
    },
    'another upload of the owner': async (fx) => {
      const link = await sharedGuide(fx);
      return { url: photoUrl(link.token, fx.upload()) };
    },
  },
};
