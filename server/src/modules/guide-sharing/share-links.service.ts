/**
 * Guide share links (issue 23, ADR 068). The owner creates, reads and revokes the one link of a
 * guide (another member: 404 for a private guide, 403 for a public one, as every guide write).
 * A visitor with the link reads the guide's public content only: the link works while it exists,
 * has not expired and the guide is not private; everything else is the same 404, so a visitor
 * cannot tell a revoked link from an expired one or a guessed one.
 */
import { originalOfVariant } from '@common/media-url';
import {
  SHARE_LINK_TEXTS,
  type ShareLink,
  type ShareLinkInputSchema,
  type SharedGuide,
  type SharedGuideItem,
  sharedGuidePath,
} from '@common/schemas/share-link';
import type { z } from 'zod';
import type { Database } from '@db/client';
import { ForbiddenError, NotFoundError } from '@server/lib/errors';
import { GUIDE_ERRORS } from '../guides/guides.service';
import { findGuideAccess } from '../guides/guides.repository';
import * as repo from './share-links.repository';
import { keyOfToken, tokenOf } from './share-token';

type LinkRow = NonNullable<Awaited<ReturnType<typeof repo.findLink>>>;
type ItemRow = Awaited<ReturnType<typeof repo.listSharedItems>>[number];

const DAY_MS = 86_400_000;

/** The link stops working at the end of its last day (UTC). */
const expiryOf = (expiresOn: string | null) => (expiresOn ? new Date(Date.parse(`${expiresOn}T00:00:00Z`) + DAY_MS) : null);
const lastDayOf = (expiresAt: Date | null) =>
  expiresAt ? new Date(expiresAt.getTime() - DAY_MS).toISOString().slice(0, 10) : null;

/** `/api/media/<bucket>/<user>/<file>` as the link's own photo URL. */
export const sharedPhotoUrl = (token: string, mediaUrl: string) =>
  mediaUrl.replace(/^\/api\/media\//, `/api/shared/guides/${token}/photos/`);

export interface PhotoPath {
  bucket: string;
  userId: string;
  file: string;
}

export function createShareLinksService(deps: { db: Database; secret: string; publicUrl: string }) {
  const { db, secret, publicUrl } = deps;

  const toLink = (row: LinkRow): ShareLink => ({
    url: `${publicUrl}${sharedGuidePath(tokenOf(secret, row.key))}`,
    expiresOn: lastDayOf(row.expiresAt),
    createdAt: row.createdAt.toISOString(),
  });

  /** The guide for its owner: 404 when missing or not visible to the caller, 403 when another's they see. */
  async function assertOwner(userId: string, guideId: string) {
    const guide = await findGuideAccess(db, guideId, false, userId);
    if (!guide || (guide.userId !== userId && !guide.visible)) throw new NotFoundError(GUIDE_ERRORS.notFound);
    if (guide.userId !== userId) throw new ForbiddenError(SHARE_LINK_TEXTS.notOwner);
  }

  async function get(userId: string, guideId: string) {
    await assertOwner(userId, guideId);
    const row = await repo.findLink(db, guideId);
    return { link: row ? toLink(row) : null };
  }

  async function put(userId: string, guideId: string, input: z.output<typeof ShareLinkInputSchema>) {
    await assertOwner(userId, guideId);
    return toLink(await repo.upsertLink(db, guideId, expiryOf(input.expiresOn)));
  }

  async function revoke(userId: string, guideId: string) {
    await assertOwner(userId, guideId);
    await repo.deleteLink(db, guideId);
  }

  /** The guide a working link opens, or a 404 (unknown, altered, revoked, expired, private, deleted). */
  async function open(token: string, now = new Date()) {
    const key = keyOfToken(secret, token);
    const guide = key ? await repo.findSharedGuide(db, key) : undefined;
    if (!guide || guide.isPrivate || !guide.authorShown || (guide.expiresAt && guide.expiresAt <= now)) {
      throw new NotFoundError(SHARE_LINK_TEXTS.linkGone);
    }
    const items = (await repo.listSharedItems(db, guide.id)).filter(isShown);
    return { guide, items };
  }

  async function sharedGuide(token: string): Promise<SharedGuide> {
    const { guide, items } = await open(token);
    const photo = (url: string) => sharedPhotoUrl(token, url);
    return {
      title: guide.title,
      location: guide.location,
      countries: guide.countries,
      description: guide.description,
      daysCount: guide.daysCount,
      tags: guide.tags,
      photoUrls: guide.photoUrls.map(photo),
      authorName: guide.authorName,
      items: items.map((row) => toItem(row, photo)),
    };
  }

  /** Whether the photo at `path` is one the link shows (the guide's, or a shown tip's); a variant counts as its photo. */
  async function isSharedPhoto(token: string, path: PhotoPath): Promise<boolean> {
    const { guide, items } = await open(token);
    const url = `/api/media/${path.bucket}/${path.userId}/${originalOfVariant(path.file) ?? path.file}`;
    return guide.photoUrls.includes(url) || items.some((item) => item.tipPhotoUrls?.includes(url));
  }

  return { get, put, revoke, sharedGuide, isSharedPhoto };
}

/**
 * A public tip's item or a custom item; the item of a tip not public (private, connections-only,
 * hidden by a moderator), of a suspended author's tip, or of a deleted tip is left out.
 */
function isShown(row: ItemRow): boolean {
  if (row.tipId !== null) return row.tipVisible;
  return row.customTitle !== null;
}

function toItem(row: ItemRow, photo: (url: string) => string): SharedGuideItem {
  const tip =
    row.tipId !== null && row.tipTitle !== null && row.tipCity !== null && row.tipCountry !== null && row.tipDescription !== null
      ? {
          title: row.tipTitle,
          city: row.tipCity,
          country: row.tipCountry,
          placeName: row.tipPlaceName,
          description: row.tipDescription,
          photoUrls: (row.tipPhotoUrls ?? []).map(photo),
        }
      : null;
  return {
    id: row.id,
    dayNumber: row.dayNumber,
    orderInDay: row.orderInDay,
    tip,
    customTitle: row.customTitle,
    customDescription: row.customDescription,
    customPlaceName: row.customPlaceName,
  };
}

export type ShareLinksService = ReturnType<typeof createShareLinksService>;
