/**
 * Guides (docs/product.md#tips-and-guides): create, read, edit with the itinerary replaced atomically, delete.
 * Privacy (docs/product.md#who-may-do-what): another member's private guide is 404 on every route; a public guide of another
 * member can be read but not edited or deleted (403). Photo files are removed only after the
 * transaction that stopped using them has committed.
 */
import { chosenVisibility } from '@common/schemas/visibility';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Guide, GuideCreateSchema, GuideItem, GuideUpdateSchema } from '@common/schemas/guide';
import type { TipOption } from '@common/schemas/tip';
import { searchTextOf } from '@common/search';
import type { Database, Executor } from '@db/client';
import { BadRequestError, ForbiddenError, NotFoundError } from '@server/lib/errors';
import { mayRead } from '../content/readable';
import type { MediaStorage } from '../media/media-storage';
import { removeUnreferencedPhotos } from '../media/photo-files';
import { toGuideCard } from '../content/cards';
import * as repo from './guides.repository';

export type GuideCreateParsed = z.output<typeof GuideCreateSchema>;
export type GuideUpdateParsed = z.output<typeof GuideUpdateSchema>;
type GuideInputParsed = GuideCreateParsed | GuideUpdateParsed;
type GuideItemParsed = GuideInputParsed['items'][number];

export const GUIDE_ERRORS = {
  notFound: 'Guide not found',
  notOwner: 'Only the author can change this guide',
  ownTipsOnly: 'You can only add your own tips',
  tipTwiceInDay: 'The same tip can only be added once per day',
  notUploadedPhoto: 'Not an uploaded photo',
  dayBeyond: (day: number, daysCount: number) =>
    `Day ${day} is beyond the guide's ${daysCount} ${daysCount === 1 ? 'day' : 'days'}`,
  positionsPartial: 'Give every item its position in its day, or none of them',
  positionsBroken: (day: number, count: number) => `The items of day ${day} need the positions 1 to ${count}, each once`,
} as const;

const GUIDE_PHOTO_BUCKET = 'guide-photos';

export type GuidePhotoStorage = Pick<MediaStorage, 'isOwnedUpload' | 'exists' | 'deleteByUrls'>;

/**
 * The items in itinerary order. With positions (issue 36) every item has one and each day's are
 * exactly 1..n: a gap or a duplicate would store an order the member never saw.
 */
function inItineraryOrder(items: GuideItemParsed[]): GuideItemParsed[] {
  const placed = items.filter((item) => item.orderInDay !== undefined).length;
  if (placed === 0) return items;
  if (placed !== items.length) throw new BadRequestError(GUIDE_ERRORS.positionsPartial);
  const positions = new Map<number, number[]>();
  for (const item of items) positions.set(item.dayNumber, [...(positions.get(item.dayNumber) ?? []), item.orderInDay ?? 0]);
  for (const [day, list] of positions) {
    const sorted = list.sort((a, b) => a - b);
    if (sorted.some((position, index) => position !== index + 1)) {
      throw new BadRequestError(GUIDE_ERRORS.positionsBroken(day, sorted.length));
    }
  }
  return [...items].sort((a, b) => a.dayNumber - b.dayNumber || (a.orderInDay ?? 0) - (b.orderInDay ?? 0));
}

/**
 * Checks the itinerary rules that need no database and numbers order_in_day 1, 2, ... within
 * each day from the itinerary order.
 */
export function planItems(items: GuideItemParsed[], daysCount: number): repo.GuideItemValues[] {
  const nextOrder = new Map<number, number>();
  const tipsPerDay = new Set<string>();
  const beyond = items.find((item) => item.dayNumber > daysCount);
  if (beyond) throw new BadRequestError(GUIDE_ERRORS.dayBeyond(beyond.dayNumber, daysCount));
  return inItineraryOrder(items).map((item) => {
    const orderInDay = (nextOrder.get(item.dayNumber) ?? 0) + 1;
    nextOrder.set(item.dayNumber, orderInDay);
    if ('tipId' in item) {
      const key = `${item.dayNumber}:${item.tipId}`;
      if (tipsPerDay.has(key)) throw new BadRequestError(GUIDE_ERRORS.tipTwiceInDay);
      tipsPerDay.add(key);
      return {
        tipId: item.tipId,
        dayNumber: item.dayNumber,
        orderInDay,
        customTitle: null,
        customDescription: null,
        customPlaceName: null,
      };
    }
    return {
      tipId: null,
      dayNumber: item.dayNumber,
      orderInDay,
      customTitle: item.customTitle,
      customDescription: item.customDescription,
      customPlaceName: item.customPlaceName,
    };
  });
}

type ItemRow = Awaited<ReturnType<typeof repo.listGuideItems>>[number];

/**
 * The tip an item links to; null for a custom item, and for a tip the viewer may not see (ADR
 * 008, 081: private, connections-only to a non-connection, hidden, blocked or suspended author).
 */
function linkedTip(r: ItemRow): TipOption | null {
  if (r.tipId === null || r.tipTitle === null || r.tipCity === null || r.tipCountry === null) return null;
  if (r.tipDescription === null || !r.tipVisible) return null;
  return {
    id: r.tipId,
    title: r.tipTitle,
    city: r.tipCity,
    country: r.tipCountry,
    placeName: r.tipPlaceName,
    description: r.tipDescription,
  };
}

