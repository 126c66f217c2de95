/** The guide screens' quoted texts, word for word (docs/product.md#texts-word-for-word). Validation texts: GUIDE_TEXTS. */
export const GUIDE_SCREEN_TEXTS = {
  loadTipsFailed: 'Failed to load your tips',
} as const;
