/** Content screens' texts (docs/product.md#texts-word-for-word), kept free of zod so a screen can show them without the schemas. */
export const CONTENT_TEXTS = {
  noContentYet: 'No content yet',
  noTipsYet: 'No tips yet',
  noGuidesYet: 'No guides yet',
  noContentFound: 'No content found',
  noTipsFound: 'No tips found',
  noGuidesFound: 'No guides found',
  searchPlaceholder: 'Search tips, guides, places...',
  cannotLikeOwn: 'You cannot like your own content',
  cannotSaveOwn: 'You cannot save your own content',
  notFound: 'This tip or guide does not exist or is private',
} as const;
