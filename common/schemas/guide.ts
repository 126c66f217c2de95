import { z } from 'zod';
import { LIMITS } from '../limits';
import { VisibilitySchema } from './visibility';
import { multiLine, singleLine } from './common';
import { AuthorSchema, CountrySchema, GuideTagsSchema, PhotoUrlSchema, ViewerFlagsSchema } from './content-fields';
import { TipOptionSchema } from './tip';

export const GUIDE_TEXTS = {
  missingInformationTitle: 'Missing Information',
  missingTitle: 'Please enter a title for your guide',
  missingLocation: 'Please enter a location for your guide',
  tooManyPhotos: `You can upload a maximum of ${LIMITS.guidePhotosOnCreateMax} photos`,
  noTipsYet: "You don't have any tips yet",
  emptyDay: 'No activities planned for this day',
  deleteConfirm: 'Are you sure you want to delete this guide? This action cannot be undone.',
} as const;

/**
 * An item's place (issue 36): its day and, optionally, its position in that day (1, 2, ...). When
 * every item has a position, they say the order; when none has, the list's order does.
 */
const itemPlace = {
  dayNumber: z.number().int().min(1),
  orderInDay: z.number().int().min(1).max(500).optional(),
};

/** An itinerary item: one of the author's own tips, or a custom item with a title. */
export const GuideItemInputSchema = z.union([
  z.object({ ...itemPlace, tipId: z.uuid() }),
  z.object({
    ...itemPlace,
    customTitle: singleLine(z.string().trim().min(1, 'A custom item needs a title').max(200)),
    customDescription: multiLine(z.string().trim().max(2000))
      .nullish()
      .transform((v) => (v ? v : null)),
    customPlaceName: singleLine(z.string().trim().max(200))
      .nullish()
      .transform((v) => (v ? v : null)),
  }),
]);
export type GuideItemInput = z.input<typeof GuideItemInputSchema>;

/**
 * Items are listed in itinerary order, or each carries its orderInDay; the server stores
 * order_in_day 1, 2, ... within each day. A day beyond daysCount, positions with a gap or a
 * duplicate, positions on some items only, or the same tip twice in one day are refused.
 */
const guideInput = (maxDays: number, maxPhotos: number) =>
  z.object({
    title: singleLine(z.string().trim().min(1, GUIDE_TEXTS.missingTitle).max(200)),
    location: singleLine(z.string().trim().max(200))
      .nullish()
      .transform((v) => (v ? v : null)),
    countries: z
      .array(CountrySchema)
      .max(60)
      .refine((c) => new Set(c).size === c.length, 'Each country only once'),
    description: multiLine(z.string().trim().max(5000))
      .nullish()
      .transform((v) => (v ? v : null)),
    daysCount: z.number().int().min(1, 'A guide lasts at least 1 day').max(maxDays, `A guide lasts at most ${maxDays} days`),
    photoUrls: z.array(PhotoUrlSchema).max(maxPhotos, GUIDE_TEXTS.tooManyPhotos).default([]),
    tags: GuideTagsSchema.default([]),
    isPrivate: z.boolean().default(false),
    /** Who may see it (ADR 081); when absent, isPrivate decides (chosenVisibility). */
    visibility: VisibilitySchema.optional(),
    items: z.array(GuideItemInputSchema).max(500).default([]),
  });

/** POST /api/guides: 1-14 days, at most 10 photos (docs/product.md#limits). */
export const GuideCreateSchema = guideInput(LIMITS.guideDaysOnCreateMax, LIMITS.guidePhotosOnCreateMax);
/** PUT /api/guides/:id: 1-30 days, title and location required, photos unlimited (a sane cap). */
export const GuideUpdateSchema = guideInput(LIMITS.guideDaysOnEditMax, 50).extend({
  location: singleLine(z.string().trim().min(1, GUIDE_TEXTS.missingLocation).max(200)),
});
export type GuideCreate = z.input<typeof GuideCreateSchema>;
export type GuideUpdate = z.input<typeof GuideUpdateSchema>;

export const GuideCardSchema = z.object({
  kind: z.literal('guide'),
  id: z.string(),
  author: AuthorSchema,
  title: z.string(),
  location: z.string().nullable(),
  countries: z.array(z.string()),
  description: z.string().nullable(),
  daysCount: z.number(),
  photoUrl: z.string().nullable(),
  tags: z.array(z.string()),
  isPrivate: z.boolean(),
  visibility: VisibilitySchema,
  /** A moderator hid it: only its author and admins see it, and they see this flag. */
  hidden: z.boolean(),
  likesCount: z.number(),
  createdAt: z.string(),
});
export type GuideCard = z.infer<typeof GuideCardSchema>;

export const GuideItemSchema = z.object({
  id: z.string(),
  dayNumber: z.number(),
  orderInDay: z.number(),
  /** The linked tip (null for a custom item, or when the tip is private and not the viewer's). */
  tip: TipOptionSchema.nullable(),
  customTitle: z.string().nullable(),
  customDescription: z.string().nullable(),
  customPlaceName: z.string().nullable(),
});
export type GuideItem = z.infer<typeof GuideItemSchema>;

/** GET /api/guides/:id */
export const GuideSchema = GuideCardSchema.extend({
  photoUrls: z.array(z.string()),
  items: z.array(GuideItemSchema),
  viewer: ViewerFlagsSchema,
});
export type Guide = z.infer<typeof GuideSchema>;
