/** Database rows to the cards the API returns (common/schemas tip.ts, guide.ts). */
import type { ContentCard } from '@common/schemas/content';
import type { Author } from '@common/schemas/content-fields';
import type { GuideCard } from '@common/schemas/guide';
import type { TipCard } from '@common/schemas/tip';
import type { GuideCardRow, GuideOwnFields, TipCardRow, TipOwnFields } from './content.repository';

interface AuthorColumns {
  userId: string;
  authorName: string | null;
  authorUsername: string | null;
  authorPictureUrl: string | null;
}

export function toAuthor(row: AuthorColumns): Author {
  return { id: row.userId, name: row.authorName, username: row.authorUsername, profilePictureUrl: row.authorPictureUrl };
}

/** A tip's card from its own columns; built field by field (an object spread here was 7% of a list's CPU). */
export function tipCard(id: string, author: Author, tipTypeName: string | null, t: TipOwnFields): TipCard {
  return {
    kind: 'tip',
    id,
    author,
    title: t.title,
    tipTypeName,
    country: t.country,
    city: t.city,
    placeName: t.placeName,
    rating: t.rating,
    description: t.description,
    photoUrl: t.photoUrl ?? t.photoUrls[0] ?? null,
    tags: t.tags,
    isPrivate: t.visibility === 'private',
    visibility: t.visibility,
    hidden: t.hiddenAt !== null,
    likesCount: t.likesCount,
    createdAt: t.createdAt.toISOString(),
  };
}

export function guideCard(id: string, author: Author, g: GuideOwnFields): GuideCard {
  return {
    kind: 'guide',
    id,
    author,
    title: g.title,
    location: g.location,
    countries: g.countries,
    description: g.description,
    daysCount: g.daysCount,
    photoUrl: g.photoUrls[0] ?? null,
    tags: g.tags,
    isPrivate: g.visibility === 'private',
    visibility: g.visibility,
    hidden: g.hiddenAt !== null,
    likesCount: g.likesCount,
    createdAt: g.createdAt.toISOString(),
  };
}

export function toTipCard(row: TipCardRow): TipCard {
  return tipCard(row.id, toAuthor(row), row.tipTypeName, row);
}

export function toGuideCard(row: GuideCardRow): GuideCard {
  return guideCard(row.id, toAuthor(row), row);
}

/** A row of a page: its key (kind, id) joined to the tip or the guide it names, and the author. */
export interface PageCardRow extends AuthorColumns {
  kind: 'tip' | 'guide';
  id: string;
  tipTypeName: string | null;
  tip: TipOwnFields | null;
  guide: GuideOwnFields | null;
}

/** Every key joins its own item (one statement, one snapshot); the types cannot know that. */
export function pageCard(row: PageCardRow): ContentCard | null {
  if (row.kind === 'tip' && row.tip) return tipCard(row.id, toAuthor(row), row.tipTypeName, row.tip);
  if (row.kind === 'guide' && row.guide) return guideCard(row.id, toAuthor(row), row.guide);
  return null;
}
