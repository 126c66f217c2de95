/**
 * Tips (docs/product.md#tips-and-guides): TipInputSchema holds the field rules; this service adds what needs the
 * database: the category exists, photos are the author's own uploads, and only the owner edits
 * or deletes (docs/product.md#who-may-do-what). A private tip of someone else does not exist for the caller (404).
 */
import { chosenVisibility } from '@common/schemas/visibility';
import type { FastifyBaseLogger } from 'fastify';
import type { Tip, TipInputParsed, TipOption } from '@common/schemas/tip';
import { searchTextOf } from '@common/search';
import type { Database, Executor } from '@db/client';
import { BadRequestError, ForbiddenError, NotFoundError } from '@server/lib/errors';
import { mayRead } from '../content/readable';
import type { MediaStorage } from '../media/media-storage';
import { tipCard, toAuthor } from '../content/cards';
import { removeUnreferencedPhotos } from '../media/photo-files';
import { locationOf } from '../maps/tip-location';
import type { StoredLocation, TipLocator } from '../maps/tip-locator';
import * as repo from './tips.repository';
import { guidesHoldingTip } from './tip-guides.service';

export const TIP_SERVICE_TEXTS = {
  notFound: 'Tip not found',
  notOwner: 'Only the author can change or delete this tip',
  notUploaded: 'Not an uploaded photo',
  unknownCategory: 'Please choose a category',
} as const;

export const TIP_OPTIONS_CAP = 500;
const TIP_BUCKET = 'tip-photos';

function isoDate(value: Date | null): string | null {
  return value ? value.toISOString().slice(0, 10) : null;
}

/** The tip page: its card (content/cards.ts, the one mapping of a tip's own columns) and the rest. */
export function toTip(row: repo.TipDetailRow, viewerId: string): Tip {
  return {
    ...tipCard(row.id, toAuthor(row), row.tipTypeName, row),
    tipTypeId: row.tipTypeId,
    googleMapsUrl: row.googleMapsUrl,
    experienceDate: isoDate(row.experienceDate),
    valueSpent: row.valueSpent === null ? null : Number(row.valueSpent),
    currency: row.currency,
    detailedContent: row.detailedContent,
    photoUrls: row.photoUrls,
    location: locationOf(row),
    viewer: { isOwner: row.userId === viewerId, hasLiked: row.hasLiked, hasSaved: row.hasSaved },
  };
}

function toValues(input: TipInputParsed, photoUrls: string[], location: StoredLocation | undefined): repo.TipValues {
  return {
    ...location,
    title: input.title,
    tipTypeId: input.tipTypeId,
    rating: input.rating,
    country: input.country,
    city: input.city,
    placeName: input.placeName,
    googleMapsUrl: input.googleMapsUrl,
    experienceDate: input.experienceDate ? new Date(`${input.experienceDate}T00:00:00Z`) : null,
    valueSpent: input.valueSpent === null ? null : input.valueSpent.toFixed(2),
    currency: input.currency,
    description: input.description,
    detailedContent: input.detailedContent,
    photoUrls,
    photoUrl: photoUrls[0] ?? null,
    tags: input.tags,
    visibility: chosenVisibility(input),
    searchText: tipSearchTextOf(input),
  };
}

/** A tip's search_text (ADR 020): every write of a tip sets it this way, the demo data too. */
export function tipSearchTextOf(t: {
  title: string;
  placeName: string | null;
  city: string;
  country: string;
  description: string;
  tags: readonly string[];
}) {
  return searchTextOf([t.title, t.placeName, t.city, t.country, t.description, t.tags]);
}

/** 404 when the tip is missing or someone else's private tip; 403 when someone else's public one. */
function assertOwner(tip: repo.LockedTip | undefined, userId: string): asserts tip is repo.LockedTip {
  if (!tip || (tip.userId !== userId && !tip.visible)) throw new NotFoundError(TIP_SERVICE_TEXTS.notFound);
  if (tip.userId !== userId) throw new ForbiddenError(TIP_SERVICE_TEXTS.notOwner);
}

