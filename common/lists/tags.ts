/** SPEC section 9: tag suggestions of the tip form. */
export const TIP_TAG_SUGGESTIONS = [
  'family-friendly', 'budget', 'luxury', 'romantic', 'adventure', 'solo-travel', 'group-travel',
  'backpacking', 'food', 'culture', 'nature', 'city-break', 'beach', 'mountains', 'historical',
  'nightlife', 'shopping', 'photography', 'wellness', 'local-experience',
] as const;

/** SPEC section 9: tag suggestions of the guide form. */
export const GUIDE_TAG_SUGGESTIONS = [
  'budget travel', 'luxury', 'family-friendly', 'backpacking', 'solo travel', 'group travel',
  'cultural', 'adventure', 'romantic', 'foodie', 'city break', 'beach holiday',
  'mountain adventure', 'road trip', 'wildlife', 'historical', 'wellness', 'photography',
  'local experiences', 'hidden gems',
] as const;
