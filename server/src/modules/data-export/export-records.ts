/**
 * What each line of the export's JSON files says (README.txt describes them): rows of
 * data-export.repository turned into records with stable, readable field names, links to the
 * item's page in Waymark, and each photo's file inside the zip.
 */
import { exportDays } from '@common/guide-export-days';
import type { GuideItem } from '@common/schemas/guide';
import { type MediaRef, parseMediaUrl } from '../media/media-storage';
import type { blockedBy } from '../blocks/blocks.repository';
import type * as repo from './data-export.repository';

type Row<F extends (...args: never[]) => PromiseLike<readonly unknown[]>> = Awaited<ReturnType<F>>[number];

/** The member's own stored photo behind a URL, or null (a URL of someone else's folder is never followed). */
export function ownPhoto(url: string, userId: string): MediaRef | null {
  const ref = parseMediaUrl(url);
  return ref && ref.userId === userId ? ref : null;
}

/** Where a photo's file is inside the zip. */
export const photoPath = (ref: MediaRef) => `photos/${ref.bucket}/${ref.file}`;

/** Each photo as the app links it and, when it is the member's own upload, its file in the zip. */
export function photosOf(urls: readonly string[], userId: string) {
  return urls.map((url) => {
    const ref = ownPhoto(url, userId);
    return { url, file: ref ? photoPath(ref) : null };
  });
}

export function accountRecord(row: NonNullable<Awaited<ReturnType<typeof repo.findAccount>>>, exportedAt: Date) {
  return {
    exportedAt,
    account: { id: row.id, email: row.email, role: row.role, createdAt: row.createdAt },
    profile: {
      name: row.name,
      username: row.username,
      bio: row.bio,
      country: row.country,
      currency: row.currency,
      countriesVisited: row.countriesVisited ?? [],
      picture: row.profilePictureUrl ? (photosOf([row.profilePictureUrl], row.id)[0] ?? null) : null,
      updatedAt: row.profileUpdatedAt,
    },
  };
}

export function tipRecord(row: Row<typeof repo.tipsPage>, userId: string, publicUrl: string) {
  const { cursorTs: _cursor, photoUrls, latitude, longitude, locationPrecision, ...fields } = row;
  return {
    ...fields,
    location: latitude !== null && longitude !== null ? { latitude, longitude, precision: locationPrecision } : null,
    photos: photosOf(photoUrls, userId),
    pageUrl: `${publicUrl}/view-tip/${row.id}`,
  };
}

type ItemRow = Row<typeof repo.itemsOfGuides>;

/** An item as the guide page shows it: its own tip's title and place, or the custom fields. */
function guideItem(r: ItemRow): GuideItem {
  const hasTip = r.tipId !== null && r.tipTitle !== null && r.tipCity !== null && r.tipCountry !== null;
  return {
    id: r.id,
    dayNumber: r.dayNumber,
    orderInDay: r.orderInDay,
    tip: hasTip
      ? {
          id: r.tipId ?? '',
          title: r.tipTitle ?? '',
          city: r.tipCity ?? '',
          country: r.tipCountry ?? '',
          placeName: r.tipPlaceName,
          description: r.tipDescription ?? '',
        }
      : null,
    customTitle: r.customTitle,
    customDescription: r.customDescription,
    customPlaceName: r.customPlaceName,
  };
}

export function guideRecord(row: Row<typeof repo.guidesPage>, items: ItemRow[], userId: string, publicUrl: string) {
  const { cursorTs: _cursor, photoUrls, ...fields } = row;
  const days = exportDays({ daysCount: row.daysCount, items: items.map(guideItem) }, undefined).map((day) => ({
    day: day.dayNumber,
    items: day.items.map((item) => ({
      title: item.title,
      place: item.place,
      description: item.description,
      tipId: item.tipId,
    })),
  }));
  return { ...fields, photos: photosOf(photoUrls, userId), days, pageUrl: `${publicUrl}/view-guide/${row.id}` };
}

export function reactionRecord(
  kind: 'tip' | 'guide',
  itemId: string,
  title: string | null,
  createdAt: Date | string,
  publicUrl: string,
) {
  return {
    kind,
    itemId,
    // Null when the item is someone else's and private now: the member may no longer see it.
    title,
    pageUrl: `${publicUrl}/${kind === 'tip' ? 'view-tip' : 'view-guide'}/${itemId}`,
    createdAt,
  };
}

export function connectionRecord(row: Row<typeof repo.connectionsPage>) {
  return {
    member: { username: row.username, name: row.name },
    direction: row.isRequester ? 'sent' : 'received',
    status: row.status,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function blockRecord(row: Row<typeof blockedBy>) {
  return { member: { username: row.username, name: row.name }, createdAt: row.createdAt };
}

/** What was reported: the item with its page (its title while the member may see it), or the member. */
function reportedThing(row: Row<typeof repo.reportsPage>, publicUrl: string) {
  if (row.tipId) return { kind: 'tip', id: row.tipId, title: row.tipTitle, pageUrl: `${publicUrl}/view-tip/${row.tipId}` };
  if (row.guideId) {
    return { kind: 'guide', id: row.guideId, title: row.guideTitle, pageUrl: `${publicUrl}/view-guide/${row.guideId}` };
  }
  return { kind: 'member', username: row.memberUsername, name: row.memberName };
}

export function reportRecord(row: Row<typeof repo.reportsPage>, publicUrl: string) {
  return {
    about: reportedThing(row, publicUrl),
    reason: row.reason,
    details: row.details,
    // The outcome the member was told in a notification; null while the report is open.
    outcome: row.outcome,
    closedAt: row.resolvedAt,
    createdAt: row.createdAt,
  };
}

export function notificationRecord(row: Row<typeof repo.notificationsPage>) {
  return {
    type: row.type,
    content: row.content,
    from: row.actorUsername !== null || row.actorName !== null ? { username: row.actorUsername, name: row.actorName } : null,
    tipId: row.tipId,
    guideId: row.guideId,
    isRead: row.isRead,
    createdAt: row.createdAt,
  };
}
