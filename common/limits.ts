/** docs/product.md#limits: business constants both sides enforce. */
export const LIMITS = {
  passwordMinLength: 6,
  /** Upper bound on passwords so hashing cost stays bounded (argon2 hashes the whole input). */
  passwordMaxLength: 128,
  aboutYourselfMinLength: 50,
  aboutYourselfMaxLength: 2000,
  nameMaxLength: 100,
  emailMaxLength: 254,
  shortDescriptionMaxLength: 200,
  ratingMin: 1,
  ratingMax: 5,
  tipPhotosMax: 5,
  guidePhotosOnCreateMax: 10,
  guideDaysOnCreateMax: 14,
  guideDaysOnEditMax: 30,
  notificationBadgeCap: 99,
  guideCardTags: 2,
  profileCardCountries: 3,
  countryTypeAheadSuggestions: 8,
} as const;

/** docs/product.md#limits and docs/product.md#live-updates: poll intervals when the live stream is not confirmed. */
export const POLL_INTERVALS_MS = {
  notifications: 60_000,
  connections: 45_000,
  systemMessages: 30_000,
  liveConfirmationTimeout: 5_000,
} as const;