function guideValues(input: GuideInputParsed): repo.GuideValues {
  const photoUrls = [...new Set(input.photoUrls)];
  return {
    title: input.title,
    location: input.location,
    countries: input.countries,
    description: input.description,
    daysCount: input.daysCount,
    photoUrls,
    tags: input.tags,
    visibility: chosenVisibility(input),
    searchText: guideSearchTextOf(input),
  };
}

/** A guide's search_text (ADR 020): every write of a guide sets it this way, the demo data too. */
export function guideSearchTextOf(g: {
  title: string;
  location: string | null;
  countries: readonly string[];
  description: string | null;
  tags: readonly string[];
}) {
  return searchTextOf([g.title, g.location, g.countries, g.description, g.tags]);
}

export function createGuidesService(deps: { db: Database; storage: GuidePhotoStorage; log: FastifyBaseLogger }) {
  const { db, storage, log } = deps;

  /** Every photo must be the caller's own upload in the guide bucket (or already on the guide). */
  async function checkPhotos(userId: string, photoUrls: string[], alreadyOnGuide: readonly string[] = []) {
    for (const url of photoUrls) {
      if (alreadyOnGuide.includes(url)) continue;
      if (!storage.isOwnedUpload(url, GUIDE_PHOTO_BUCKET, userId) || !(await storage.exists(url))) {
        throw new BadRequestError(GUIDE_ERRORS.notUploadedPhoto);
      }
    }
  }

  async function checkOwnTips(tx: Executor, userId: string, items: repo.GuideItemValues[]) {
    const tipIds = [...new Set(items.flatMap((i) => i.tipId ?? []))];
    const own = await repo.lockOwnTips(tx, userId, tipIds);
    if (tipIds.some((id) => !own.has(id))) throw new BadRequestError(GUIDE_ERRORS.ownTipsOnly);
  }

  /** Photo files the guide stopped using: deleted unless another record uses them (ADR 041). */
  const deletePhotoFiles = (urls: readonly string[]) => removeUnreferencedPhotos({ db, storage, log }, urls);

  /** The guide for a write by `userId`: 404 when missing or another's private, 403 when another's. */
  function assertWritable(guide: Awaited<ReturnType<typeof repo.findGuideAccess>>, userId: string) {
    if (!guide || (guide.userId !== userId && !guide.visible)) throw new NotFoundError(GUIDE_ERRORS.notFound);
    if (guide.userId !== userId) throw new ForbiddenError(GUIDE_ERRORS.notOwner);
    return guide;
  }

  /** 404 unless the viewer may see it (ADR 081); an admin may also open a hidden public guide. */
  async function get(viewerId: string, id: string, isAdmin = false): Promise<Guide> {
    const row = await repo.findGuideDetail(db, id, viewerId);
    if (!row || !mayRead(row, isAdmin)) throw new NotFoundError(GUIDE_ERRORS.notFound);
    const itemRows = await repo.listGuideItems(db, id, viewerId);
    const items: GuideItem[] = itemRows.map((r) => ({
      id: r.id,
      dayNumber: r.dayNumber,
      orderInDay: r.orderInDay,
      tip: linkedTip(r),
      customTitle: r.customTitle,
      customDescription: r.customDescription,
      customPlaceName: r.customPlaceName,
    }));
    return {
      ...toGuideCard(row),
      photoUrls: row.photoUrls,
      items,
      viewer: { isOwner: row.userId === viewerId, hasLiked: row.hasLiked, hasSaved: row.hasSaved },
    };
  }

  async function create(userId: string, input: GuideCreateParsed): Promise<Guide> {
    const values = guideValues(input);
    const items = planItems(input.items, input.daysCount);
    await checkPhotos(userId, values.photoUrls);
    const id = await db.transaction(async (tx) => {
      await checkOwnTips(tx, userId, items);
      const guideId = await repo.insertGuide(tx, userId, values);
      await repo.replaceGuideItems(tx, guideId, items);
      return guideId;
    });
    return get(userId, id);
  }

  /** Replaces the fields and the whole itinerary in one transaction: all of it or none of it. */
  async function update(userId: string, id: string, input: GuideUpdateParsed): Promise<Guide> {
    const values = guideValues(input);
    const items = planItems(input.items, input.daysCount);
    const removedPhotos = await db.transaction(async (tx) => {
      // The row lock serialises concurrent edits of one guide (each replaces all items).
      const guide = assertWritable(await repo.findGuideAccess(tx, id, true, userId), userId);
      await checkPhotos(userId, values.photoUrls, guide.photoUrls);
      await checkOwnTips(tx, userId, items);
      await repo.updateGuide(tx, id, values);
      await repo.replaceGuideItems(tx, id, items);
      return guide.photoUrls.filter((url) => !values.photoUrls.includes(url));
    });
    await deletePhotoFiles(removedPhotos);
    return get(userId, id);
  }

  /** Deletes the guide with its items, likes, saves and notifications, then its photo files. */
  async function remove(userId: string, id: string): Promise<void> {
    const photoUrls = await db.transaction(async (tx) => {
      const guide = assertWritable(await repo.findGuideAccess(tx, id, true, userId), userId);
      await repo.deleteGuide(tx, id);
      return guide.photoUrls;
    });
    await deletePhotoFiles(photoUrls);
  }

  return { get, create, update, remove };
}

export type GuidesService = ReturnType<typeof createGuidesService>;
