/** Requests for guide share links (ADR 068): the owner's routes and what a link's visitor reads. */
import { eq } from 'drizzle-orm';
import { guideTips, guides } from '@db/schema';
import { insertTip, writeUpload } from '../content-fixtures';
import type { Fixtures } from './fixtures';
import type { Build, Requests } from './scene';

/** A public guide of the owner with a photo, a public and a private tip, and a link; the link's token. */
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
  await db.insert(guideTips).values([
    { guideId: guide.id, tipId: shown.id, dayNumber: 1, orderInDay: 1 },
    { guideId: guide.id, tipId: hidden.id, dayNumber: 1, orderInDay: 2 },
  ]);
  const url = `/api/guides/${guide.id}/share-link`;
  const res = await fx.t.call('PUT', url, { cookie: owner.cookie, body: {} });
  if (res.statusCode !== 200) throw new Error(`share link not made: ${res.body}`);
  if (revoke) await fx.t.call('DELETE', url, { cookie: owner.cookie });
  const token = new URL(res.json<{ url: string }>().url).pathname.split('/').pop() ?? '';
  return { token, cover, hiddenPhoto, hiddenTitle: hidden.title };
}

const ownersLink = (body?: object): Record<string, Build> => {
  const build =
    (isPrivate: boolean): Build =>
    async (fx) => {
      const guide = await fx.guide(isPrivate);
      return { url: `/api/guides/${guide.id}/share-link`, body, ownerOnly: isPrivate ? [guide.title] : [] };
    };
  return { public: build(false), private: build(true) };
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
      return { url: `/api/shared/guides/${link.token}`, ownerOnly: [link.hiddenTitle], secrets: [link.hiddenTitle] };
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
    'another upload of the owner': async (fx) => {
      const link = await sharedGuide(fx);
      return { url: photoUrl(link.token, fx.upload()) };
    },
  },
};
