/** A guide's public read-only link (issue 23, ADR 068) and what a visitor of it sees. */
import { z } from 'zod';
import { calendarDate } from './calendar-date';

export const SHARE_LINK_TEXTS = {
  anyoneCanView: 'Anyone with this link can view',
  linkGone: 'This link no longer works',
  expiryInPast: 'Choose a date from today on',
  notOwner: 'Only the author can share this guide',
} as const;

/** 32 bytes in base64url: a random key and its HMAC (server/src/modules/guide-sharing/share-token.ts). */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const ShareTokenParamsSchema = z.object({ token: z.string().regex(SHARE_TOKEN_PATTERN, 'Not a valid link') });

/** Today's date in UTC as YYYY-MM-DD: the first day a link may expire on. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/** PUT /api/guides/:id/share-link: creates the link, or changes its expiry (the link stays the same). */
const ExpiresOnSchema = calendarDate()
  .refine((day) => day >= todayUtc(), SHARE_LINK_TEXTS.expiryInPast)
  .nullable();

export const ShareLinkInputSchema = z.object({
  /** The last day the link works (UTC); null: until revoked. */
  expiresOn: ExpiresOnSchema.default(null),
});
export type ShareLinkInput = z.input<typeof ShareLinkInputSchema>;

export const ShareLinkSchema = z.object({
  /** The absolute URL to give out. */
  url: z.string(),
  expiresOn: z.string().nullable(),
  createdAt: z.string(),
});
export type ShareLink = z.infer<typeof ShareLinkSchema>;

/** GET /api/guides/:id/share-link: the guide's link, or null when it has none. */
export const ShareLinkStateSchema = z.object({ link: ShareLinkSchema.nullable() });
export type ShareLinkState = z.infer<typeof ShareLinkStateSchema>;

export const SharedTipSchema = z.object({
  title: z.string(),
  city: z.string(),
  country: z.string(),
  placeName: z.string().nullable(),
  description: z.string(),
  /** Token-scoped photo URLs (/api/shared/guides/:token/photos/...). */
  photoUrls: z.array(z.string()),
});

export const SharedGuideItemSchema = z.object({
  id: z.string(),
  dayNumber: z.number(),
  orderInDay: z.number(),
  /** A public tip of the author; null for a custom item (a private tip's item is left out). */
  tip: SharedTipSchema.nullable(),
  customTitle: z.string().nullable(),
  customDescription: z.string().nullable(),
  customPlaceName: z.string().nullable(),
});

/** GET /api/shared/guides/:token: the guide's public content only; no ids of members or tips. */
export const SharedGuideSchema = z.object({
  title: z.string(),
  location: z.string().nullable(),
  countries: z.array(z.string()),
  description: z.string().nullable(),
  daysCount: z.number(),
  tags: z.array(z.string()),
  photoUrls: z.array(z.string()),
  authorName: z.string().nullable(),
  items: z.array(SharedGuideItemSchema),
});
export type SharedGuide = z.infer<typeof SharedGuideSchema>;
export type SharedGuideItem = z.infer<typeof SharedGuideItemSchema>;

/** The page of a shared guide. */
export const sharedGuidePath = (token: string) => `/shared/guides/${token}`;

/** The Share dialog's form: an empty date is no expiry; the rest is the route's own rule. */
export const ShareLinkFormSchema = z.object({
  expiresOn: z
    .string()
    .transform((value) => (value === '' ? null : value))
    .pipe(ExpiresOnSchema),
});
