import { z } from 'zod';
import { TIP_CURRENCIES } from '../lists/currencies';
import { LIMITS } from '../limits';
import { isMapsUrl } from '../maps-url';
import { COUNTRIES } from '../lists/countries';
import { calendarDate } from './calendar-date';
import { multiLine, singleLine } from './common';
import { AuthorSchema, PhotoUrlSchema, TagsSchema, ViewerFlagsSchema } from './content-fields';
import { CoordinatesSchema, TipLocationSchema } from './map';
import { VisibilitySchema } from './visibility';

export const TIP_TEXTS = {
  missingInformationTitle: 'Missing Information',
  missingInformation: 'Please fill in title, country, city, and short description',
  invalidUrlTitle: 'Invalid URL',
  invalidUrl: 'Please enter a valid maps-service URL or leave it empty',
  invalidUrlOnEdit: 'Please enter a valid maps-service URL',
  tooManyPhotosTitle: 'Too many photos',
  tooManyPhotos: `You can upload a maximum of ${LIMITS.tipPhotosMax} photos`,
  futureDate: 'Experience date cannot be in the future',
  descriptionTooLong: `Short description must be at most ${LIMITS.shortDescriptionMaxLength} characters`,
} as const;

/** A required text: absent, null or blank all answer the 'Missing Information' text (docs/product.md#forms-and-validation). */
const required = (max: number, tooLong = `At most ${max} characters`) =>
  z.string({ error: TIP_TEXTS.missingInformation }).trim().min(1, TIP_TEXTS.missingInformation).max(max, tooLong);
const optionalText = (max: number, rule: typeof singleLine = singleLine) =>
  rule(z.string().trim().max(max, `At most ${max} characters`))
    .nullish()
    .transform((v) => (v ? v : null));

/** YYYY-MM-DD, not after today (the server allows a day of slack for time zones ahead of UTC). */
export const ExperienceDateSchema = calendarDate()
  .refine((v) => Date.parse(v) <= Date.now() + 24 * 60 * 60 * 1000, TIP_TEXTS.futureDate)
  .nullish()
  .transform((v) => v ?? null);

/** Create and edit payload of a tip (docs/product.md#tips-and-guides); empty optional fields are null. */
export const TipInputSchema = z.object({
  title: singleLine(required(200)),
  tipTypeId: z
    .uuid('Please choose a category')
    .nullish()
    .transform((v) => v ?? null),
  rating: z
    .number()
    .int()
    .min(LIMITS.ratingMin)
    .max(LIMITS.ratingMax, 'Rating is 1 to 5')
    .nullish()
    .transform((v) => v ?? null),
  country: z.enum(COUNTRIES, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? TIP_TEXTS.missingInformation
        : 'Please choose a country from the list',
  }),
  city: singleLine(required(100)),
  placeName: optionalText(200),
  googleMapsUrl: singleLine(z.string().trim().max(2000))
    .refine((v) => v === '' || isMapsUrl(v), TIP_TEXTS.invalidUrl)
    .nullish()
    .transform((v) => (v ? v : null)),
  experienceDate: ExperienceDateSchema,
  valueSpent: z
    .number()
    .min(0, 'Cost cannot be negative')
    .max(9_999_999_999.99, 'Cost is too large')
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Cost has at most two decimals')
    .nullish()
    .transform((v) => v ?? null),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'Currency is a three-letter code such as USD')
    .nullish()
    .transform((v) => v ?? null),
  description: multiLine(required(LIMITS.shortDescriptionMaxLength, TIP_TEXTS.descriptionTooLong)),
  detailedContent: optionalText(20_000, multiLine),
  photoUrls: z.array(PhotoUrlSchema).max(LIMITS.tipPhotosMax, TIP_TEXTS.tooManyPhotos).default([]),
  tags: TagsSchema.default([]),
  isPrivate: z.boolean().default(false),
  /** Who may see it (ADR 081); when absent, isPrivate decides (chosenVisibility). */
  visibility: VisibilitySchema.optional(),
  /**
   * Where the member put the pin on the form's map. Absent on an edit: a pinned tip keeps its
   * pin, any other is placed again from its link or city. null: place it from those (ADR 061).
   */
  pin: CoordinatesSchema.nullish(),
});
export type TipInput = z.input<typeof TipInputSchema>;
export type TipInputParsed = z.output<typeof TipInputSchema>;

/** POST /api/tips: the create form offers a fixed currency list (docs/product.md#lists); edit takes any code. */
export const TipCreateSchema = TipInputSchema.extend({
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.enum(TIP_CURRENCIES, `Currency is one of ${TIP_CURRENCIES.join(', ')}`))
    .nullish()
    .transform((v) => v ?? null),
});

/** A tip on a card (lists, explore, saved). */
export const TipCardSchema = z.object({
  kind: z.literal('tip'),
  id: z.string(),
  author: AuthorSchema,
  title: z.string(),
  tipTypeName: z.string().nullable(),
  country: z.string(),
  city: z.string(),
  placeName: z.string().nullable(),
  rating: z.number().nullable(),
  description: z.string(),
  photoUrl: z.string().nullable(),
  tags: z.array(z.string()),
  isPrivate: z.boolean(),
  visibility: VisibilitySchema,
  /** A moderator hid it: only its author and admins see it, and they see this flag. */
  hidden: z.boolean(),
  likesCount: z.number(),
  createdAt: z.string(),
});
export type TipCard = z.infer<typeof TipCardSchema>;

/** GET /api/tips/:id */
export const TipSchema = TipCardSchema.extend({
  tipTypeId: z.string().nullable(),
  googleMapsUrl: z.string().nullable(),
  experienceDate: z.string().nullable(),
  valueSpent: z.number().nullable(),
  currency: z.string().nullable(),
  detailedContent: z.string().nullable(),
  photoUrls: z.array(z.string()),
  location: TipLocationSchema.nullable(),
  viewer: ViewerFlagsSchema,
});
export type Tip = z.infer<typeof TipSchema>;

/** The guide editor's picker: the author's own tips (docs/product.md#tips-and-guides). */
export const TipOptionSchema = z.object({
  id: z.string(),
  title: z.string(),
  city: z.string(),
  country: z.string(),
  placeName: z.string().nullable(),
  description: z.string(),
});
export type TipOption = z.infer<typeof TipOptionSchema>;
