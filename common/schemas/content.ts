/** Likes, saves, lists and explore: what tips and guides share. */
import { z } from 'zod';
import { ContentTypeSchema } from './content-fields';
import { GuideCardSchema } from './guide';
import { TipCardSchema } from './tip';

export { CONTENT_TEXTS } from '../content-texts';

export const ContentCardSchema = z.discriminatedUnion('kind', [TipCardSchema, GuideCardSchema]);
export type ContentCard = z.infer<typeof ContentCardSchema>;

export const ContentRefSchema = z.object({ contentType: ContentTypeSchema, contentId: z.uuid() });
export type ContentRef = z.infer<typeof ContentRefSchema>;

/** toggle_like (docs/product.md#likes-and-saves): the new state and count. */
export const LikeResultSchema = z.object({ liked: z.boolean(), likesCount: z.number() });
export type LikeResult = z.infer<typeof LikeResultSchema>;

export const SaveResultSchema = z.object({ saved: z.boolean() });
export type SaveResult = z.infer<typeof SaveResultSchema>;

export const ContentTabSchema = z.enum(['all', 'tips', 'guides']);
export type ContentTab = z.infer<typeof ContentTabSchema>;

export const ContentCountsSchema = z.object({ tips: z.number(), guides: z.number() });
export type ContentCounts = z.infer<typeof ContentCountsSchema>;

/** Query of GET /api/explore, /api/explore/counts, /api/saved and /api/users/:id/content. */
export const ContentQuerySchema = z.object({
  type: ContentTabSchema.default('all'),
  q: z.string().trim().max(200).optional(),
  country: z.string().trim().max(100).optional(),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/**
 * Explore's order (issue 36, ADR 105): newest first (the default), most liked, best rated (a
 * tip's rating; guides have none and follow the rated tips). Ties go newest first.
 */
export const EXPLORE_SORTS = ['newest', 'liked', 'rated'] as const;
export const ExploreSortSchema = z.enum(EXPLORE_SORTS);
export type ExploreSort = z.infer<typeof ExploreSortSchema>;

/** Query of GET /api/explore: the content lists' query, an order and a tip category. */
export const ExploreQuerySchema = ContentQuerySchema.extend({
  sort: ExploreSortSchema.default('newest'),
  /** A tip type's id: only tips of that category (guides have none). */
  tipType: z.uuid('Not a valid tip type id').optional(),
});

/** Query of GET /api/explore/counts. */
export const ExploreCountsQuerySchema = ExploreQuerySchema.pick({ q: true, country: true, tipType: true });

/** GET /api/explore/suggestion?q=: a search the viewer would find something with, for a misspelt one. */
export const SearchSuggestionQuerySchema = z.object({ q: z.string().trim().min(1, 'Search text is required').max(200) });
export const SearchSuggestionSchema = z.object({ suggestion: z.string().nullable() });
export type SearchSuggestion = z.infer<typeof SearchSuggestionSchema>;

/** A saved item: the saved row's id (for Remove from Saved) and the content card. */
export const SavedItemSchema = z.object({
  id: z.string(),
  savedAt: z.string(),
  item: ContentCardSchema,
});
export type SavedItem = z.infer<typeof SavedItemSchema>;

export const MediaUploadResultSchema = z.object({ urls: z.array(z.string()) });
