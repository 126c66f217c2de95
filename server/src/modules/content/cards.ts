/** Database rows to the cards the API returns (common/schemas tip.ts, guide.ts). */
import type { Author } from '../../../../common/schemas/content-fields';
import type { GuideCard } from '../../../../common/schemas/guide';
import type { TipCard } from '../../../../common/schemas/tip';
import type { GuideCardRow, TipCardRow } from './content.repository';

interface AuthorColumns {
  userId: string;
  authorName: string | null;
  authorUsername: string | null;
  authorPictureUrl: string | null;
}

export function toAuthor(row: AuthorColumns): Author {
  return { id: row.userId, name: row.authorName, username: row.authorUsername, profilePictureUrl: row.authorPictureUrl };
}

export function toTipCard(row: TipCardRow): TipCard {
  return {
    kind: 'tip',
    id: row.id,
    author: toAuthor(row),
    title: row.title,
    tipTypeName: row.tipTypeName,
    country: row.country,
    city: row.city,
    placeName: row.placeName,
    rating: row.rating,
    description: row.description,
    photoUrl: row.photoUrl ?? row.photoUrls[0] ?? null,
    tags: row.tags,
    isPrivate: row.isPrivate,
    likesCount: row.likesCount,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toGuideCard(row: GuideCardRow): GuideCard {
  return {
    kind: 'guide',
    id: row.id,
    author: toAuthor(row),
    title: row.title,
    location: row.location,
    countries: row.countries,
    description: row.description,
    daysCount: row.daysCount,
    photoUrl: row.photoUrls[0] ?? null,
    tags: row.tags,
    isPrivate: row.isPrivate,
    likesCount: row.likesCount,
    createdAt: row.createdAt.toISOString(),
  };
}
