/** Field rules shared by the tip and guide schemas. */
import { z } from 'zod';
import { COUNTRIES } from '../lists/countries';
import { singleLine } from './common';

export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 40;

/** docs/product.md#tips-and-guides: tip tags are trimmed, lowercased and unique; blanks are dropped. */
/**
 * White space and invisible format characters (zero-width space and joiners, BOM, soft hyphen:
 * Unicode's Cf, which `String.trim` keeps) at a tag's edges: a tag of only these would show as
 * an empty chip. Inside a tag they stay (U+200D joins emoji sequences).
 */
const TAG_EDGE = /^[\s\p{Cf}]+|[\s\p{Cf}]+$/gu;
const trimTag = (tag: string): string => tag.replace(TAG_EDGE, '');

export function normalizeTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((t) => trimTag(t).toLowerCase()).filter((t) => t !== ''))];
}

/**
 * docs/product.md#tips-and-guides: guide tags are trimmed and non-empty, and keep the author's case ("Hidden Gems",
 * "UNESCO"); only tip tags are lowercased. Unique regardless of case: the first spelling stays
 * (ADR 037).
 */
export function normalizeGuideTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of tags) {
    const tag = trimTag(raw);
    const key = tag.toLowerCase();
    if (tag === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(tag);
  }
  return kept;
}

const tagsSchema = (normalize: (tags: readonly string[]) => string[]) =>
  z
    .array(singleLine(z.string().trim().max(MAX_TAG_LENGTH, `Tags are at most ${MAX_TAG_LENGTH} characters`)))
    .max(MAX_TAGS * 2)
    .transform(normalize)
    .pipe(z.array(z.string()).max(MAX_TAGS, `At most ${MAX_TAGS} tags`));

export const TagsSchema = tagsSchema(normalizeTags);
export const GuideTagsSchema = tagsSchema(normalizeGuideTags);

export const CountrySchema = z.enum(COUNTRIES, 'Please choose a country from the list');

/** A photo already uploaded by the caller (POST /api/uploads/...), by its URL. */
export const PhotoUrlSchema = z.string().regex(/^\/api\/media\/[a-z-]+\/[0-9a-f-]{36}\/[\w.-]+$/, 'Not an uploaded photo');

export const ContentTypeSchema = z.enum(['tip', 'guide']);
export type ContentType = z.infer<typeof ContentTypeSchema>;

/** The author as a card or detail page shows them. */
export const AuthorSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  username: z.string().nullable(),
  profilePictureUrl: z.string().nullable(),
});
export type Author = z.infer<typeof AuthorSchema>;

/** What the signed-in viewer may do with an item (buttons follow it; the server enforces it). */
export const ViewerFlagsSchema = z.object({
  isOwner: z.boolean(),
  hasLiked: z.boolean(),
  hasSaved: z.boolean(),
});