export function createTipsService(deps: { db: Database; storage: MediaStorage; log: FastifyBaseLogger; locator: TipLocator }) {
  const { db, storage, log, locator } = deps;

  /** The photo list without repeats; every new one must be the user's own existing upload. */
  async function checkedPhotos(urls: readonly string[], userId: string, alreadyOnTip: readonly string[] = []) {
    const unique = [...new Set(urls)];
    const kept = new Set(alreadyOnTip);
    for (const url of unique) {
      if (kept.has(url)) continue;
      if (!storage.isOwnedUpload(url, TIP_BUCKET, userId) || !(await storage.exists(url))) {
        throw new BadRequestError(TIP_SERVICE_TEXTS.notUploaded);
      }
    }
    return unique;
  }

  async function checkCategory(ex: Executor, tipTypeId: string | null) {
    if (tipTypeId && !(await repo.tipTypeExists(ex, tipTypeId))) throw new BadRequestError(TIP_SERVICE_TEXTS.unknownCategory);
  }

  /** Photo files the tip stopped using: deleted unless another record uses them (ADR 041). */
  const removeUnusedPhotos = (urls: readonly string[]) => removeUnreferencedPhotos({ db, storage, log }, urls);

  /** 404 unless the viewer may see it (ADR 081); an admin may also open a hidden public tip. */
  async function detail(id: string, viewerId: string, isAdmin = false): Promise<Tip> {
    const row = await repo.findTipDetail(db, id, viewerId);
    if (!row || !mayRead(row, isAdmin)) throw new NotFoundError(TIP_SERVICE_TEXTS.notFound);
    return toTip(row, viewerId);
  }

  async function create(input: TipInputParsed, userId: string): Promise<Tip> {
    await checkCategory(db, input.tipTypeId);
    const photos = await checkedPhotos(input.photoUrls, userId);
    const location = await locator.locate(input, input.pin);
    const id = await repo.insertTip(db, userId, toValues(input, photos, location));
    return detail(id, userId);
  }

  async function update(id: string, input: TipInputParsed, userId: string): Promise<Tip> {
    // Placed before the transaction: the gazetteer's first load must not hold the row's lock.
    const location = await locator.locate(input, input.pin);
    const removed = await db.transaction(async (tx) => {
      const tip = await repo.lockTip(tx, id, userId);
      assertOwner(tip, userId);
      await checkCategory(tx, input.tipTypeId);
      const photos = await checkedPhotos(input.photoUrls, userId, tip.photoUrls);
      // An edit without a pin keeps the member's earlier pin (ADR 061).
      const keepPin = input.pin === undefined && tip.locationPrecision === 'pin';
      await repo.updateTip(tx, id, toValues(input, photos, keepPin ? undefined : location));
      return tip.photoUrls.filter((u) => !photos.includes(u));
    });
    await removeUnusedPhotos(removed);
    return detail(id, userId);
  }

  async function remove(id: string, userId: string): Promise<void> {
    const photos = await db.transaction(async (tx) => {
      const tip = await repo.lockTip(tx, id, userId);
      assertOwner(tip, userId);
      await repo.detachFromGuides(tx, tip);
      await repo.deleteTip(tx, id);
      return tip.photoUrls;
    });
    await removeUnusedPhotos(photos);
  }

  async function options(userId: string): Promise<TipOption[]> {
    return repo.listTipOptions(db, userId, TIP_OPTIONS_CAP);
  }

  /** GET /api/tips/:id/guides (issue 36). */
  const guidesHolding = (id: string, userId: string) => guidesHoldingTip(db, id, userId, TIP_SERVICE_TEXTS);

  return { create, detail, update, remove, options, guidesHolding };
}

export type TipsService = ReturnType<typeof createTipsService>;
