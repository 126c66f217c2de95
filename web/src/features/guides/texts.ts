/** SPEC 8 texts of the guide screens, quoted word for word. Validation texts: GUIDE_TEXTS. */
export const GUIDE_SCREEN_TEXTS = {
  loadTipsFailed: 'Failed to load your tips',
} as const;
